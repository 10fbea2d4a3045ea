import { DomainError } from "./domainError";
import { UnknownError } from "./unknownError";

/** Passes domain errors through and wraps anything else, so the UI always has a shortMessage. */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const details = error instanceof Error ? error.message : typeof error === "string" ? error : undefined;
  return new UnknownError({ cause: error, details });
}
