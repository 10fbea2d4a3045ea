import { describe, expect, it } from "vitest";
import { FakeLaunchpadGateway } from "../../adapters/fake/fakeLaunchpadGateway";
import { toAddress } from "../../domain/address";
import type { LaunchApplicationInput } from "../../domain/launch/launchApplication";
import { LaunchpadRequestError } from "../../domain/launch/launchpadRequestError";
import { SubmitLaunchApplication } from "./submitLaunchApplication";

const account = toAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
const input: LaunchApplicationInput = {
  projectName: " Moon Rocket ",
  tokenSymbol: "MOON",
  website: "https://moon.example.com",
  contact: "@moonteam",
  description: "A community token that funds rocket hobbyists.",
};

describe("SubmitLaunchApplication", () => {
  it("sends the trimmed application and returns its reference", async () => {
    const gateway = new FakeLaunchpadGateway({ account });
    await expect(new SubmitLaunchApplication(gateway).execute(input)).resolves.toEqual({
      id: "application-1",
    });
    expect(gateway.applications).toEqual([{ ...input, projectName: "Moon Rocket" }]);
  });

  it("refuses an invalid application without sending it", async () => {
    const gateway = new FakeLaunchpadGateway({ account });
    const error = await new SubmitLaunchApplication(gateway)
      .execute({ ...input, tokenSymbol: "moon" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LaunchpadRequestError);
    expect(error).toMatchObject({
      reason: "invalid",
      shortMessage: "Use 2 to 11 uppercase letters or digits, e.g. POO.",
    });
    expect(gateway.calls).toEqual([]);
  });

  it("passes the service's refusals through", async () => {
    const gateway = new FakeLaunchpadGateway({ account: null });
    await expect(new SubmitLaunchApplication(gateway).execute(input)).rejects.toMatchObject({
      reason: "sign-in-required",
    });
    gateway
      .signInAs(account)
      .failNext(
        "submitApplication",
        new LaunchpadRequestError("rate-limited", "Too many requests; retry in 60 s."),
      );
    await expect(new SubmitLaunchApplication(gateway).execute(input)).rejects.toMatchObject({
      reason: "rate-limited",
      shortMessage: "Too many requests; retry in 60 s.",
    });
  });
});
