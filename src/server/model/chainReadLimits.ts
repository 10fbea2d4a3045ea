/**
 * The gateway's limits (POST /api/rpc/<chainId>), one place for the server, its tests and the docs
 * (docs/api.md). The app's own requests stay well inside them: its largest batch is the fee quote's 5
 * calls (the activity's block times are sent in batches of at most `maxBatchCalls`), its widest
 * eth_getLogs 5,000 blocks (src/adapters/chain/ViemStakeActivitySource.ts).
 */
export const CHAIN_READ_LIMITS = {
  /** Calls per JSON-RPC batch. */
  maxBatchCalls: 50,
  /** Blocks per eth_getLogs (fromBlock to toBlock, both counted). */
  maxLogRange: 10_000,
  /** A provider's answer to one request, read at most this far. */
  maxAnswerBytes: 2 * 1024 * 1024,
  /** A request's body. */
  maxBodyBytes: 64 * 1024,
  /**
   * `latest` is the head asked at most this long ago once the chain's next block is due (before that
   * the head is current whatever its age: ChainHead), whatever the number of tabs.
   */
  headMaxAgeMs: 1_000,
  /** A client's own eth_blockNumber (viem polls it for receipts) gets a head at most this old. */
  blockNumberMaxAgeMs: 250,
  /**
   * One provider's time to answer a request before the next is asked (a silent one is then asked
   * last for 30 s, so the requests after it go straight to the next).
   */
  providerTimeoutMs: 1_500,
  /**
   * Every request is answered within this, with a result or a JSON-RPC error, whatever the providers
   * do: below nginx's 3-s proxy_read_timeout (a 504 there takes the instance out of rotation for every
   * user, deploy/nginx/poo-finance.conf) and far below the app's 10-s API timeout.
   */
  answerWithinMs: 2_500,
  /** Answers kept per chain for the current head. */
  cacheEntries: 20_000,
  cacheBytes: 32 * 1024 * 1024,
} as const;

export type ChainReadLimits = { -readonly [Name in keyof typeof CHAIN_READ_LIMITS]: number };
