import { describe, expect, it } from "vitest";
import { FakeLaunchpadGateway } from "../../adapters/fake/fakeLaunchpadGateway";
import { toAddress } from "../../domain/address";
import { UnknownError } from "../../domain/errors/unknownError";
import { GetWhitelistRegistration } from "./getWhitelistRegistration";

const account = toAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
const other = toAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");

describe("GetWhitelistRegistration", () => {
  it("is null before registering, then the signed-in wallet's registration", async () => {
    const gateway = new FakeLaunchpadGateway({ account });
    const useCase = new GetWhitelistRegistration(gateway);
    await expect(useCase.execute("crap")).resolves.toBeNull();
    await gateway.register("crap", 5n * 10n ** 17n);
    await expect(useCase.execute("crap")).resolves.toMatchObject({
      address: account,
      amountWei: 5n * 10n ** 17n,
    });
    await expect(useCase.execute("poo")).resolves.toBeNull();
  });

  it("keeps registrations per wallet", async () => {
    const gateway = new FakeLaunchpadGateway({ account });
    await gateway.register("crap", 10n ** 18n);
    gateway.signInAs(other);
    await expect(new GetWhitelistRegistration(gateway).execute("crap")).resolves.toBeNull();
  });

  it("asks to sign in when there is no session", async () => {
    const useCase = new GetWhitelistRegistration(new FakeLaunchpadGateway({ account: null }));
    await expect(useCase.execute("crap")).rejects.toMatchObject({ reason: "sign-in-required" });
  });

  it("wraps unexpected failures", async () => {
    const gateway = new FakeLaunchpadGateway({ account }).failNext("getRegistration", new Error("socket"));
    await expect(new GetWhitelistRegistration(gateway).execute("crap")).rejects.toBeInstanceOf(UnknownError);
  });
});
