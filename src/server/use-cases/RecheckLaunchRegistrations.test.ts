import { parseEther } from "viem";
import { describe, expect, it } from "vitest";
import { DevPriceSource } from "../adapters/DevPriceSource";
import { PriceSourceError } from "../ports/PriceSource";
import { FakeBalanceReader } from "../testing/FakeBalanceReader";
import { alice, bob, carol } from "../testing/hardhatAccounts";
import { memoryLogger } from "../testing/memoryLogger";
import { memoryStores } from "../testing/memoryStores";
import { GetEligibilityPrice } from "./GetEligibilityPrice";
import { GetPooPrice } from "./GetPooPrice";
import { RecheckLaunchRegistrations } from "./RecheckLaunchRegistrations";

const NOW = Date.parse("2025-06-02T10:00:00.000Z");

async function setup(priceUsd = 0.0042) {
  const stores = memoryStores();
  const balances = new FakeBalanceReader();
  const register = (address: `0x${string}`, chainId = 31337) =>
    stores.registrationStore.upsert({
      launchId: "crap",
      chainId,
      address,
      amountWei: 10n ** 17n,
      at: new Date(NOW),
      check: {
        pooBalanceWei: parseEther("30000"),
        blockNumber: 90n,
        priceUsd: 0.0042,
        priceAt: new Date(NOW),
        checkedAt: new Date(NOW),
      },
      priceWindowStart: new Date(NOW),
    });
  for (const account of [alice, bob, carol]) await register(account.address);
  await register(alice.address, 11155111);
  const price = new GetEligibilityPrice({
    price: new GetPooPrice({
      source: new DevPriceSource(priceUsd, () => NOW),
      logger: memoryLogger(),
      now: () => NOW,
    }),
    store: stores.eligibilityPriceStore,
    logger: memoryLogger(),
    now: () => NOW,
  });
  const recheck = new RecheckLaunchRegistrations({
    balances,
    price,
    store: stores.registrationStore,
    now: () => NOW + 1,
  });
  return { stores, balances, recheck };
}

describe("RecheckLaunchRegistrations", () => {
  it("reads every balance of a chain at one block in one batch and marks those below 100 USD", async () => {
    const { stores, balances, recheck } = await setup();
    balances.blockNumber = 500n;
    balances
      .set(31337, alice.address, parseEther("23810")) // 100.002 USD: still eligible
      .set(31337, bob.address, parseEther("23809")) // 99.99 USD: below
      .set(31337, carol.address, 0n)
      .set(11155111, alice.address, parseEther("50000"));

    const result = await recheck.execute("crap");
    expect(result).toEqual({
      ok: true,
      chains: [
        {
          chainId: 31337,
          blockNumber: 500n,
          priceUsd: 0.0042,
          checked: 3,
          eligible: 1,
          belowThreshold: [bob.address, carol.address].sort(),
          changed: 2,
        },
        {
          chainId: 11155111,
          blockNumber: 500n,
          priceUsd: 0.0042,
          checked: 1,
          eligible: 1,
          belowThreshold: [],
          changed: 0,
        },
      ],
    });
    expect(balances.batchReads).toEqual([
      { chainId: 31337, blockNumber: 500n, count: 3 },
      { chainId: 11155111, blockNumber: 500n, count: 1 },
    ]);
    expect(balances.reads).toEqual([]);
    const key = { launchId: "crap", chainId: 31337 };
    expect(await stores.registrationStore.find({ ...key, address: bob.address })).toMatchObject({
      standing: "below-threshold",
      lastCheck: {
        pooBalanceWei: parseEther("23809"),
        blockNumber: 500n,
        priceUsd: 0.0042,
        checkedAt: new Date(NOW + 1),
      },
      amountWei: 10n ** 17n,
    });
    expect(await stores.registrationStore.find({ ...key, address: alice.address })).toMatchObject({
      standing: "eligible",
      lastCheck: { blockNumber: 500n },
    });

    // Bob buys POO; the next re-check lifts him back.
    balances.set(31337, bob.address, parseEther("40000"));
    const again = await recheck.execute("crap");
    expect(again).toMatchObject({ ok: true, chains: [{ eligible: 2, changed: 1 }, { changed: 0 }] });
  });

  it("changes nothing when the price is unavailable, and reports a launch without registrations", async () => {
    const { stores, balances } = await setup();
    const down = new GetEligibilityPrice({
      price: new GetPooPrice({
        source: { fetchPooUsd: async () => Promise.reject(new PriceSourceError("HTTP 429")) },
        logger: memoryLogger(),
        now: () => NOW,
      }),
      store: stores.eligibilityPriceStore,
      logger: memoryLogger(),
      now: () => NOW,
    });
    const recheck = new RecheckLaunchRegistrations({
      balances,
      price: down,
      store: stores.registrationStore,
      now: () => NOW,
    });
    expect(await recheck.execute("crap")).toMatchObject({ ok: false, status: 503 });
    expect(balances.batchReads).toEqual([]);
    expect(
      await stores.registrationStore.find({ launchId: "crap", chainId: 31337, address: bob.address }),
    ).toMatchObject({
      lastCheck: { blockNumber: 90n },
    });

    const { recheck: working } = await setup();
    expect(await working.execute("nothing-here")).toEqual({ ok: true, chains: [] });
  });
});
