import { describe, expect, it } from "vitest";
import { FakeClock } from "../../adapters/fake/fakeClock";
import { FakePriceSource } from "../../adapters/fake/fakePriceSource";
import { FakeTokenGateway } from "../../adapters/fake/fakeTokenGateway";
import { toAddress } from "../../domain/address";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import { CheckWhitelistEligibility } from "./checkWhitelistEligibility";
import { LookupPooPrice } from "./lookupPooPrice";

const E18 = 10n ** 18n;
const account = toAddress("0x5555555555555555555555555555555555555555");

function setup(
  balance: bigint,
  price: number | Error,
): { useCase: CheckWhitelistEligibility; token: FakeTokenGateway } {
  const token = new FakeTokenGateway().setBalance(account, balance);
  const prices =
    typeof price === "number" ? new FakePriceSource(price) : new FakePriceSource().failWith(price);
  const lookup = new LookupPooPrice({ prices, clock: new FakeClock() });
  return { useCase: new CheckWhitelistEligibility({ token, price: lookup }), token };
}

describe("CheckWhitelistEligibility", () => {
  it("is eligible from 100 USD of POO", async () => {
    const { useCase, token } = setup(400n * E18, 0.25);
    expect(await useCase.execute(account)).toEqual({ status: "eligible", valueUsd: 100, priceUsd: 0.25 });
    expect(token.calls).toEqual([{ method: "balanceOf", account }]);
  });

  it("is ineligible below, with the shortfall", async () => {
    const { useCase } = setup(300n * E18, 0.25);
    expect(await useCase.execute(account)).toEqual({
      status: "ineligible",
      valueUsd: 75,
      priceUsd: 0.25,
      shortfallUsd: 25,
    });
  });

  it("says the price is unavailable instead of calling the user ineligible", async () => {
    const { useCase } = setup(1_000_000n * E18, new RpcUnavailableError());
    expect(await useCase.execute(account)).toEqual({
      status: "price-unavailable",
      reason: "The POO price is unavailable right now.",
    });
  });

  it("throws a domain error when the balance cannot be read", async () => {
    const { useCase, token } = setup(0n, 1);
    token.failNext("balanceOf", new RpcUnavailableError());
    await expect(useCase.execute(account)).rejects.toBeInstanceOf(RpcUnavailableError);
  });
});
