import type { NetworkFeeView } from "../../application/use-cases/quoteNetworkFee";
import { formatFee, formatTokenAmount } from "../../domain/displayFormat";
import { toDomainError } from "../../domain/errors/toDomainError";
import type { StakeSending } from "../../domain/stakeSending";

/** What the dialog says about the network fee; `short`: the account cannot pay it (Enter stays disabled). */
export interface FeeNotice {
  readonly text: string;
  readonly short: boolean;
}

const WHAT: Record<StakeSending, string> = {
  stake: "for the stake",
  "approve-then-stake": "for the approval and the stake (two transactions)",
  batch: "for the approval and the stake in one transaction",
  "batch-with-upgrade": "for the account upgrade, the approval and the stake in one transaction",
};

/** Said before Enter when the wallet will offer the EIP-7702 upgrade to batch the approval and the stake. */
export const UPGRADE_OFFER_NOTICE =
  "Your wallet will offer to upgrade this account (EIP-7702) so that the approval and the stake need one confirmation. If you decline, they go as two transactions.";

/** The fee line of a dialog or button: estimating, unavailable (and why), or about how much, for what. */
export function feeNotice(
  view: NetworkFeeView | undefined,
  loading: boolean,
  error: Error | null,
  action: string = view?.sending ? WHAT[view.sending] : "",
): FeeNotice | undefined {
  if (view) {
    const { fee, currency, balance } = view;
    const about = `Network fee: about ${formatFee(fee.expected)} ${currency}${action ? ` ${action}` : ""}.`;
    if (view.coverable) return { text: about, short: false };
    return {
      text:
        `${about} Not enough ${currency} to pay it: this account holds ${formatTokenAmount(balance, 18, 6)} ` +
        `${currency} and the wallet will ask for up to ${formatFee(fee.maximum)} ${currency}.`,
      short: true,
    };
  }
  if (error) return { text: `Network fee unavailable: ${toDomainError(error).shortMessage}`, short: false };
  if (loading) return { text: "Network fee: estimating…", short: false };
  return undefined;
}
