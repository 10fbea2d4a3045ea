import { execFileSync } from "node:child_process";
import path from "node:path";
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, type Address } from "viem";
import { hardhat } from "viem/chains";
import { ROOT_DIR } from "../config";

export type BenchChain = { url: string; pooToken: Address; deploymentsDir: string; close(): Promise<void> };

/**
 * The local chain for the rush: Hardhat EDR in this process, Multicall3 at its canonical address, the
 * contracts deployed with the whole POO supply (100M) on the deployer, which then pays `pooEach` to
 * every wallet of the rush. Writes <workDir>/deployments/31337.json for the API instances.
 */
export async function startBenchChain(
  port: number,
  workDir: string,
  wallets: readonly Address[],
  pooEach: bigint,
  log: (message: string) => void,
): Promise<BenchChain> {
  const bin = path.join(ROOT_DIR, "node_modules", ".bin");
  execFileSync(path.join(bin, "hardhat"), ["compile", "--quiet"], {
    cwd: ROOT_DIR,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` },
  });
  const { startSimulatedChain } = await import("../../scripts/lib/startSimulatedChain");
  const simulated = await startSimulatedChain("default", port);
  const url = simulated.url;
  try {
    const chain = { ...hardhat, rpcUrls: { default: { http: [url] } } };
    const transport = http(url);
    const publicClient = createPublicClient({ chain, transport });
    const [deployer] = await createWalletClient({ chain, transport }).getAddresses();
    if (!deployer) throw new Error("The local chain exposes no accounts.");
    const walletClient = createWalletClient({ chain, transport, account: deployer });
    const { installMulticall3 } = await import("../../scripts/lib/installMulticall3");
    await installMulticall3(simulated.provider);
    const { deployOnSimulatedChain } = await import("../../scripts/lib/ignition/deployOnSimulatedChain");
    const deployment = await deployOnSimulatedChain({
      provider: simulated.provider,
      // The whole POO supply on the deployer, which pays every wallet of the rush below.
      parameters: { PooToken: { initialSupply: pooEach * BigInt(wallets.length) + parseEther("1000") } },
    });
    const deploymentsDir = path.join(workDir, "deployments");
    const { writeDeployment } = await import("../../scripts/lib/writeDeployment");
    writeDeployment(deploymentsDir, deployment);

    // Automine mines each transfer as it arrives; only the last receipt needs waiting for.
    let last: `0x${string}` | undefined;
    for (const wallet of wallets) {
      last = await walletClient.writeContract({
        address: deployment.pooToken,
        abi: erc20Abi,
        functionName: "transfer",
        args: [wallet, pooEach],
      });
    }
    if (last) await publicClient.waitForTransactionReceipt({ hash: last });
    log(`chain on ${url}: POO ${deployment.pooToken}, ${wallets.length} wallets funded`);
    return { url, pooToken: deployment.pooToken, deploymentsDir, close: () => simulated.close() };
  } catch (error) {
    await simulated.close();
    throw error;
  }
}
