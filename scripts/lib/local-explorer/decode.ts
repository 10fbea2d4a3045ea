import {
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionData,
  getAbiItem,
  getAddress,
  type AbiEvent,
  type AbiFunction,
  type Address,
  type Hex,
} from "viem";
import { panicCodeHex, panicReason } from "../../../src/domain/errors/panicReason";
import { findContract, type KnownContract } from "./knownContracts";
import { shownArgs, type ShownArg } from "./shownArgs";

/** What a transaction's input says. */
export type DecodedCall =
  | { readonly kind: "creation" }
  | { readonly kind: "plain transfer" }
  | {
      readonly kind: "function";
      readonly contract: string;
      readonly functionName: string;
      readonly args: readonly ShownArg[];
    }
  /** Not one of the project's contracts, or no function of its ABI matches. */
  | { readonly kind: "raw"; readonly selector: Hex; readonly data: Hex };

/** One log of the receipt, decoded with the emitting contract's ABI when the project knows it. */
export interface DecodedLog {
  readonly index: number;
  readonly address: Address;
  readonly contract: string | undefined;
  readonly event: { readonly name: string; readonly args: readonly ShownArg[] } | undefined;
  readonly topics: readonly Hex[];
  readonly data: Hex;
}

export interface RawLog {
  readonly logIndex: number | null;
  readonly address: Address;
  readonly topics: readonly Hex[];
  readonly data: Hex;
}

export function decodeCall(to: Address | null, input: Hex, contracts: readonly KnownContract[]): DecodedCall {
  if (to === null) return { kind: "creation" };
  if (input === "0x") return { kind: "plain transfer" };
  const raw: DecodedCall = { kind: "raw", selector: input.slice(0, 10) as Hex, data: input };
  const contract = findContract(contracts, to);
  if (!contract) return raw;
  try {
    const { functionName, args } = decodeFunctionData({ abi: contract.abi, data: input });
    const item = getAbiItem({ abi: contract.abi, name: functionName, args } as never) as
      AbiFunction | undefined;
    return {
      kind: "function",
      contract: contract.name,
      functionName,
      args: shownArgs(item?.inputs ?? [], args ?? [], contract.amounts[functionName], contracts),
    };
  } catch {
    return raw;
  }
}

export function decodeLog(log: RawLog, index: number, contracts: readonly KnownContract[]): DecodedLog {
  const contract = findContract(contracts, log.address);
  const base = {
    index: log.logIndex ?? index,
    address: getAddress(log.address),
    contract: contract?.name,
    topics: log.topics,
    data: log.data,
  };
  if (!contract || log.topics.length === 0) return { ...base, event: undefined };
  try {
    const { eventName, args } = decodeEventLog({
      abi: contract.abi,
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
      strict: true,
    });
    const item = getAbiItem({ abi: contract.abi, name: eventName } as never) as AbiEvent | undefined;
    return {
      ...base,
      event: {
        name: eventName ?? "(anonymous)",
        args: shownArgs(
          item?.inputs ?? [],
          args as readonly unknown[] | Readonly<Record<string, unknown>> | undefined,
          contract.amounts[eventName ?? ""],
          contracts,
        ),
      },
    };
  } catch {
    return { ...base, event: undefined };
  }
}

/**
 * A revert's data in words: `Error(string)` as its reason, a Panic by code, a custom error by name and
 * arguments. Tried with the called contract's ABI first, then the others (a token's error can surface
 * through the staking contract). Undefined when nothing matches.
 */
export function describeRevert(
  data: Hex,
  to: Address | null,
  contracts: readonly KnownContract[],
): string | undefined {
  if (data === "0x") return undefined;
  const called = findContract(contracts, to);
  const ordered = called ? [called, ...contracts.filter((c) => c !== called)] : contracts;
  for (const contract of ordered) {
    try {
      const { errorName, args, abiItem } = decodeErrorResult({ abi: contract.abi, data });
      if (errorName === "Error") return String(args?.[0] ?? "");
      if (errorName === "Panic") {
        const code = Number(args?.[0] as bigint);
        return `Panic ${panicCodeHex(code)}: ${panicReason(code)}`;
      }
      const inputs = "inputs" in abiItem ? abiItem.inputs : [];
      const shown = shownArgs(inputs, args ?? [], contract.amounts[errorName], contracts)
        .map(({ name, value }) => `${name}: ${value.kind === "address" ? value.address : value.text}`)
        .join(", ");
      return `${errorName}(${shown})`;
    } catch {
      // not this contract's error: try the next ABI
    }
  }
  return undefined;
}
