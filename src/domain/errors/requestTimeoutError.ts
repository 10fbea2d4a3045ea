import type { DomainErrorOptions } from "./domainError";
import { DomainError } from "./domainError";

export interface RequestTimeoutErrorOptions extends DomainErrorOptions {
  readonly timeoutMs?: number;
}

/** A request or a wait for a transaction receipt did not finish in time. */
export class RequestTimeoutError extends DomainError {
  readonly kind = "request-timeout";
  override readonly name = "RequestTimeoutError";
  readonly timeoutMs: number | undefined;

  constructor(options: RequestTimeoutErrorOptions = {}) {
    const details =
      options.details ??
      (options.timeoutMs === undefined ? undefined : `timeout of ${options.timeoutMs}ms exceeded`);
    super("The request took too long. Check your wallet's activity, then try again.", {
      ...options,
      details,
    });
    this.timeoutMs = options.timeoutMs;
  }
}
