import {
  getAddress,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from "viem";
import { revertDataOf } from "../../../src/adapters/chain/revertDataOf";
import { decodeCall, decodeLog, describeRevert, type DecodedCall, type DecodedLog } from "./decode";
import { findContract, type KnownContract } from "./knownContracts";

/** The chain reads the explorer makes (a viem public client has them). */
export type ExplorerChainReader = Pick<
  PublicClient,
  "getTransaction" | "getTransactionReceipt" | "getBlock" | "call"
>;

export interface NamedAddress {
  readonly address: Address;
  /** The project's name for it (POO, CRAP, Staking, Multicall3), if it is one of its contracts. */
  readonly name: string | undefined;
}

/** Everything the transaction page shows. */
export interface TransactionView {
  readonly hash: Hash;
  readonly status: "success" | "reverted" | "pending";
  readonly block: { readonly number: bigint; readonly timestamp: bigint } | undefined;
  readonly from: NamedAddress;
  /** Null for a contract creation (see `createdContract`). */
  readonly to: NamedAddress | null;
  readonly createdContract: Address | undefined;
  readonly nonce: number;
  readonly value: bigint;
  readonly gasLimit: bigint;
  readonly gasUsed: bigint | undefined;
  /** What the sender paid per gas: the receipt's effective price once mined, else the offered price. */
  readonly gasPrice: bigint | undefined;
  /** gasUsed × effective gas price, once mined. */
  readonly fee: bigint | undefined;
  readonly call: DecodedCall;
  readonly input: Hex;
  /** A reverted transaction's reason, replayed on the state before its block; undefined if unknown. */
  readonly revertReason: string | undefined;
  readonly logs: readonly DecodedLog[];
}

/** Checksummed (nodes answer in lower case), with the project's name for it. */
function named(address: Address, contracts: readonly KnownContract[]): NamedAddress {
  return { address: getAddress(address), name: findContract(contracts, address)?.name };
}

/**
 * Reads a transaction, its receipt and block from the chain and decodes it with the project's ABIs.
 * Undefined when the chain does not know the hash.
 */
export async function readTransaction(
  client: ExplorerChainReader,
  hash: Hash,
  contracts: readonly KnownContract[],
): Promise<TransactionView | undefined> {
  let transaction;
  try {
    transaction = await client.getTransaction({ hash });
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return undefined;
    throw error;
  }
  let receipt;
  try {
    receipt = transaction.blockNumber === null ? undefined : await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
  }
  const block = receipt ? await client.getBlock({ blockNumber: receipt.blockNumber }) : undefined;
  const to = transaction.to ?? null;

  let revertReason: string | undefined;
  if (receipt?.status === "reverted") {
    try {
      await client.call({
        account: transaction.from,
        to,
        data: transaction.input,
        value: transaction.value,
        gas: transaction.gas,
        blockNumber: receipt.blockNumber - 1n,
      });
    } catch (error) {
      const data = revertDataOf(error);
      revertReason = data ? describeRevert(data, to, contracts) : undefined;
    }
  }

  const gasPrice = receipt?.effectiveGasPrice ?? transaction.gasPrice ?? transaction.maxFeePerGas;
  return {
    hash: transaction.hash,
    status: receipt ? receipt.status : "pending",
    block: block ? { number: block.number, timestamp: block.timestamp } : undefined,
    from: named(transaction.from, contracts),
    to: to ? named(to, contracts) : null,
    createdContract: receipt?.contractAddress ? getAddress(receipt.contractAddress) : undefined,
    nonce: transaction.nonce,
    value: transaction.value,
    gasLimit: transaction.gas,
    gasUsed: receipt?.gasUsed,
    gasPrice,
    fee: receipt ? receipt.gasUsed * receipt.effectiveGasPrice : undefined,
    call: decodeCall(to, transaction.input, contracts),
    input: transaction.input,
    revertReason,
    logs: (receipt?.logs ?? []).map((log, index) => decodeLog(log, index, contracts)),
  };
}
