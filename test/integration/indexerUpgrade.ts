import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "pg";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http as httpTransport,
  parseEther,
  type Hex,
} from "viem";
import {
  launchIndexer,
  startIndexer,
  type IndexerOptions,
  type RunningIndexer,
} from "../../scripts/lib/startIndexer.ts";
import { writeDeployment } from "../../scripts/lib/writeDeployment.ts";
import { erc20Abi, specStakingAbi } from "../../src/adapters/chain/specStakingAbi.ts";
import { startTestPostgres, type TestPostgres } from "../../src/server/testing/startTestPostgres.ts";
import { startLocalChain, type LocalChain } from "./localChain.ts";
import { freePort } from "./freePort.ts";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const CHAIN_ID = 31337;

// docs/operations.md "The activity indexer", Upgrading: a schema per deployment, then switch. On
// PostgreSQL, one `ponder start` per deployment publishes its views in one schema, and a `ponder
// serve` replica on that schema follows each switch without a restart and without a failed answer.
describe("the indexer at scale: a schema per deployment, then switch", () => {
  let local: LocalChain;
  let postgres: TestPostgres;
  let databaseUrl: string;
  let deploymentsDir: string;
  const running: RunningIndexer[] = [];

  before(async () => {
    [local, postgres] = await Promise.all([startLocalChain("Staking"), startTestPostgres()]);
    databaseUrl = await postgres.createDatabase("poo_indexer_upgrade");
    deploymentsDir = mkdtempSync(path.join(tmpdir(), "poo-indexer-upgrade-"));
    writeDeployment(deploymentsDir, local.deployment);
  });
  after(async () => {
    for (const indexer of running.splice(0).reverse()) await indexer.stop();
    await local?.close();
    await postgres?.stop();
    rmSync(deploymentsDir, { recursive: true, force: true });
  });

  const ponder = async (options: Pick<IndexerOptions, "command" | "schema" | "viewsSchema">) =>
    ({
      rootDir: process.cwd(),
      port: await freePort(),
      chainId: CHAIN_ID,
      chainUrl: local.url,
      deploymentsDir,
      databaseUrl,
      log: (line: string) => console.log(line),
      waitFor: "ready",
      pollingIntervalMs: 200,
      ...options,
    }) satisfies IndexerOptions;

  const stake = async (amount: string): Promise<Hex> => {
    const chain = defineChain({
      id: CHAIN_ID,
      name: "POO Local",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [local.url] } },
    });
    const transport = httpTransport(local.url);
    const publicClient = createPublicClient({ chain, transport });
    const wallet = createWalletClient({ chain, transport, account: ACCOUNT });
    const { pooToken, staking } = local.deployment;
    const mined = async (hash: Hex) => {
      assert.equal((await publicClient.waitForTransactionReceipt({ hash })).status, "success");
      return hash;
    };
    await mined(
      await wallet.writeContract({
        address: pooToken,
        abi: erc20Abi,
        functionName: "approve",
        args: [staking, parseEther(amount)],
      }),
    );
    return mined(
      await wallet.writeContract({
        address: staking,
        abi: specStakingAbi,
        functionName: "stake",
        args: [parseEther(amount)],
      }),
    );
  };

  const hashesFrom = async (indexer: RunningIndexer): Promise<string[]> => {
    const response = await fetch(`${indexer.url}/activity?chainId=${CHAIN_ID}&account=${ACCOUNT}`);
    assert.equal(response.status, 200, await response.clone().text());
    const body = (await response.json()) as { entries: Array<{ transactionHash: string }> };
    return body.entries.map((entry) => entry.transactionHash);
  };
  /** Polls `indexer` until it lists `hash` (30 s at most). */
  const listed = async (indexer: RunningIndexer, hash: Hex): Promise<void> => {
    const deadline = Date.now() + 30_000;
    while (!(await hashesFrom(indexer)).includes(hash)) {
      if (Date.now() > deadline) throw new Error(`${indexer.url} does not list ${hash}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  /** Which schema the view poo.activity reads. */
  const viewTarget = async (): Promise<string | undefined> => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ definition: string }>(
        "SELECT definition FROM pg_views WHERE schemaname = 'poo' AND viewname = 'activity'",
      );
      return /FROM (\w+)\.activity/.exec(rows[0]?.definition ?? "")?.[1];
    } finally {
      await client.end();
    }
  };

  it("the new deployment backfills beside the old, the views switch once it is ready, the replica follows", async () => {
    const first = await startIndexer(await ponder({ command: "start", schema: "poo_1", viewsSchema: "poo" }));
    running.push(first);
    const replica = await startIndexer(await ponder({ command: "serve", schema: "poo" }));
    running.push(replica);
    const before = await stake("110");
    await listed(replica, before);
    assert.equal(await viewTarget(), "poo_1");

    // The next deployment on its own schema, while the replica keeps answering: every answer 200.
    const answers: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        answers.push(
          await fetch(`${replica.url}/head?chainId=${CHAIN_ID}`).then(
            (response) => response.status,
            () => 0,
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const next = launchIndexer(await ponder({ command: "start", schema: "poo_2", viewsSchema: "poo" }));
    running.push(next);
    try {
      await next.up;
    } finally {
      polling = false;
      await poll;
    }
    assert.equal(await viewTarget(), "poo_2");
    assert.ok(answers.length > 10, `${answers.length} answers while it backfilled`);
    assert.deepEqual([...new Set(answers)], [200]);

    // The old deployment stopped: what the replica serves now comes from the new one.
    await first.stop();
    const after = await stake("120");
    await listed(replica, after);
    assert.deepEqual(await hashesFrom(replica), [after, before]);
  });
});
