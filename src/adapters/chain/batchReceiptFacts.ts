import { isAddressEqual, parseAbiItem, parseEventLogs, type Log } from "viem";
import type { CheckedBatchReceipt } from "../../application/use-cases/judgeBatchOutcome";
import type { Address } from "../../domain/address";

const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const approvalEvent = parseAbiItem(
  "event Approval(address indexed owner, address indexed spender, uint256 value)",
);

/** What a receipt says of the stake, read from its logs (the app's own RPC's receipt, never the wallet's). */
export type ReceiptFacts = Pick<CheckedBatchReceipt, "reverted" | "staked" | "approved">;

/**
 * The stake is in a receipt when its logs hold a POO transfer from the account to the pool; the
 * approval, when they hold the POO token's Approval of the pool by the account (the first one: the
 * approve call's, as a token that logs the allowance a transfer spends logs another after it). A
 * reverted receipt holds no logs: neither happened.
 */
export function batchReceiptFacts(
  receipt: { readonly status: "success" | "reverted"; readonly logs: readonly Log[] },
  contracts: { readonly pooToken: Address; readonly staking: Address },
  account: Address,
): ReceiptFacts {
  const { pooToken, staking } = contracts;
  const logs = parseEventLogs({
    abi: [transferEvent, approvalEvent],
    logs: receipt.logs as Log[],
  }).filter((log) => isAddressEqual(log.address, pooToken));
  const staked = logs.some(
    (log) =>
      log.eventName === "Transfer" &&
      isAddressEqual(log.args.from, account) &&
      isAddressEqual(log.args.to, staking),
  );
  const approvals = logs.filter(
    (log) =>
      log.eventName === "Approval" &&
      isAddressEqual(log.args.owner, account) &&
      isAddressEqual(log.args.spender, staking),
  );
  const [approval] = approvals;
  return {
    reverted: receipt.status === "reverted",
    staked,
    approved: approval?.eventName === "Approval" ? approval.args.value : undefined,
  };
}
