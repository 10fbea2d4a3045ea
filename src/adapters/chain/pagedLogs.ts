/**
 * Reads logs over [fromBlock, toBlock] in ranges of at most `maxRange` blocks, since providers cap
 * eth_getLogs ranges (and result sizes). When a range is refused as too large, it is halved and
 * tried again, down to one block; the smaller range is kept for the rest of the scan and returned, so
 * the next scan can start with it. Any other error is passed on.
 */
export async function pagedLogs<T>(
  fromBlock: bigint,
  toBlock: bigint,
  maxRange: bigint,
  getLogs: (fromBlock: bigint, toBlock: bigint) => Promise<readonly T[]>,
): Promise<{ logs: T[]; range: bigint }> {
  const logs: T[] = [];
  let range = maxRange < 1n ? 1n : maxRange;
  let start = fromBlock;
  while (start <= toBlock) {
    const end = start + range - 1n < toBlock ? start + range - 1n : toBlock;
    try {
      logs.push(...(await getLogs(start, end)));
      start = end + 1n;
    } catch (error) {
      if (!isRangeTooLarge(error) || range === 1n) throw error;
      range = range / 2n;
    }
  }
  return { logs, range };
}

// What providers answer to a range or result set they will not serve, e.g. "block range is too large",
// "query returned more than 10000 results", "exceed maximum block range: 5000", "Log response size
// exceeded", "range too large", "block range extends beyond ... limit".
const RANGE_TOO_LARGE =
  /range.*(too (large|big|wide)|exceed|limit|maximum|max)|limited to .*range|(too large|too many|exceed\w*|max\w*).*range|more than \d+ (results|logs)|response size|too many (results|logs)/i;

/** Whether an RPC error (or any error in its cause chain) says the block range or result set is too large. */
export function isRangeTooLarge(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== "object") return false;
    const { message, details, code, cause } = current as {
      message?: unknown;
      details?: unknown;
      code?: unknown;
      cause?: unknown;
    };
    if (code === -32005) return true; // "limit exceeded" (Infura and others)
    for (const text of [message, details])
      if (typeof text === "string" && RANGE_TOO_LARGE.test(text)) return true;
    current = cause;
  }
  return false;
}
