import { describe, expect, it } from "vitest";
import { FakeLaunchpadGateway } from "../../adapters/fake/fakeLaunchpadGateway";
import { toAddress } from "../../domain/address";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import { UnknownError } from "../../domain/errors/unknownError";
import type { Launch } from "../../domain/launch/launchCatalogue";
import { LaunchpadRequestError } from "../../domain/launch/launchpadRequestError";
import { RegisterForWhitelist } from "./registerForWhitelist";

const E18 = 10n ** 18n;
const account = toAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
type RegisterForWhitelistLaunch = Pick<Launch, "id" | "name" | "whitelistOpen" | "details">;
const crap: RegisterForWhitelistLaunch = {
  id: "crap",
  name: "CRAP Token",
  whitelistOpen: true,
  details: {
    totalSupplyBillions: 250,
    allocationPercent: 8,
    marketCapThousands: 20,
    tokenomics: [{ label: "Presale", value: 30, unit: "%" }],
    contribution: { minEth: 0.01, maxEth: 2 },
  },
};

function setup(signedIn = true) {
  let now = new Date("2026-01-01T00:00:00Z");
  const gateway = new FakeLaunchpadGateway({ account: signedIn ? account : null, now: () => now });
  const advance = (ms: number): void => {
    now = new Date(now.getTime() + ms);
  };
  return { gateway, useCase: new RegisterForWhitelist(gateway), advance };
}

describe("RegisterForWhitelist", () => {
  it("registers a first amount, then changes it", async () => {
    const { gateway, useCase, advance } = setup();
    const first = await useCase.execute({ launch: crap, amountWei: E18 / 2n });
    expect(first.created).toBe(true);
    expect(first.registration).toMatchObject({ launchId: "crap", address: account, amountWei: E18 / 2n });

    advance(60_000);
    const second = await useCase.execute({ launch: crap, amountWei: 2n * E18 });
    expect(second.created).toBe(false);
    expect(second.registration.amountWei).toBe(2n * E18);
    expect(second.registration.createdAt).toEqual(first.registration.createdAt);
    expect(second.registration.updatedAt.getTime() - first.registration.updatedAt.getTime()).toBe(60_000);
    expect(gateway.calls).toEqual([
      { method: "register", launchId: "crap", amountWei: E18 / 2n },
      { method: "register", launchId: "crap", amountWei: 2n * E18 },
    ]);
  });

  it.each([
    ["the minimum", 10n ** 16n],
    ["the maximum", 2n * E18],
  ])("accepts %s", async (_case, amountWei) => {
    const { useCase } = setup();
    await expect(useCase.execute({ launch: crap, amountWei })).resolves.toMatchObject({ created: true });
  });

  it.each([
    ["below 0.01 ETH", 10n ** 16n - 1n],
    ["above 2 ETH", 2n * E18 + 1n],
    ["zero", 0n],
  ])("refuses an amount %s without calling the service", async (_case, amountWei) => {
    const { gateway, useCase } = setup();
    const error = await useCase.execute({ launch: crap, amountWei }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LaunchpadRequestError);
    expect(error).toMatchObject({
      reason: "invalid",
      shortMessage: "The amount must be between 0.01 and 2 ETH.",
    });
    expect(gateway.calls).toEqual([]);
  });

  it("refuses a launch whose whitelist is closed", async () => {
    const { gateway, useCase } = setup();
    await expect(
      useCase.execute({ launch: { ...crap, whitelistOpen: false }, amountWei: E18 }),
    ).rejects.toMatchObject({ reason: "not-open", shortMessage: "The CRAP Token whitelist is not open." });
    expect(gateway.calls).toEqual([]);
  });

  it("passes the service's refusal through (not signed in)", async () => {
    const { useCase } = setup(false);
    await expect(useCase.execute({ launch: crap, amountWei: E18 })).rejects.toMatchObject({
      reason: "sign-in-required",
      shortMessage: "Sign in with your wallet first.",
    });
  });

  it("passes the server's eligibility refusal through", async () => {
    const { gateway, useCase } = setup();
    gateway.failNext(
      "register",
      new LaunchpadRequestError("ineligible", "You are ineligible for a whitelist: ..."),
    );
    await expect(useCase.execute({ launch: crap, amountWei: E18 })).rejects.toMatchObject({
      reason: "ineligible",
    });
  });

  it("keeps domain errors and wraps anything else", async () => {
    const { gateway, useCase } = setup();
    gateway.failNext("register", new RpcUnavailableError());
    await expect(useCase.execute({ launch: crap, amountWei: E18 })).rejects.toBeInstanceOf(
      RpcUnavailableError,
    );
    gateway.failNext("register", new TypeError("boom"));
    await expect(useCase.execute({ launch: crap, amountWei: E18 })).rejects.toBeInstanceOf(UnknownError);
  });
});
