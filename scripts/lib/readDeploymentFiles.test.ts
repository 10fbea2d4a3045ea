import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ConfigEnv, UserConfig } from "vite";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import viteConfig from "../../vite.config.ts";
import { readDeploymentFiles } from "./readDeploymentFiles";

// vite.config.ts as `npm run build` loads it: it reads VITE_* and POO_DEPLOYMENTS_DIR from the environment.
const buildConfig = () =>
  (viteConfig as (env: ConfigEnv) => UserConfig)({ command: "build", mode: "production" });

const deployment = {
  chainId: 11155111,
  pooToken: "0x1111111111111111111111111111111111111111",
  crapToken: "0x2222222222222222222222222222222222222222",
  staking: "0x3333333333333333333333333333333333333333",
  deployBlock: 1234567,
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "poo-build-deployments-"));
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(path.join(dir, "11155111.json"), { force: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function buildFor(chains: string): void {
  vi.stubEnv("VITE_CHAINS", chains);
  vi.stubEnv("VITE_SEPOLIA_RPC_URL", "https://rpc.example");
  vi.stubEnv("POO_DEPLOYMENTS_DIR", dir);
  buildConfig();
}

describe("the build refuses a chain without a valid deployments/<chainId>.json", () => {
  it("missing: one line naming the file and how to make it", () => {
    expect(() => buildFor("sepolia")).toThrow(
      `The web app cannot be built:\n  - ${dir}/11155111.json: missing: make it with npm run deploy -- --network sepolia, or write the addresses of the real contracts into it (docs/contracts.md)\n`,
    );
  });

  it("a bad field: the file and the field, then how to make it again", () => {
    writeFileSync(path.join(dir, "11155111.json"), JSON.stringify({ ...deployment, staking: "0x12" }));
    expect(() => buildFor("sepolia")).toThrow(
      `  - ${dir}/11155111.json: staking: must be a 0x-prefixed 20-byte hex address\n` +
        `  - ${dir}/11155111.json: to replace it, make it with npm run deploy -- --network sepolia`,
    );
  });

  it("not JSON: the file and the parser's reason", () => {
    writeFileSync(path.join(dir, "11155111.json"), "{ chainId: 11155111 ");
    expect(() => buildFor("sepolia")).toThrow(`  - ${dir}/11155111.json: not JSON (`);
  });

  it("builds with a valid file", () => {
    writeFileSync(path.join(dir, "11155111.json"), JSON.stringify(deployment));
    expect(() => buildFor("sepolia")).not.toThrow();
  });
});

describe("readDeploymentFiles", () => {
  it("names the folder relative to the working directory when it is inside it", () => {
    expect(readDeploymentFiles(path.resolve("deployments")).label).toBe("deployments");
    expect(readDeploymentFiles(dir).label).toBe(dir);
    expect(readDeploymentFiles(path.join(dir, "none")).files).toEqual({});
  });
});
