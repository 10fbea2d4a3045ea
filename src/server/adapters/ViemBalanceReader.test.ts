import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeFunctionData, encodeAbiParameters, erc20Abi, parseEther, type Hex } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { alice } from "../testing/hardhatAccounts";
import { scriptedTransport } from "../testing/scriptedTransport";
import { FileDeploymentSource } from "./FileDeploymentSource";
import { PublicClientPool } from "./PublicClientPool";
import { ViemBalanceReader } from "./ViemBalanceReader";

const POO = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

describe("ViemBalanceReader", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "poo-deployments-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function writeDeployment(chainId: number, content: unknown): void {
    writeFileSync(join(dir, `${chainId}.json`), JSON.stringify(content));
  }

  function reader() {
    const scripted = scriptedTransport(({ method }) => {
      if (method !== "eth_call") return null;
      return encodeAbiParameters([{ type: "uint256" }], [parseEther("23810")]);
    });
    const pool = new PublicClientPool({ 31337: "http://127.0.0.1:8545" }, () => scripted.transport);
    return {
      reader: new ViemBalanceReader((id) => pool.get(id), new FileDeploymentSource(dir)),
      calls: scripted.calls,
    };
  }

  it("calls balanceOf(address) on the deployment's POO token", async () => {
    writeDeployment(31337, {
      chainId: 31337,
      pooToken: POO.toLowerCase(),
      crapToken: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      staking: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
      deployBlock: 0,
    });
    const { reader: balances, calls } = reader();
    expect(await balances.pooBalanceOf(31337, alice.address)).toBe(parseEther("23810"));
    const [call] = calls;
    const [request] = call?.params as [{ to: string; data: Hex }];
    expect(request.to.toLowerCase()).toBe(POO.toLowerCase());
    expect(decodeFunctionData({ abi: erc20Abi, data: request.data })).toEqual({
      functionName: "balanceOf",
      args: [alice.address],
    });
  });

  it("fails clearly when the chain has no deployment file", async () => {
    await expect(reader().reader.pooBalanceOf(31337, alice.address)).rejects.toThrow(/ENOENT/);
  });

  it("fails clearly when the deployment file is for another chain or malformed", async () => {
    writeDeployment(31337, { chainId: 1, pooToken: POO, crapToken: POO, staking: POO, deployBlock: "12" });
    await expect(reader().reader.pooBalanceOf(31337, alice.address)).rejects.toThrow(
      /describes chain 1, not 31337/,
    );
    writeDeployment(31337, { chainId: 31337, pooToken: "0x12" });
    await expect(reader().reader.pooBalanceOf(31337, alice.address)).rejects.toThrow(
      /is not a valid deployment/,
    );
  });
});
