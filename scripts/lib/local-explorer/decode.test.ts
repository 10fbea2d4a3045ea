import {
  encodeAbiParameters,
  encodeErrorResult,
  encodeEventTopics,
  encodeFunctionData,
  multicall3Abi,
  parseAbi,
  parseEther,
  type Hex,
} from "viem";
import { describe, expect, it } from "vitest";
import { pooTokenAbi, referenceStakingAbi, stakingAbi } from "../../../src/adapters/chain/abis.generated";
import { decodeCall, decodeLog, describeRevert } from "./decode";
import { knownContracts } from "./knownContracts";
import { ALICE, asTopics, testContracts, testDeployment } from "./testDeployment";

const { pooToken, staking } = testDeployment as { pooToken: Hex; staking: Hex };
const STRANGER = "0x000000000000000000000000000000000000dEaD";

describe("decodeCall", () => {
  it("names the function and formats the staked amount in POO", () => {
    const input = encodeFunctionData({ abi: stakingAbi, functionName: "stake", args: [parseEther("150")] });
    expect(decodeCall(staking, input, testContracts)).toEqual({
      kind: "function",
      contract: "Staking",
      functionName: "stake",
      args: [
        {
          name: "amount",
          type: "uint256",
          value: { kind: "amount", text: "150 POO", raw: "150000000000000000000" },
        },
      ],
    });
  });

  it("names a known address among the arguments (approve(Staking, 150 POO))", () => {
    const input = encodeFunctionData({
      abi: pooTokenAbi,
      functionName: "approve",
      args: [staking, parseEther("150")],
    });
    const call = decodeCall(pooToken, input, testContracts);
    expect(call).toMatchObject({ kind: "function", contract: "POO", functionName: "approve" });
    expect(call.kind === "function" && call.args.map((a) => a.value)).toEqual([
      { kind: "address", address: staking, name: "Staking" },
      { kind: "amount", text: "150 POO", raw: "150000000000000000000" },
    ]);
  });

  it("decodes ReferenceStaking's stake when the deployment says so, and Multicall3's calls", () => {
    const reference = knownContracts({ ...testDeployment, stakingContract: "ReferenceStaking" });
    const input = encodeFunctionData({ abi: referenceStakingAbi, functionName: "withdraw" });
    expect(decodeCall(staking, input, reference)).toEqual({
      kind: "function",
      contract: "ReferenceStaking",
      functionName: "withdraw",
      args: [],
    });
    const multicall = encodeFunctionData({
      abi: multicall3Abi,
      functionName: "aggregate3",
      args: [[{ target: pooToken, allowFailure: false, callData: "0x70a08231" }]],
    });
    const decoded = decodeCall("0xcA11bde05977b3631167028862bE2a173976CA11", multicall, testContracts);
    expect(decoded).toMatchObject({ kind: "function", contract: "Multicall3", functionName: "aggregate3" });
  });

  it("leaves unknown contracts and selectors raw; says what a creation or a plain transfer is", () => {
    const input = encodeFunctionData({ abi: stakingAbi, functionName: "stake", args: [1n] });
    expect(decodeCall(STRANGER, input, testContracts)).toEqual({
      kind: "raw",
      selector: input.slice(0, 10),
      data: input,
    });
    expect(decodeCall(staking, "0xdeadbeef00", testContracts)).toMatchObject({
      kind: "raw",
      selector: "0xdeadbeef",
    });
    expect(decodeCall(null, "0x6080", testContracts)).toEqual({ kind: "creation" });
    expect(decodeCall(ALICE, "0x", testContracts)).toEqual({ kind: "plain transfer" });
  });
});

