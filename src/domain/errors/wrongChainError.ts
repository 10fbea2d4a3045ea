import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

export interface WrongChainErrorOptions extends DomainErrorOptions {
  readonly expectedChainId?: number;
  readonly actualChainId?: number;
}

/** The wallet is on a chain the app is not configured for. Wording from the spec's catalogue. */
export class WrongChainError extends DomainError {
  readonly kind = "wrong-chain";
  override readonly name = "WrongChainError";
  readonly expectedChainId: number | undefined;
  readonly actualChainId: number | undefined;

  constructor(options: WrongChainErrorOptions = {}) {
    const { expectedChainId, actualChainId } = options;
    const details =
      options.details ??
      (actualChainId === undefined && expectedChainId === undefined
        ? undefined
        : `wallet chain ${actualChainId ?? "unknown"}, expected ${expectedChainId ?? "a configured chain"}`);
    super("Wrong network detected, switch or disconnect to continue.", { ...options, details });
    this.expectedChainId = expectedChainId;
    this.actualChainId = actualChainId;
  }
}
