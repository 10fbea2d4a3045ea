import { useMemo, useState, type ReactNode } from "react";
import { useSignIn } from "../../hooks/SignInContext";
import { useAccountSnapshot } from "../../hooks/useAccountSnapshot";
import { useEthBalance } from "../useEthBalance";
import { useRegisterForWhitelist } from "../useRegisterForWhitelist";
import { useWhitelistEligibility } from "../useWhitelistEligibility";
import { useWhitelistRegistration } from "../useWhitelistRegistration";
import { toDomainError } from "../../../domain/errors/toDomainError";
import type { Launch } from "../../../domain/launch/launchCatalogue";
import { LaunchpadRequestError } from "../../../domain/launch/launchpadRequestError";
import { contributionLimits, weiToAmountText } from "../../../domain/launch/whitelistAmount";
import { ProcessingModal } from "../ProcessingModal/ProcessingModal";
import { useSignInGate } from "../useSignInGate";
import { WhitelistDialog } from "./WhitelistDialog";
import type { BalanceView, EligibilityView, RegistrationView, WhitelistStep } from "./whitelistViews";

/** The bar's level while the registration is on its way (an HTTP request has no finer progress). */
const SENDING_PROGRESS = 50;

interface Sending {
  readonly amountText: string;
  /** Set when the registration failed: the processing modal turns to its error style. */
  readonly failure?: string;
}

/**
 * The whitelist flow for one launch and the connected wallet: eligibility from the use case, the
 * wallet's registration once signed in, and registration through the API (signing in first when
 * needed: the dialog steps aside while RainbowKit's "Verify your account" is up, then continues).
 */
export function WhitelistModal({ launch, onClose }: { launch: Launch; onClose: () => void }): ReactNode {
  const eligibilityQuery = useWhitelistEligibility();
  const snapshotQuery = useAccountSnapshot();
  const ethBalance = useEthBalance();
  const registrationQuery = useWhitelistRegistration(launch.id);
  const register = useRegisterForWhitelist();
  const signIn = useSignIn();
  const gate = useSignInGate();
  const limits = useMemo(() => contributionLimits(launch.details.contribution), [launch]);

  const [step, setStep] = useState<WhitelistStep>("message");
  const [amountText, setAmountText] = useState("");
  const [notice, setNotice] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState<Sending | null>(null);

  const eligibility: EligibilityView =
    eligibilityQuery.data ??
    (eligibilityQuery.isError
      ? { status: "failed", message: toDomainError(eligibilityQuery.error).shortMessage }
      : { status: "loading" });

  const registration = registrationView(signIn.status === "authenticated", registrationQuery);

  const pooBalance: BalanceView =
    snapshotQuery.data !== undefined
      ? snapshotQuery.data.pooBalance
      : snapshotQuery.isError
        ? "unavailable"
        : "loading";

  const send = (amountWei: bigint, text: string): void => {
    setSending({ amountText: text });
    register.mutate(
      { launch, amountWei },
      {
        onSuccess: ({ created }) => {
          setSending(null);
          setAmountText("");
          setError(undefined);
          setNotice(created ? "Registration received." : "Your amount was changed.");
          setStep("message");
        },
        onError: (failure) => {
          const message = toDomainError(failure).shortMessage;
          setSending({ amountText: text, failure: message });
          setError(message);
          // The server has no session for us: drop ours too, so the next Confirm asks to sign in.
          if (failure instanceof LaunchpadRequestError && failure.reason === "sign-in-required") {
            signIn.signOut().catch(() => undefined);
          }
        },
      },
    );
  };

  const confirm = (amountWei: bigint): void => {
    const text = amountText.trim();
    setError(undefined);
    setNotice(undefined);
    gate.run(
      () => send(amountWei, text),
      () => setError("Sign in with your wallet to register."),
    );
  };

  const dismiss = (): void => {
    if (amountText === "" && registration.status === "registered") {
      setAmountText(weiToAmountText(registration.amountWei));
    }
    setNotice(undefined);
    setStep("amount");
  };

  const cancel = (): void => {
    setAmountText("");
    setError(undefined);
    setStep("message");
  };

  // RainbowKit's sign-in dialog is up: a native modal of ours would make it inert.
  if (gate.waiting) return null;

  return (
    <>
      <WhitelistDialog
        assetName={launch.name}
        pooBalance={pooBalance}
        ethBalance={ethBalance.value}
        limits={limits}
        step={step}
        eligibility={eligibility}
        registration={registration}
        amountText={amountText}
        notice={notice}
        error={error}
        onAmountTextChange={setAmountText}
        onDismiss={dismiss}
        onCancel={cancel}
        onConfirm={confirm}
        onClose={onClose}
        onRetryEligibility={() => void eligibilityQuery.refetch()}
        onSignIn={() => gate.run(() => undefined)}
      />
      {sending && (
        <ProcessingModal
          title="Registering for the whitelist"
          progress={sending.failure === undefined ? SENDING_PROGRESS : 100}
          status={sending.failure === undefined ? "processing" : "error"}
          label={sending.failure === undefined ? undefined : "Registration failed"}
          value={`${sending.amountText} ETH`}
          message={sending.failure ?? `Registering ${sending.amountText} ETH for ${launch.name}\u2026`}
          onDismiss={() => setSending(null)}
        />
      )}
    </>
  );
}

function registrationView(
  signedIn: boolean,
  query: ReturnType<typeof useWhitelistRegistration>,
): RegistrationView {
  if (!signedIn) return { status: "signed-out" };
  if (query.isError) return { status: "failed", message: toDomainError(query.error).shortMessage };
  if (query.data === undefined) return { status: "loading" };
  if (query.data === null) return { status: "none" };
  const { amountWei, standing, lastCheck } = query.data;
  return { status: "registered", amountWei, standing, lastCheck };
}