describe("decodeLog", () => {
  it("decodes POO's Transfer with named, formatted arguments", () => {
    const topics = asTopics(
      encodeEventTopics({
        abi: pooTokenAbi,
        eventName: "Transfer",
        args: { from: ALICE, to: staking },
      }),
    );
    const data = encodeAbiParameters([{ type: "uint256" }], [parseEther("150")]);
    const log = decodeLog(
      { logIndex: 3, address: pooToken.toLowerCase() as Hex, topics, data },
      0,
      testContracts,
    );
    expect(log.address).toBe(pooToken);
    expect(log.contract).toBe("POO");
    expect(log.index).toBe(3);
    expect(log.event).toEqual({
      name: "Transfer",
      args: [
        { name: "from", type: "address", value: { kind: "address", address: ALICE, name: undefined } },
        { name: "to", type: "address", value: { kind: "address", address: staking, name: "Staking" } },
        {
          name: "value",
          type: "uint256",
          value: { kind: "amount", text: "150 POO", raw: "150000000000000000000" },
        },
      ],
    });
  });

  it("decodes Staked with POO amounts and Withdrawn's reward in CRAP", () => {
    const staked = decodeLog(
      {
        logIndex: 1,
        address: staking,
        topics: asTopics(encodeEventTopics({ abi: stakingAbi, eventName: "Staked", args: { user: ALICE } })),
        data: encodeAbiParameters(
          [{ type: "uint256" }, { type: "uint256" }],
          [parseEther("150"), parseEther("250")],
        ),
      },
      1,
      testContracts,
    );
    expect(staked.event?.name).toBe("Staked");
    expect(
      staked.event?.args.map((a) => [a.name, a.value.kind === "amount" ? a.value.text : a.value.kind]),
    ).toEqual([
      ["user", "address"],
      ["amount", "150 POO"],
      ["totalStake", "250 POO"],
    ]);
    const withdrawn = decodeLog(
      {
        logIndex: 2,
        address: staking,
        topics: asTopics(
          encodeEventTopics({ abi: stakingAbi, eventName: "Withdrawn", args: { user: ALICE } }),
        ),
        data: encodeAbiParameters(
          [{ type: "uint256" }, { type: "uint256" }],
          [parseEther("150"), parseEther("0.5")],
        ),
      },
      2,
      testContracts,
    );
    expect(withdrawn.event?.args[2]?.value).toMatchObject({ kind: "amount", text: "0.5 CRAP" });
  });

  it("keeps a log from an unknown address, or of an unknown event, raw", () => {
    const topics = asTopics(
      encodeEventTopics({
        abi: pooTokenAbi,
        eventName: "Transfer",
        args: { from: ALICE, to: staking },
      }),
    );
    const data = encodeAbiParameters([{ type: "uint256" }], [1n]);
    const stranger = decodeLog({ logIndex: 0, address: STRANGER, topics, data }, 0, testContracts);
    expect(stranger).toMatchObject({ contract: undefined, event: undefined, topics, data });
    const other = asTopics(
      encodeEventTopics({
        abi: parseAbi(["event Something(uint256 x)"]),
        eventName: "Something",
      }),
    );
    expect(
      decodeLog({ logIndex: 0, address: pooToken, topics: other, data }, 0, testContracts),
    ).toMatchObject({
      contract: "POO",
      event: undefined,
    });
  });
});

describe("describeRevert", () => {
  it("reads a require reason, a custom error with its amounts, and a panic", () => {
    const reason = encodeErrorResult({
      abi: parseAbi(["error Error(string)"]),
      errorName: "Error",
      args: ["Pool is paused"],
    });
    expect(describeRevert(reason, staking, testContracts)).toBe("Pool is paused");
    const below = encodeErrorResult({
      abi: stakingAbi,
      errorName: "BelowMinStake",
      args: [parseEther("50"), parseEther("100")],
    });
    expect(describeRevert(below, staking, testContracts)).toBe(
      "BelowMinStake(amount: 50 POO, minStake: 100 POO)",
    );
    const panic = encodeErrorResult({
      abi: parseAbi(["error Panic(uint256)"]),
      errorName: "Panic",
      args: [0x11n],
    });
    expect(describeRevert(panic, staking, testContracts)).toMatch(/^Panic 0x11: .*overflow/);
  });

  it("reads the token's error raised inside a stake with the token's ABI", () => {
    const data = encodeErrorResult({
      abi: pooTokenAbi,
      errorName: "ERC20InsufficientAllowance",
      args: [staking, 0n, parseEther("150")],
    });
    expect(describeRevert(data, staking, testContracts)).toBe(
      `ERC20InsufficientAllowance(spender: ${staking}, allowance: 0 POO, needed: 150 POO)`,
    );
  });

  it("says nothing it cannot read", () => {
    expect(describeRevert("0x", staking, testContracts)).toBeUndefined();
    expect(describeRevert("0x12345678", staking, testContracts)).toBeUndefined();
  });
});
