import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SUPPLY, ZERO_ADDRESS, networkHelpers, poo, tokensFixture, viem } from "./fixtures.ts";

const { loadFixture } = networkHelpers;

describe("CrapToken", () => {
  it("has the CRAP metadata and mints the initial supply to the owner", async () => {
    const { owner, crapToken } = await loadFixture(tokensFixture);
    assert.equal(await crapToken.read.name(), "CRAP Token");
    assert.equal(await crapToken.read.symbol(), "CRAP");
    assert.equal(await crapToken.read.decimals(), 18);
    assert.equal(await crapToken.read.totalSupply(), SUPPLY);
    assert.equal(await crapToken.read.balanceOf([owner.account.address]), SUPPLY);
    assert.equal((await crapToken.read.owner()).toLowerCase(), owner.account.address.toLowerCase());
  });

  it("rejects a zero owner", async () => {
    const { crapToken } = await loadFixture(tokensFixture);
    await viem.assertions.revertWithCustomErrorWithArgs(
      viem.deployContract("CrapToken", [ZERO_ADDRESS, SUPPLY]),
      crapToken,
      "OwnableInvalidOwner",
      [ZERO_ADDRESS],
    );
  });

  it("lets the owner mint, to anyone but the zero address", async () => {
    const { crapToken, alice } = await loadFixture(tokensFixture);
    await viem.assertions.emitWithArgs(
      crapToken.write.mint([alice.account.address, poo(5)]),
      crapToken,
      "Transfer",
      [ZERO_ADDRESS, alice.account.address, poo(5)],
    );
    assert.equal(await crapToken.read.balanceOf([alice.account.address]), poo(5));
    assert.equal(await crapToken.read.totalSupply(), SUPPLY + poo(5));
    await viem.assertions.revertWithCustomErrorWithArgs(
      crapToken.write.mint([ZERO_ADDRESS, 1n]),
      crapToken,
      "ERC20InvalidReceiver",
      [ZERO_ADDRESS],
    );
  });

  it("refuses mints from anyone else", async () => {
    const { crapToken, alice } = await loadFixture(tokensFixture);
    await viem.assertions.revertWithCustomErrorWithArgs(
      crapToken.write.mint([alice.account.address, 1n], { account: alice.account }),
      crapToken,
      "OwnableUnauthorizedAccount",
      [alice.account.address],
    );
  });
});
