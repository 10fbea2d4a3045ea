import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { WhitelistEligibility } from "../../application/use-cases/checkWhitelistEligibility";
import { TOKENS } from "../../application/serviceTokens";
import { useLazyInjection } from "../services/useInjection";
import { launchKeys } from "../query/queryKeys";
import { useWalletAccount } from "../hooks/WalletContext";

/** Eligibility changes only when the POO balance or price does: a fresh read per dialog opening is enough. */
const ELIGIBILITY_STALE_MS = 30_000;

/** Whether the connected account may join a whitelist (at least 100 USD of POO); idle while disconnected. */
export function useWhitelistEligibility(): UseQueryResult<WhitelistEligibility> {
  const { address: account, chainId } = useWalletAccount();
  const check = useLazyInjection(TOKENS.checkWhitelistEligibility);
  return useQuery({
    queryKey: launchKeys.eligibility(chainId ?? 0, account ?? ""),
    queryFn: () => {
      if (!account) throw new Error("useWhitelistEligibility: no account");
      return check().execute(account);
    },
    enabled: account !== undefined && chainId !== undefined,
    staleTime: ELIGIBILITY_STALE_MS,
  });
}
