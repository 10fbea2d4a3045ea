import type { NonceState } from "../ports/NonceStore";

/** How long used and expired nonces are kept, so a replay is reported as such rather than "unknown". */
export const NONCE_GRACE_MS = 10 * 60_000;

/**
 * The state of a stored nonce row (or of no row) at `nowMs` for a browser presenting `binding`.
 * Another browser learns nothing more about the nonce than that it is not its own.
 */
export function nonceStateOf(
  row: { expiresAtMs: number; usedAtMs: number | undefined; binding: string | undefined } | undefined,
  nowMs: number,
  binding: string,
): NonceState {
  if (!row) return "unknown";
  if (row.binding !== binding) return "foreign";
  if (row.usedAtMs !== undefined) return "used";
  return nowMs < row.expiresAtMs ? "valid" : "expired";
}
