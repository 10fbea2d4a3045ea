import { encodeAbiParameters, encodeEventTopics, parseAbi, type Log } from "viem";
import { describe, expect, it } from "vitest";
import { toAddress, type Address } from "../../domain/address";
import { batchReceiptFacts } from "./batchReceiptFacts";

const erc20 = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event Approval(address indexed owner, address indexed spender, uint256 value)",
]);
const POO = toAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3");
const OTHER_TOKEN = toAddress("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512");
const STAKING = toAddress("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0");
const ACCOUNT = toAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
const SOMEONE = toAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
const contracts = { pooToken: POO, staking: STAKING };

function log(
  address: Address,
  eventName: "Transfer" | "Approval",
  [first, second]: [Address, Address],
  value: bigint,
): Log {
  const args = eventName === "Transfer" ? { from: first, to: second } : { owner: first, spender: second };
  return {
    address,
    topics: encodeEventTopics({ abi: erc20, eventName, args } as never) as Log["topics"],
    data: encodeAbiParameters([{ type: "uint256" }], [value]),
    blockHash: null,
    blockNumber: null,
    logIndex: null,
    transactionHash: null,
    transactionIndex: null,
    removed: false,
  };
}

describe("batchReceiptFacts: what a mined receipt's logs say of the stake", () => {
  it("an atomic batch's receipt: the approval (its amount) and the stake's transfer", () => {
    const facts = batchReceiptFacts(
      {
        status: "success",
        logs: [
          log(POO, "Approval", [ACCOUNT, STAKING], 150n),
          log(POO, "Transfer", [ACCOUNT, STAKING], 150n),
          // A token that logs the allowance a transfer spends: the approve call's amount still counts.
          log(POO, "Approval", [ACCOUNT, STAKING], 0n),
        ],
      },
      contracts,
      ACCOUNT,
    );
    expect(facts).toEqual({ reverted: false, staked: true, approved: 150n });
  });

  it("a bundle's approval alone: approved, not staked", () => {
    const facts = batchReceiptFacts(
      { status: "success", logs: [log(POO, "Approval", [ACCOUNT, STAKING], 150n)] },
      contracts,
      ACCOUNT,
    );
    expect(facts).toEqual({ reverted: false, staked: false, approved: 150n });
  });

  it("transfers and approvals that are not the account's stake do not count", () => {
    const facts = batchReceiptFacts(
      {
        status: "success",
        logs: [
          log(OTHER_TOKEN, "Transfer", [ACCOUNT, STAKING], 150n), // another token
          log(POO, "Transfer", [SOMEONE, STAKING], 150n), // someone else's stake
          log(POO, "Transfer", [ACCOUNT, SOMEONE], 150n), // not to the pool
          log(POO, "Approval", [ACCOUNT, SOMEONE], 150n), // another spender
          log(OTHER_TOKEN, "Approval", [ACCOUNT, STAKING], 150n),
        ],
      },
      contracts,
      ACCOUNT,
    );
    expect(facts).toEqual({ reverted: false, staked: false, approved: undefined });
  });

  it("a reverted receipt: reverted, nothing happened", () => {
    expect(batchReceiptFacts({ status: "reverted", logs: [] }, contracts, ACCOUNT)).toEqual({
      reverted: true,
      staked: false,
      approved: undefined,
    });
  });
});
