import { useState, type ReactNode } from "react";
import { useSignIn } from "../../hooks/SignInContext";
import { useSubmitLaunchApplication } from "../useSubmitLaunchApplication";
import { toDomainError } from "../../../domain/errors/toDomainError";
import {
  EMPTY_LAUNCH_APPLICATION,
  type LaunchApplicationField,
  type LaunchApplicationInput,
} from "../../../domain/launch/launchApplication";
import { LaunchpadRequestError } from "../../../domain/launch/launchpadRequestError";
import { useConnectThen } from "../useConnectThen";
import { useSignInGate } from "../useSignInGate";
import { ApplyTile } from "./ApplyTile";
import { LaunchApplicationDialog, type ApplicationState } from "./LaunchApplicationDialog";

const SIGN_IN_NEEDED = "Sign in with your wallet to apply.";

/**
 * The Apply for a Launch tile and its form. Applications need a signed-in wallet, so the tile asks
 * to connect and sign in first; the typed values survive the detour (the form steps aside while
 * RainbowKit's dialogs are up, as a native modal would make them inert).
 */
export function ApplyForLaunch(): ReactNode {
  const connectThen = useConnectThen();
  const gate = useSignInGate();
  const { signOut } = useSignIn();
  const submission = useSubmitLaunchApplication();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<LaunchApplicationInput>(EMPTY_LAUNCH_APPLICATION);
  const [notice, setNotice] = useState<string | undefined>();
  const [signInDeclined, setSignInDeclined] = useState(false);

  const openForm = (): void => {
    setNotice(undefined);
    connectThen(() =>
      gate.run(
        () => setOpen(true),
        () => setNotice(SIGN_IN_NEEDED),
      ),
    );
  };

  const send = (input: LaunchApplicationInput): void => {
    setSignInDeclined(false);
    gate.run(
      () =>
        submission.mutate(input, {
          onError: (error) => {
            // No session on the server: drop ours too, so the next Send asks to sign in again.
            if (error instanceof LaunchpadRequestError && error.reason === "sign-in-required") {
              signOut().catch(() => undefined);
            }
          },
        }),
      () => setSignInDeclined(true),
    );
  };

  const close = (): void => {
    if (submission.isSuccess) setValues(EMPTY_LAUNCH_APPLICATION);
    submission.reset();
    setSignInDeclined(false);
    setOpen(false);
  };

  const change = (field: LaunchApplicationField, value: string): void =>
    setValues((previous) => ({ ...previous, [field]: value }));

  const state: ApplicationState = signInDeclined
    ? { status: "failed", message: SIGN_IN_NEEDED }
    : submission.isPending
      ? { status: "sending" }
      : submission.isError
        ? { status: "failed", message: toDomainError(submission.error).shortMessage }
        : submission.isSuccess
          ? { status: "sent", id: submission.data.id }
          : { status: "editing" };

  return (
    <>
      <ApplyTile onApply={openForm} notice={notice} />
      {open && !gate.waiting && (
        <LaunchApplicationDialog
          values={values}
          state={state}
          onChange={change}
          onSubmit={send}
          onClose={close}
        />
      )}
    </>
  );
}
