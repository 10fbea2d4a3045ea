import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseEther } from "viem";
import {
  SUPPLY,
  ZERO_ADDRESS,
  networkHelpers,
  poo,
  stakingFixture,
  tokensFixture,
  viem,
} from "./fixtures.ts";

const { loadFixture } = networkHelpers;

describe("PooToken", () => {
  describe("deployment", () => {
    it("has the POO metadata and mints the initial supply to the owner", async () => {
      const { owner, pooToken } = await loadFixture(tokensFixture);
      assert.equal(await pooToken.read.name(), "POO Finance");
      assert.equal(await pooToken.read.symbol(), "POO");
      assert.equal(await pooToken.read.decimals(), 18);
      assert.equal(await pooToken.read.totalSupply(), SUPPLY);
      assert.equal(await pooToken.read.balanceOf([owner.account.address]), SUPPLY);
      assert.equal((await pooToken.read.owner()).toLowerCase(), owner.account.address.toLowerCase());
      assert.equal(await pooToken.read.paused(), false);
    });

    it("rejects a zero owner", async () => {
      const { pooToken } = await loadFixture(tokensFixture);
      await viem.assertions.revertWithCustomErrorWithArgs(
        viem.deployContract("PooToken", [ZERO_ADDRESS, SUPPLY]),
        pooToken,
        "OwnableInvalidOwner",
        [ZERO_ADDRESS],
      );
    });
  });

  describe("pause", () => {
    it("only the owner can pause and unpause", async () => {
      const { pooToken, alice } = await loadFixture(tokensFixture);
      for (const call of [
        pooToken.write.pause({ account: alice.account }),
        pooToken.write.unpause({ account: alice.account }),
      ]) {
        await viem.assertions.revertWithCustomErrorWithArgs(call, pooToken, "OwnableUnauthorizedAccount", [
          alice.account.address,
        ]);
      }
    });

    it("stops transfers between ordinary accounts and resumes them on unpause", async () => {
      const { pooToken, owner, alice, bob } = await loadFixture(tokensFixture);
      await pooToken.write.transfer([alice.account.address, poo(10)]);
      await viem.assertions.emit(pooToken.write.pause(), pooToken, "Paused");
      assert.equal(await pooToken.read.paused(), true);
      await viem.assertions.revertWithCustomError(
        pooToken.write.transfer([bob.account.address, poo(1)], { account: alice.account }),
        pooToken,
        "EnforcedPause",
      );
      await pooToken.write.approve([owner.account.address, poo(5)], { account: alice.account });
      await viem.assertions.revertWithCustomError(
        pooToken.write.transferFrom([alice.account.address, bob.account.address, poo(1)]),
        pooToken,
        "EnforcedPause",
      );
      await viem.assertions.revertWithCustomError(pooToken.write.pause(), pooToken, "EnforcedPause");

      await viem.assertions.emit(pooToken.write.unpause(), pooToken, "Unpaused");
      await viem.assertions.revertWithCustomError(pooToken.write.unpause(), pooToken, "ExpectedPause");
      await pooToken.write.transfer([bob.account.address, poo(1)], { account: alice.account });
      assert.equal(await pooToken.read.balanceOf([bob.account.address]), poo(1));
    });

    it("lets stakers stake and withdraw while paused", async () => {
      const { pooToken, staking, users } = await loadFixture(stakingFixture);
      const [alice] = users;
      assert.ok(alice);
      await pooToken.write.pause();
      await staking.write.stake([poo(200)], { account: alice.account });
      assert.equal(await pooToken.read.balanceOf([staking.address]), poo(200));
      await networkHelpers.time.increase(86_400);
      await staking.write.withdraw({ account: alice.account });
      assert.equal(await pooToken.read.balanceOf([staking.address]), 0n);
      assert.equal(await pooToken.read.balanceOf([alice.account.address]), poo(1_000_000));
    });
  });

  describe("locks", () => {
    it("a locked account can neither send nor receive, even through transferFrom", async () => {
      const { pooToken, owner, alice, bob } = await loadFixture(tokensFixture);
      await pooToken.write.transfer([alice.account.address, poo(10)]);
      await viem.assertions.emitWithArgs(pooToken.write.lock([alice.account.address]), pooToken, "Locked", [
        alice.account.address,
      ]);
      assert.equal(await pooToken.read.isLocked([alice.account.address]), true);

      await viem.assertions.revertWithCustomErrorWithArgs(
        pooToken.write.transfer([bob.account.address, poo(1)], { account: alice.account }),
        pooToken,
        "AccountLocked",
        [alice.account.address],
      );
      await viem.assertions.revertWithCustomErrorWithArgs(
        pooToken.write.transfer([alice.account.address, poo(1)]),
        pooToken,
        "AccountLocked",
        [alice.account.address],
      );
      await pooToken.write.approve([bob.account.address, poo(5)], { account: alice.account });
      await viem.assertions.revertWithCustomErrorWithArgs(
        pooToken.write.transferFrom([alice.account.address, owner.account.address, poo(1)], {
          account: bob.account,
        }),
        pooToken,
        "AccountLocked",
        [alice.account.address],
      );

      await viem.assertions.emitWithArgs(
        pooToken.write.unlock([alice.account.address]),
        pooToken,
        "Unlocked",
        [alice.account.address],
      );
      assert.equal(await pooToken.read.isLocked([alice.account.address]), false);
      await pooToken.write.transfer([bob.account.address, poo(1)], { account: alice.account });
      assert.equal(await pooToken.read.balanceOf([bob.account.address]), poo(1));
    });

    it("a locked staker cannot withdraw until unlocked", async () => {
      const { pooToken, staking, users } = await loadFixture(stakingFixture);
      const [alice] = users;
      assert.ok(alice);
      await staking.write.stake([poo(100)], { account: alice.account });
      await networkHelpers.time.increase(86_400);
      await pooToken.write.lock([alice.account.address]);
      await viem.assertions.revertWithCustomErrorWithArgs(
        staking.write.withdraw({ account: alice.account }),
        pooToken,
        "AccountLocked",
        [alice.account.address],
      );
      await pooToken.write.unlock([alice.account.address]);
      await staking.write.withdraw({ account: alice.account });
    });

    it("only the owner locks and unlocks, and the zero address cannot be locked", async () => {
      const { pooToken, alice, bob } = await loadFixture(tokensFixture);
      await viem.assertions.revertWithCustomError(
        pooToken.write.lock([ZERO_ADDRESS]),
        pooToken,
        "ZeroAddress",
      );
      for (const call of [
        pooToken.write.lock([bob.account.address], { account: alice.account }),
        pooToken.write.unlock([bob.account.address], { account: alice.account }),
      ]) {
        await viem.assertions.revertWithCustomErrorWithArgs(call, pooToken, "OwnableUnauthorizedAccount", [
          alice.account.address,
        ]);
      }
    });
  });

  describe("staking and swap contract addresses", () => {
    it("sets each address with an event naming the previous and new value", async () => {
      const { pooToken, alice, bob } = await loadFixture(tokensFixture);
      const first = alice.account.address;
      const second = bob.account.address;
      await viem.assertions.emitWithArgs(
        pooToken.write.setStakingContract([first]),
        pooToken,
        "StakingContractSet",
        [ZERO_ADDRESS, first],
      );
      await viem.assertions.emitWithArgs(
        pooToken.write.setStakingContract([second]),
        pooToken,
        "StakingContractSet",
        [first, second],
      );
      assert.equal((await pooToken.read.stakingContract()).toLowerCase(), second.toLowerCase());

      await viem.assertions.emitWithArgs(
        pooToken.write.setSwapContract([first]),
        pooToken,
        "SwapContractSet",
        [ZERO_ADDRESS, first],
      );
      assert.equal((await pooToken.read.swapContract()).toLowerCase(), first.toLowerCase());
    });

    it("rejects the zero address and non-owners", async () => {
      const { pooToken, alice } = await loadFixture(tokensFixture);
      await viem.assertions.revertWithCustomError(
        pooToken.write.setStakingContract([ZERO_ADDRESS]),
        pooToken,
        "ZeroAddress",
      );
      await viem.assertions.revertWithCustomError(
        pooToken.write.setSwapContract([ZERO_ADDRESS]),
        pooToken,
        "ZeroAddress",
      );
      for (const call of [
        pooToken.write.setStakingContract([alice.account.address], { account: alice.account }),
        pooToken.write.setSwapContract([alice.account.address], { account: alice.account }),
      ]) {
        await viem.assertions.revertWithCustomErrorWithArgs(call, pooToken, "OwnableUnauthorizedAccount", [
          alice.account.address,
        ]);
      }
    });

    it("without a staking contract a pause stops every transfer", async () => {
      const { pooToken, alice } = await loadFixture(tokensFixture);
      await pooToken.write.pause();
      await viem.assertions.revertWithCustomError(
        pooToken.write.transfer([alice.account.address, 1n]),
        pooToken,
        "EnforcedPause",
      );
    });
  });

  describe("stray tokens and ether", () => {
    it("the owner withdraws POO and other tokens sent to the contract", async () => {
      const { pooToken, crapToken, alice } = await loadFixture(tokensFixture);
      await pooToken.write.transfer([pooToken.address, poo(7)]);
      await crapToken.write.transfer([pooToken.address, poo(3)]);

      await viem.assertions.emitWithArgs(
        pooToken.write.withdrawTokens([pooToken.address, alice.account.address, poo(7)]),
        pooToken,
        "TokensWithdrawn",
        [pooToken.address, alice.account.address, poo(7)],
      );
      await pooToken.write.withdrawTokens([crapToken.address, alice.account.address, poo(3)]);
      assert.equal(await pooToken.read.balanceOf([alice.account.address]), poo(7));
      assert.equal(await crapToken.read.balanceOf([alice.account.address]), poo(3));
      assert.equal(await crapToken.read.balanceOf([pooToken.address]), 0n);
    });

    it("token withdrawals reject the zero recipient, non-owners and amounts not held", async () => {
      const { pooToken, crapToken, alice } = await loadFixture(tokensFixture);
      await viem.assertions.revertWithCustomError(
        pooToken.write.withdrawTokens([crapToken.address, ZERO_ADDRESS, 1n]),
        pooToken,
        "ZeroAddress",
      );
      await viem.assertions.revertWithCustomErrorWithArgs(
        pooToken.write.withdrawTokens([crapToken.address, alice.account.address, 1n], {
          account: alice.account,
        }),
        pooToken,
        "OwnableUnauthorizedAccount",
        [alice.account.address],
      );
      await viem.assertions.revertWithCustomError(
        pooToken.write.withdrawTokens([crapToken.address, alice.account.address, 1n]),
        crapToken,
        "ERC20InsufficientBalance",
      );
    });

    it("receives ether and lets the owner withdraw it", async () => {
      const { pooToken, owner, bob } = await loadFixture(tokensFixture);
      const amount = parseEther("1.5");
      await owner.sendTransaction({ to: pooToken.address, value: amount });
      const publicClient = await viem.getPublicClient();
      assert.equal(await publicClient.getBalance({ address: pooToken.address }), amount);

      const hash = pooToken.write.withdrawEther([bob.account.address, amount]);
      await viem.assertions.balancesHaveChanged(hash, [
        { address: bob.account.address, amount },
        { address: pooToken.address, amount: -amount },
      ]);
      await viem.assertions.emitWithArgs(
        pooToken.write.withdrawEther([bob.account.address, 0n]),
        pooToken,
        "EtherWithdrawn",
        [bob.account.address, 0n],
      );
    });

    it("ether withdrawals reject the zero recipient, non-owners, missing funds and refusing recipients", async () => {
      const { pooToken, owner, alice } = await loadFixture(tokensFixture);
      await owner.sendTransaction({ to: pooToken.address, value: 10n });
      await viem.assertions.revertWithCustomError(
        pooToken.write.withdrawEther([ZERO_ADDRESS, 1n]),
        pooToken,
        "ZeroAddress",
      );
      await viem.assertions.revertWithCustomErrorWithArgs(
        pooToken.write.withdrawEther([alice.account.address, 1n], { account: alice.account }),
        pooToken,
        "OwnableUnauthorizedAccount",
        [alice.account.address],
      );
      await viem.assertions.revertWithCustomErrorWithArgs(
        pooToken.write.withdrawEther([alice.account.address, 11n]),
        pooToken,
        "InsufficientBalance",
        [10n, 11n],
      );
      const rejecter = await viem.deployContract("EtherRejecter");
      await viem.assertions.revertWithCustomError(
        pooToken.write.withdrawEther([rejecter.address, 1n]),
        pooToken,
        "FailedCall",
      );
    });
  });
});
