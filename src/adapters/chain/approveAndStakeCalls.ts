import { encodeFunctionData } from "viem";
import type { ContractAddresses } from "./ChainContracts";
import type { AccountCall } from "./measureCalls";
import { erc20Abi, specStakingAbi } from "./specStakingAbi";

/** The approval of `amount` POO to the staking contract, then the stake of it: a batch's calls, in order. */
export function approveAndStakeCalls(
  { pooToken, staking }: ContractAddresses,
  amount: bigint,
): [approve: AccountCall, stake: AccountCall] {
  return [
    {
      to: pooToken,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [staking, amount] }),
    },
    {
      to: staking,
      data: encodeFunctionData({ abi: specStakingAbi, functionName: "stake", args: [amount] }),
    },
  ];
}
