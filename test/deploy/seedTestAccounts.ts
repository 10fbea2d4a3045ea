import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { getAddress, parseEther } from "viem";
import { deployOnSimulatedChain } from "../../scripts/lib/ignition/deployOnSimulatedChain.ts";
import { seedTestAccounts } from "../../scripts/lib/seedTestAccounts.ts";

const { provider, viem, networkHelpers } = await network.create();

async function deployed() {
  const deployment = await deployOnSimulatedChain({ provider });
  return { deployment, pooToken: await viem.getContractAt("PooToken", deployment.pooToken) };
}

describe("seedTestAccounts (local chains only, after the modules)", () => {
  it("gives each of the first five accounts, the deployer included, exactly 1,000,000 POO", async () => {
    const { deployment, pooToken } = await networkHelpers.loadFixture(deployed);
    const accounts = await seedTestAccounts(provider, deployment.pooToken);
    const wallets = await viem.getWalletClients();
    assert.deepEqual(
      accounts,
      wallets.slice(0, 5).map((wallet) => getAddress(wallet.account.address)),
    );
    for (const account of accounts)
      assert.equal(await pooToken.read.balanceOf([account]), parseEther("1000000"));
    assert.equal(await pooToken.read.totalSupply(), parseEther("5000000"));
  });

  it("sends only what is missing, so running it again pays nobody twice", async () => {
    const { deployment, pooToken } = await networkHelpers.loadFixture(deployed);
    const [, , partly] = await viem.getWalletClients();
    await pooToken.write.transfer([partly!.account.address, parseEther("400000")]);
    await seedTestAccounts(provider, deployment.pooToken);
    assert.equal(await pooToken.read.balanceOf([partly!.account.address]), parseEther("1000000"));

    const block = await provider.request({ method: "eth_blockNumber" });
    await seedTestAccounts(provider, deployment.pooToken);
    assert.equal(
      await provider.request({ method: "eth_blockNumber" }),
      block,
      "no transaction the second time",
    );
  });
});
