import { formatUnits, getAddress, isAddress, type AbiParameter, type Address } from "viem";
import { groupThousands as groupDigits } from "../../../src/domain/displayFormat";
import { findContract, type AmountUnit, type KnownContract } from "./knownContracts";

/** A decoded value as the page shows it. */
export type ShownValue =
  | { readonly kind: "address"; readonly address: Address; readonly name: string | undefined }
  | { readonly kind: "amount"; readonly text: string; readonly raw: string }
  | { readonly kind: "text"; readonly text: string };

/** One named argument of a call, an event or an error. */
export interface ShownArg {
  readonly name: string;
  readonly type: string;
  readonly value: ShownValue;
}

/** `1234567.5` -> `1,234,567.5`: amounts are read by people. */
export function groupThousands(decimal: string): string {
  const [whole = "0", fraction] = decimal.split(".");
  const negative = whole.startsWith("-");
  const digits = negative ? whole.slice(1) : whole;
  return `${negative ? "-" : ""}${groupDigits(digits)}${fraction === undefined ? "" : `.${fraction}`}`;
}

/** A base-unit amount in its unit: `150000000000000000000n` POO -> `150 POO`. */
export function formatAmount(value: bigint, unit: AmountUnit): string {
  return `${groupThousands(formatUnits(value, unit.decimals))} ${unit.symbol}`;
}

function plain(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v)) ?? "";
}

function shownValue(
  value: unknown,
  unit: AmountUnit | undefined,
  contracts: readonly KnownContract[],
): ShownValue {
  if (typeof value === "bigint") {
    return unit
      ? { kind: "amount", text: formatAmount(value, unit), raw: value.toString() }
      : { kind: "text", text: value.toString() };
  }
  if (typeof value === "string" && isAddress(value, { strict: false })) {
    const address = getAddress(value);
    return { kind: "address", address, name: findContract(contracts, address)?.name };
  }
  if (typeof value === "string") return { kind: "text", text: value };
  if (typeof value === "boolean" || typeof value === "number") return { kind: "text", text: String(value) };
  return { kind: "text", text: plain(value) };
}

/**
 * Pairs decoded values with their ABI parameters. `values` is what viem decoded: an array, or an
 * object keyed by name when every parameter is named (events). `units` names the token amounts.
 */
export function shownArgs(
  params: readonly AbiParameter[],
  values: readonly unknown[] | Readonly<Record<string, unknown>> | undefined,
  units: Readonly<Record<string, AmountUnit>> | undefined,
  contracts: readonly KnownContract[],
): ShownArg[] {
  return params.map((param, index) => {
    const name = param.name || `#${index}`;
    const value = Array.isArray(values)
      ? (values as readonly unknown[])[index]
      : (values as Readonly<Record<string, unknown>> | undefined)?.[param.name ?? ""];
    return { name, type: param.type, value: shownValue(value, units?.[name], contracts) };
  });
}
