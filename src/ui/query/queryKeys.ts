/** Query keys, one small factory per feature; mutations invalidate exactly the keys they change. */
export const stakeKeys = {
  all: ["stake"] as const,
  snapshot: (chainId: number, account: string) =>
    ["stake", "snapshot", chainId, account.toLowerCase()] as const,
};

/**
 * The account's activity: read again when the account snapshot shows new activity (useStakeActivity),
 * so the stake and unstake flows need not invalidate it (their snapshot refetch does it).
 */
export const activityKeys = {
  list: (chainId: number, account: string) => ["activity", chainId, account.toLowerCase()] as const,
};

export const priceKeys = {
  poo: () => ["price", "poo"] as const,
  history: (period: string) => ["price", "history", period] as const,
};

export const transactionKeys = {
  list: (chainId: number, account: string) => ["transactions", chainId, account.toLowerCase()] as const,
};

export const launchKeys = {
  eligibility: (chainId: number, account: string) =>
    ["launch", "eligibility", chainId, account.toLowerCase()] as const,
  /** The signed-in wallet's registration (the server keys it by the session's chain and address). */
  registration: (launchId: string, chainId: number, account: string) =>
    ["launch", "registration", launchId, chainId, account.toLowerCase()] as const,
};

export const authKeys = {
  /** The Sign-In with Ethereum session of this browser (the server's cookie). */
  session: () => ["auth", "session"] as const,
};

/**
 * Network fees before a button is pressed: keyed by the block the page last read, so a fee is read
 * again at most once per new block (the account snapshot paces the page's reads), never on a timer.
 */
export const feeKeys = {
  stake: (chainId: number, account: string, quantity: bigint, sending: string, block: bigint) =>
    ["fee", "stake", chainId, account.toLowerCase(), quantity.toString(), sending, block.toString()] as const,
  unstake: (chainId: number, account: string, stakedTime: bigint) =>
    ["fee", "unstake", chainId, account.toLowerCase(), stakedTime.toString()] as const,
  /** The wallet's atomic batching on a chain (a wallet request, no RPC). */
  batching: (chainId: number, account: string) =>
    ["fee", "batching", chainId, account.toLowerCase()] as const,
};

export const walletKeys = {
  nativeBalance: (chainId: number, account: string) =>
    ["wallet", "native-balance", chainId, account.toLowerCase()] as const,
};
