import assert from "node:assert/strict";
import { describe, it } from "node:test";
import hre from "hardhat";

describe("explorer verification (npm run deploy -- --verify, ignition verify)", () => {
  it("verifies on Etherscan with the key of the ETHERSCAN_API_KEY configuration variable", async () => {
    const { etherscan, sourcify } = hre.config.verify;
    assert.equal(etherscan.enabled, true);
    assert.equal(sourcify.enabled, true, "Sourcify, keyless, too");
    const previous = process.env.ETHERSCAN_API_KEY;
    process.env.ETHERSCAN_API_KEY = "key-from-the-environment";
    try {
      assert.equal(await etherscan.apiKey.get(), "key-from-the-environment");
    } finally {
      if (previous === undefined) delete process.env.ETHERSCAN_API_KEY;
      else process.env.ETHERSCAN_API_KEY = previous;
    }
  });

  it("offers the deploy task with a --verify flag", () => {
    const task = hre.tasks.getTask("deploy");
    assert.ok(task.options.has("verify"));
  });
});
