import type { NonceState } from "../ports/NonceStore";

/** How long used and expired nonces are kept, so a replay is reported as such rather than "unknown". */
export const NONCE_GRACE_MS = 10 * 60_000;

/** The state of a stored nonce row (or of no row) at `nowMs`. */
export function nonceStateOf(
  row: { expiresAtMs: number; usedAtMs: number | undefined } | undefined,
  nowMs: number,
): NonceState {
  if (!row) return "unknown";
  if (row.usedAtMs !== undefined) return "used";
  return nowMs < row.expiresAtMs ? "valid" : "expired";
}
