import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { IndexerConfigError, indexerSettings } from "../indexerSettings";

const dir = mkdtempSync(path.join(tmpdir(), "poo-indexer-settings-"));
writeFileSync(
  path.join(dir, "11155111.json"),
  JSON.stringify({
    chainId: 11155111,
    pooToken: `0x${"11".repeat(20)}`,
    crapToken: `0x${"22".repeat(20)}`,
    staking: `0x${"33".repeat(20)}`,
    deployBlock: 1,
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settings = (rpc: string) =>
  indexerSettings({ INDEXER_CHAIN_ID: "11155111", DEPLOYMENTS_DIR: dir, CHAIN_RPC_URL_11155111: rpc }, dir);

describe("indexerSettings: CHAIN_RPC_URL_<id>, read as the API server reads it", () => {
  it("takes the server's ordered list of providers, as well as one URL", () => {
    expect(settings("https://a.example/k1, https://b.example/k2").rpcUrls).toEqual([
      "https://a.example/k1",
      "https://b.example/k2",
    ]);
    expect(settings("https://a.example/k1").rpcUrls).toEqual(["https://a.example/k1"]);
  });

  it("refuses an entry that is not an http(s) URL, naming the variable", () => {
    expect(() => settings("https://a.example/k1,wss://b.example")).toThrow(IndexerConfigError);
    expect(() => settings("")).toThrow(/CHAIN_RPC_URL_11155111: must be the chain's http\(s\) RPC URL/);
  });
});
