import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { WhitelistRegistration } from "../../domain/launch/whitelistRegistration";
import { LaunchpadRequestError } from "../../domain/launch/launchpadRequestError";
import { useSignIn } from "../hooks/SignInContext";
import { TOKENS } from "../../application/serviceTokens";
import { useInjection } from "../services/useInjection";
import { launchKeys } from "../query/queryKeys";

/**
 * The signed-in wallet's registration for `launchId` (null: none). Idle until signed in: the server
 * only answers for a session. A refusal (e.g. an expired session) is not retried.
 */
export function useWhitelistRegistration(launchId: string): UseQueryResult<WhitelistRegistration | null> {
  const { status, session } = useSignIn();
  const get = useInjection(TOKENS.getWhitelistRegistration);
  return useQuery({
    queryKey: launchKeys.registration(launchId, session?.chainId ?? 0, session?.address ?? ""),
    queryFn: () => get.execute(launchId),
    enabled: status === "authenticated" && session !== null,
    retry: (failures, error) => !(error instanceof LaunchpadRequestError) && failures < 2,
  });
}
