import type { Address } from "viem";

/** Multicall3's address on every chain that has it (the local stack installs it there too). */
export const MULTICALL3_ADDRESS: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";
