import { getAddress, multicall3Abi, type Abi, type Address } from "viem";
import {
  crapTokenAbi,
  pooTokenAbi,
  referenceStakingAbi,
  stakingAbi,
} from "../../../src/adapters/chain/abis.generated";
import type { Deployment } from "../../../src/app/config/deploymentSchema";
import { MULTICALL3_ADDRESS } from "../../../src/app/wallet/buildChains";

/** How an amount is shown: base units with `decimals`, followed by `symbol`. */
export interface AmountUnit {
  readonly symbol: string;
  readonly decimals: number;
}

/**
 * One of the project's contracts on this chain: its name, its ABI, and which parameters of its
 * functions, events and errors are token amounts (item name -> parameter name -> unit).
 */
export interface KnownContract {
  readonly name: string;
  readonly address: Address;
  readonly abi: Abi;
  readonly amounts: Readonly<Record<string, Readonly<Record<string, AmountUnit>>>>;
}

export const ETH: AmountUnit = { symbol: "ETH", decimals: 18 };
const POO: AmountUnit = { symbol: "POO", decimals: 18 };
const CRAP: AmountUnit = { symbol: "CRAP", decimals: 18 };

/** The amounts of an ERC-20 token's own functions, events and errors (OpenZeppelin's names). */
function tokenAmounts(unit: AmountUnit): KnownContract["amounts"] {
  return {
    transfer: { value: unit },
    transferFrom: { value: unit },
    approve: { value: unit },
    mint: { amount: unit },
    Transfer: { value: unit },
    Approval: { value: unit },
    ERC20InsufficientBalance: { balance: unit, needed: unit },
    ERC20InsufficientAllowance: { allowance: unit, needed: unit },
    withdrawEther: { amount: ETH },
    EtherWithdrawn: { amount: ETH },
  };
}

const stakingAmounts: KnownContract["amounts"] = {
  stake: { amount: POO },
  Staked: { amount: POO, totalStake: POO },
  Withdrawn: { amount: POO, reward: CRAP },
  fundRewards: { amount: CRAP },
  RewardsFunded: { amount: CRAP },
  BelowMinStake: { amount: POO, minStake: POO },
};

/**
 * The contracts the explorer names and decodes: POO, CRAP and the staking pool from the deployment
 * (ours or ReferenceStaking, as `stakingContract` says), and the Multicall3 the local stack installs.
 */
export function knownContracts(deployment: Deployment): KnownContract[] {
  const reference = deployment.stakingContract === "ReferenceStaking";
  return [
    { name: "POO", address: getAddress(deployment.pooToken), abi: pooTokenAbi, amounts: tokenAmounts(POO) },
    {
      name: "CRAP",
      address: getAddress(deployment.crapToken),
      abi: crapTokenAbi,
      amounts: tokenAmounts(CRAP),
    },
    {
      name: reference ? "ReferenceStaking" : "Staking",
      address: getAddress(deployment.staking),
      abi: reference ? referenceStakingAbi : stakingAbi,
      amounts: stakingAmounts,
    },
    { name: "Multicall3", address: getAddress(MULTICALL3_ADDRESS), abi: multicall3Abi, amounts: {} },
  ];
}

/** The known contract at `address`, if any (case-insensitive). */
export function findContract(
  contracts: readonly KnownContract[],
  address: string | null | undefined,
): KnownContract | undefined {
  if (!address) return undefined;
  const wanted = address.toLowerCase();
  return contracts.find((contract) => contract.address.toLowerCase() === wanted);
}
