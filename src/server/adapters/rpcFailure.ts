import { BaseError } from "viem";

/**
 * viem's error messages carry the request's URL (often with the provider's key in its path) and its
 * body: an error that ends up in the log keeps viem's short message and the cause's details only.
 */
export function rpcFailure(error: unknown): Error {
  if (!(error instanceof BaseError)) return error instanceof Error ? error : new Error(String(error));
  const details = error.details && error.details !== error.shortMessage ? ` ${error.details}` : "";
  return new Error(`${error.shortMessage}${details}`);
}
