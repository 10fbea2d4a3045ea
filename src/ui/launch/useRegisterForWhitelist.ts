import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import type { WhitelistRegistrationSaved } from "../../application/ports/launchpadGateway";
import type { RegisterForWhitelistInput } from "../../application/use-cases/registerForWhitelist";
import { TOKENS } from "../../application/serviceTokens";
import { useInjection } from "../services/useInjection";
import { launchKeys } from "../query/queryKeys";

/** Registers or changes the signed-in wallet's whitelist amount; the registration query gets the answer. */
export function useRegisterForWhitelist(): UseMutationResult<
  WhitelistRegistrationSaved,
  Error,
  RegisterForWhitelistInput
> {
  const register = useInjection(TOKENS.registerForWhitelist);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterForWhitelistInput) => register.execute(input),
    onSuccess: ({ registration }) => {
      queryClient.setQueryData(
        launchKeys.registration(registration.launchId, registration.chainId, registration.address),
        registration,
      );
    },
  });
}
