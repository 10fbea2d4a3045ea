import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEther } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStores } from "./openStores";
import { FakeBalanceReader } from "./testing/FakeBalanceReader";
import { alice, bob } from "./testing/hardhatAccounts";
import { memoryLogger } from "./testing/memoryLogger";
import { runLaunchRecheck } from "./runLaunchRecheck";

const NOW = Date.parse("2025-06-02T10:00:00.000Z");

describe("runLaunchRecheck (npm run launch:recheck)", () => {
  let dir: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "poo-recheck-"));
    env = { NODE_ENV: "development", DATABASE_PATH: join(dir, "poo.sqlite") };
    const stores = await openStores({ url: undefined, path: env.DATABASE_PATH ?? "" }, memoryLogger());
    for (const account of [alice, bob]) {
      await stores.registrationStore.upsert({
        launchId: "crap",
        chainId: 31337,
        address: account.address,
        amountWei: 10n ** 17n,
        at: new Date(NOW),
        check: {
          pooBalanceWei: parseEther("30000"),
          blockNumber: 5n,
          priceUsd: 0.0042,
          priceAt: new Date(NOW),
          checkedAt: new Date(NOW),
        },
        priceWindowStart: new Date(NOW),
      });
    }
    await stores.close();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function run(args: string[], balances = new FakeBalanceReader()) {
    const lines: string[] = [];
    const code = await runLaunchRecheck(args, env, {
      balanceReader: balances,
      logger: memoryLogger(),
      out: (line) => lines.push(line),
      now: () => NOW,
    });
    return { code, lines };
  }

  it("re-checks the launch in the configured database and prints what it found", async () => {
    const balances = new FakeBalanceReader().set(31337, alice.address, parseEther("30000"));
    balances.blockNumber = 77n;
    const { code, lines } = await run(["crap"], balances);
    expect(code).toBe(0);
    expect(lines).toEqual([
      "Launch crap, chain 31337, block 77, POO at 0.0042 USD: 2 checked, 1 eligible, 1 below the threshold (1 changed).",
      `  below: ${bob.address}`,
    ]);
    const stores = await openStores({ url: undefined, path: env.DATABASE_PATH ?? "" }, memoryLogger());
    expect(
      await stores.registrationStore.find({ launchId: "crap", chainId: 31337, address: bob.address }),
    ).toMatchObject({
      standing: "below-threshold",
      lastCheck: { blockNumber: 77n, pooBalanceWei: 0n },
    });
    await stores.close();
  });

  it.each([[[]], [["CRAP"]], [["crap", "poo"]], [["../x"]]])(
    "refuses %j with the usage and changes nothing",
    async (args) => {
      const balances = new FakeBalanceReader();
      const { code, lines } = await run(args, balances);
      expect(code).toBe(2);
      expect(lines.join("\n")).toContain("Usage: npm run launch:recheck -- <launchId>");
      expect(balances.batchReads).toEqual([]);
    },
  );

  it("refuses a bad configuration naming the variable", async () => {
    env.DATABASE_POOL_SIZE = "lots";
    const { code, lines } = await run(["crap"]);
    expect(code).toBe(2);
    expect(lines.join("\n")).toContain("DATABASE_POOL_SIZE: must be a whole number from 1 to 100");
  });
});
