import type { Address } from "../address";
import { shortenAddress } from "../displayFormat";
import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

export interface WalletChangedErrorOptions extends DomainErrorOptions {
  /** The account and chain the flow was checked for. */
  readonly expected: { readonly account: Address; readonly chainId: number };
  /** What the wallet is on now (undefined: disconnected). */
  readonly actual: { readonly account: Address | undefined; readonly chainId: number | undefined };
}

function message({ expected, actual }: WalletChangedErrorOptions): string {
  if (actual.account === undefined)
    return "Your wallet disconnected during this action. Nothing more was sent.";
  if (actual.account.toLowerCase() !== expected.account.toLowerCase()) {
    return (
      `Your wallet switched to another account (${shortenAddress(actual.account)}) during this action. ` +
      `Nothing was sent from it: switch back to ${shortenAddress(expected.account)} and try again.`
    );
  }
  return (
    "Your wallet switched to another network during this action. " +
    "Nothing more was sent: switch back to the network you started on and try again."
  );
}

/**
 * The wallet changed account or network between the app's checks and a write: the write was not
 * sent, so nothing is ever signed for an account or chain the user did not check.
 */
export class WalletChangedError extends DomainError {
  readonly kind = "wallet-changed";
  override readonly name = "WalletChangedError";
  readonly expected: WalletChangedErrorOptions["expected"];
  readonly actual: WalletChangedErrorOptions["actual"];

  constructor(options: WalletChangedErrorOptions) {
    super(message(options), options);
    this.expected = options.expected;
    this.actual = options.actual;
  }
}
