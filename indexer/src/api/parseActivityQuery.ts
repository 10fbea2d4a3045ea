import { ADDRESS_PATTERN } from "../../../src/domain/address.ts";

/** The most entries one answer holds; more is refused, not cut short silently. */
export const MAX_ACTIVITY_LIMIT = 1000;

export interface ActivityQuery {
  chainId: number;
  /** Lower-case, as the rows store it. */
  account: `0x${string}`;
  limit: number;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** `chainId` alone, for the head route: a chain this indexer serves. */
export function parseChainId(raw: string | undefined, servedChainId: number): Parsed<number> {
  if (raw === undefined || raw === "")
    return { ok: false, error: "chainId is required, e.g. ?chainId=" + servedChainId + "." };
  if (!/^\d{1,15}$/.test(raw))
    return { ok: false, error: `chainId must be a positive whole number, got "${raw.slice(0, 40)}".` };
  const chainId = Number(raw);
  if (chainId !== servedChainId)
    return { ok: false, error: `This indexer serves chain ${servedChainId}, not chain ${chainId}.` };
  return { ok: true, value: chainId };
}

/**
 * `/activity?chainId=&account=&limit=`: a chain this indexer serves, a 0x address of 20 bytes and a
 * limit of 1..1000 (default 1000). Each refusal says what was wrong, in words a caller can act on.
 */
export function parseActivityQuery(
  query: Readonly<Record<string, string | undefined>>,
  servedChainId: number,
): Parsed<ActivityQuery> {
  const chain = parseChainId(query.chainId, servedChainId);
  if (!chain.ok) return chain;
  const account = query.account;
  if (account === undefined || account === "")
    return { ok: false, error: "account is required: a 0x address." };
  if (!ADDRESS_PATTERN.test(account))
    return {
      ok: false,
      error: `account must be an address (0x followed by 40 hex digits), got "${account.slice(0, 50)}".`,
    };
  let limit = MAX_ACTIVITY_LIMIT;
  if (query.limit !== undefined) {
    if (!/^\d{1,7}$/.test(query.limit) || Number(query.limit) < 1 || Number(query.limit) > MAX_ACTIVITY_LIMIT)
      return {
        ok: false,
        error: `limit must be a whole number from 1 to ${MAX_ACTIVITY_LIMIT}, got "${query.limit.slice(0, 20)}".`,
      };
    limit = Number(query.limit);
  }
  return {
    ok: true,
    value: { chainId: chain.value, account: account.toLowerCase() as `0x${string}`, limit },
  };
}
