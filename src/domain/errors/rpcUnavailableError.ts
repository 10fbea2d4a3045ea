import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

/** The chain's RPC endpoint (or the price API) cannot be reached or answers with server errors. */
export class RpcUnavailableError extends DomainError {
  readonly kind = "rpc-unavailable";
  override readonly name = "RpcUnavailableError";

  constructor(options: DomainErrorOptions = {}) {
    super("The network is not responding. Try again in a moment.", options);
  }
}
