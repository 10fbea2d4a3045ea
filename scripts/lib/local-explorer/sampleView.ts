import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, parseEther, type Hash } from "viem";
import { pooTokenAbi, stakingAbi } from "../../../src/adapters/chain/abis.generated";
import { decodeCall, decodeLog } from "./decode";
import type { TransactionView } from "./readTransaction";
import { ALICE, asTopics, testContracts, testDeployment } from "./testDeployment";

export const SAMPLE_HASH: Hash = `0x${"ab".repeat(32)}`;
const staking = testDeployment.staking as `0x${string}`;
const pooToken = testDeployment.pooToken as `0x${string}`;
const input = encodeFunctionData({ abi: stakingAbi, functionName: "stake", args: [parseEther("150")] });

/** A mined stake(150) of Alice's with its Transfer and Staked logs, as readTransaction makes it. */
export const sampleStakeView: TransactionView = {
  hash: SAMPLE_HASH,
  status: "success",
  block: { number: 42n, timestamp: 1_764_000_000n },
  from: { address: ALICE, name: undefined },
  to: { address: staking, name: "Staking" },
  createdContract: undefined,
  nonce: 7,
  value: 0n,
  gasLimit: 120_000n,
  gasUsed: 98_765n,
  gasPrice: 1_875_000_000n,
  fee: 98_765n * 1_875_000_000n,
  call: decodeCall(staking, input, testContracts),
  input,
  revertReason: undefined,
  logs: [
    decodeLog(
      {
        logIndex: 0,
        address: pooToken,
        topics: asTopics(
          encodeEventTopics({
            abi: pooTokenAbi,
            eventName: "Transfer",
            args: { from: ALICE, to: staking },
          }),
        ),
        data: encodeAbiParameters([{ type: "uint256" }], [parseEther("150")]),
      },
      0,
      testContracts,
    ),
    decodeLog(
      {
        logIndex: 1,
        address: staking,
        topics: asTopics(encodeEventTopics({ abi: stakingAbi, eventName: "Staked", args: { user: ALICE } })),
        data: encodeAbiParameters(
          [{ type: "uint256" }, { type: "uint256" }],
          [parseEther("150"), parseEther("150")],
        ),
      },
      1,
      testContracts,
    ),
  ],
};
