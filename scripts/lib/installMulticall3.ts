import type { EIP1193Provider } from "@nomicfoundation/ignition-core";
import type { Address } from "viem";
import { MULTICALL3_ADDRESS } from "../../src/app/wallet/buildChains.ts";
import { loadArtifact } from "./artifacts.ts";

/**
 * Puts Multicall3Local's runtime code at the canonical Multicall3 address (where viem looks on every chain) so viem's
 * `batch.multicall` batches reads on the local chain exactly as on Sepolia. Hardhat's simulated
 * chains only (the local chain, the Sepolia look-alike of the browser tests): never a real network,
 * and never part of the Ignition modules.
 */
export async function installMulticall3(provider: EIP1193Provider, artifactsDir?: string): Promise<Address> {
  const request = (args: { method: string; params?: unknown[] }): Promise<unknown> => provider.request(args);
  const clientVersion = String(await request({ method: "web3_clientVersion" }));
  if (!clientVersion.startsWith("HardhatNetwork/")) {
    throw new Error(`installMulticall3 only runs on a Hardhat simulated chain, not on ${clientVersion}`);
  }
  const { deployedBytecode } = await loadArtifact("Multicall3Local", artifactsDir);
  await request({ method: "hardhat_setCode", params: [MULTICALL3_ADDRESS, deployedBytecode] });
  const installed = await request({ method: "eth_getCode", params: [MULTICALL3_ADDRESS, "latest"] });
  if (installed !== deployedBytecode) throw new Error("hardhat_setCode did not install Multicall3Local");
  return MULTICALL3_ADDRESS;
}
