import { BaseError, type Hex } from "viem";

/** The revert data somewhere in a viem error's causes (a node's JSON-RPC error carries it as `data`). */
export function revertDataOf(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const withData = error.walk((e) => typeof (e as { data?: unknown }).data === "string");
  const data = (withData as { data?: unknown } | null)?.data;
  return typeof data === "string" && data.startsWith("0x") && data.length > 2 ? (data as Hex) : undefined;
}
