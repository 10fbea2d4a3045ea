import { parseAbi } from "viem";

/**
 * The staking contract's interface as the product spec gives it (section 3): all the app may rely
 * on, whichever contract is deployed. Reads and writes go through this ABI, never through our own
 * contract's, so the app cannot start depending on something the real POO contracts lack.
 */
export const specStakingAbi = parseAbi([
  "function stake(uint256 amount)",
  "function withdraw()",
  "function rewards(address user) view returns (uint256)",
  "function stakedAmount(address user) view returns (uint256)",
  "function stakedTime(address user) view returns (uint256)",
  "function stakeDuration(address user) view returns (uint256)",
  "function stakers(uint256 index) view returns (address)",
  "function MIN_STAKE() view returns (uint256)",
  "function MIN_STAKE_DURATION() view returns (uint256)",
  "function paused() view returns (bool)",
]);

/**
 * Reads our own Staking contract offers beyond the spec. Each is optional: the snapshot asks for it
 * and uses the answer only when the contract gives one.
 */
export const optionalStakingReadsAbi = parseAbi([
  "function rewardRate() view returns (uint256)",
  "function totalStaked() view returns (uint256)",
  "function rewardsAvailable() view returns (uint256)",
]);

/** The ERC-20 reads and write the app uses on POO and CRAP. */
export const erc20Abi = parseAbi([
  "function balanceOf(address account) view returns (uint256)",
  "function allowance(address owner, address spender) view returns (uint256)",
  "function approve(address spender, uint256 amount) returns (bool)",
]);

/** Multicall3's block reads, so a snapshot says which block it was read at. */
export const multicall3BlockAbi = parseAbi([
  "function getBlockNumber() view returns (uint256)",
  "function getCurrentBlockTimestamp() view returns (uint256)",
]);
