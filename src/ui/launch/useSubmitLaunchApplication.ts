import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import type { LaunchApplicationInput } from "../../domain/launch/launchApplication";
import { TOKENS } from "../../application/serviceTokens";
import { useInjection } from "../services/useInjection";

/** Sends a launch application for the signed-in wallet; resolves with the application's reference. */
export function useSubmitLaunchApplication(): UseMutationResult<
  { readonly id: string },
  Error,
  LaunchApplicationInput
> {
  const submit = useInjection(TOKENS.submitLaunchApplication);
  return useMutation({ mutationFn: (input: LaunchApplicationInput) => submit.execute(input) });
}
