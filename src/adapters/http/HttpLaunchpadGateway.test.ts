import { describe, expect, it } from "vitest";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import { UnknownError } from "../../domain/errors/unknownError";
import { LaunchpadRequestError } from "../../domain/launch/launchpadRequestError";
import { HttpLaunchpadGateway } from "./HttpLaunchpadGateway";

const E18 = 10n ** 18n;
const registrationBody = {
  launchId: "crap",
  address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  chainId: 31337,
  amountEth: "0.5",
  amountWei: "500000000000000000",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:05:00.000Z",
  standing: "eligible",
  lastCheck: {
    pooBalanceWei: "30000000000000000000000",
    blockNumber: "1234",
    priceUsd: 0.0042,
    checkedAt: "2026-01-01T00:05:00.000Z",
  },
};
const application = {
  projectName: "Moon Rocket",
  tokenSymbol: "MOON",
  website: "https://moon.example.com",
  contact: "@moonteam",
  description: "A community token that funds rocket hobbyists.",
};

interface Recorded {
  url: string;
  init: RequestInit | undefined;
}

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

function gatewayAnswering(response: () => Response | Promise<Response>) {
  const calls: Recorded[] = [];
  const gateway = new HttpLaunchpadGateway("/api", async (url, init) => {
    calls.push({ url: String(url), init });
    return response();
  });
  return { gateway, calls };
}

describe("HttpLaunchpadGateway.register", () => {
  it("PUTs the amount as exact ETH text with the session cookie, and reads 201 as created", async () => {
    const { gateway, calls } = gatewayAnswering(() => json(201, registrationBody));
    const saved = await gateway.register("crap", E18 / 2n);
    expect(saved.created).toBe(true);
    expect(saved.registration).toEqual({
      launchId: "crap",
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      chainId: 31337,
      amountWei: E18 / 2n,
      createdAt: new Date("2026-01-01T00:00:00.000Z"),
      updatedAt: new Date("2026-01-01T00:05:00.000Z"),
      standing: "eligible",
      lastCheck: {
        pooBalanceWei: 30_000n * E18,
        blockNumber: 1234n,
        checkedAt: new Date("2026-01-01T00:05:00.000Z"),
      },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("/api/launches/crap/registration");
    expect(calls[0]?.init?.method).toBe("PUT");
    expect(calls[0]?.init?.credentials).toBe("same-origin");
    expect(new Headers(calls[0]?.init?.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ amountEth: "0.5" });
  });

  it("reads 200 as a changed registration", async () => {
    const { gateway } = gatewayAnswering(() => json(200, registrationBody));
    await expect(gateway.register("crap", E18 / 2n)).resolves.toMatchObject({ created: false });
  });

  it("sends amounts without float rounding", async () => {
    const { gateway, calls } = gatewayAnswering(() => json(201, registrationBody));
    await gateway.register("crap", E18 + 1n);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ amountEth: "1.000000000000000001" });
  });

  it("escapes the launch id in the path", async () => {
    const { gateway, calls } = gatewayAnswering(() => json(201, registrationBody));
    await gateway.register("a/b", E18);
    expect(calls[0]?.url).toBe("/api/launches/a%2Fb/registration");
  });

  it.each([
    [401, "Sign in with your wallet first.", "sign-in-required", "validation"],
    [
      403,
      "You are ineligible for a whitelist: hold at least 100 USD worth of POO to register. You can buy POO on a decentralised exchange.",
      "ineligible",
      "validation",
    ],
    [403, "Cross-origin request refused.", "invalid", "validation"],
    [400, "amountEth: amountEth must be between 0.01 and 2 ETH.", "invalid", "validation"],
    [415, "Content-Type must be application/json.", "invalid", "validation"],
    [404, "This launch does not exist or is not open for registration.", "not-open", "validation"],
    [429, "Too many requests; retry in 30 s.", "rate-limited", "validation"],
    [
      503,
      "POO price is unavailable, so eligibility cannot be checked right now; please retry.",
      "unavailable",
      "rpc-unavailable",
    ],
  ])("maps HTTP %i to %s with the server's sentence", async (status, error, reason, kind) => {
    const { gateway } = gatewayAnswering(() => json(status, { error }));
    const failure = await gateway.register("crap", E18).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LaunchpadRequestError);
    expect(failure).toMatchObject({ reason, kind, shortMessage: error, details: `HTTP ${status}` });
  });

  it.each([
    [401, "sign-in-required", "Sign in with your wallet first."],
    [403, "invalid", "The launchpad refused the request."],
    [502, "unavailable", "The launchpad service is unavailable right now; please retry."],
  ])("falls back to its own sentence when HTTP %i has no JSON error", async (status, reason, message) => {
    const { gateway } = gatewayAnswering(() => new Response("<html>bad gateway</html>", { status }));
    await expect(gateway.register("crap", E18)).rejects.toMatchObject({ reason, shortMessage: message });
  });

  it("reports an unexpected status as an unknown error", async () => {
    const { gateway } = gatewayAnswering(() => json(418, { error: "I'm a teapot." }));
    const failure = await gateway.register("crap", E18).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UnknownError);
    expect(failure).toMatchObject({ details: "I'm a teapot." });
  });

  it("refuses a success answer of the wrong shape", async () => {
    const { gateway } = gatewayAnswering(() => json(201, { ...registrationBody, amountWei: "0.5" }));
    await expect(gateway.register("crap", E18)).rejects.toMatchObject({
      details: "the launchpad service sent an unexpected answer",
    });
  });

  it("reports an unreachable service", async () => {
    const gateway = new HttpLaunchpadGateway("/api", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(gateway.register("crap", E18)).rejects.toBeInstanceOf(RpcUnavailableError);
  });

  it("gives up after its timeout", async () => {
    const gateway = new HttpLaunchpadGateway(
      "/api",
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
      20,
    );
    const failure = await gateway.register("crap", E18).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RequestTimeoutError);
    expect(failure).toMatchObject({ timeoutMs: 20 });
  });
});

describe("HttpLaunchpadGateway.getRegistration", () => {
  it("GETs the registration", async () => {
    const { gateway, calls } = gatewayAnswering(() => json(200, registrationBody));
    await expect(gateway.getRegistration("crap")).resolves.toMatchObject({ amountWei: E18 / 2n });
    expect(calls[0]?.init?.method).toBe("GET");
    expect(calls[0]?.init?.body).toBeUndefined();
  });

  it("reads a registration below the threshold after a re-check, and one with no recorded check", async () => {
    const below = { ...registrationBody, standing: "below-threshold" };
    await expect(
      gatewayAnswering(() => json(200, below)).gateway.getRegistration("crap"),
    ).resolves.toMatchObject({
      standing: "below-threshold",
      lastCheck: { blockNumber: 1234n },
    });
    const unchecked = { ...registrationBody, lastCheck: null };
    await expect(
      gatewayAnswering(() => json(200, unchecked)).gateway.getRegistration("crap"),
    ).resolves.toMatchObject({ standing: "eligible", lastCheck: null });
    const unknown = { ...registrationBody, standing: "maybe" };
    await expect(
      gatewayAnswering(() => json(200, unknown)).gateway.getRegistration("crap"),
    ).rejects.toBeInstanceOf(UnknownError);
  });

  it("reads 404 as no registration", async () => {
    const { gateway } = gatewayAnswering(() =>
      json(404, { error: "You have no registration for this launch." }),
    );
    await expect(gateway.getRegistration("crap")).resolves.toBeNull();
  });

  it("reads 401 as sign-in required", async () => {
    const { gateway } = gatewayAnswering(() => json(401, { error: "Sign in with your wallet first." }));
    await expect(gateway.getRegistration("crap")).rejects.toMatchObject({ reason: "sign-in-required" });
  });
});

describe("HttpLaunchpadGateway.submitApplication", () => {
  it("POSTs the application and returns its id", async () => {
    const { gateway, calls } = gatewayAnswering(() => json(201, { id: "5f0c" }));
    await expect(gateway.submitApplication(application)).resolves.toEqual({ id: "5f0c" });
    expect(calls[0]?.url).toBe("/api/launch-applications");
    expect(calls[0]?.init?.method).toBe("POST");
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual(application);
  });

  it("shows the server's field message on 400", async () => {
    const { gateway } = gatewayAnswering(() =>
      json(400, { error: "tokenSymbol: tokenSymbol must be 2 to 11 uppercase letters or digits." }),
    );
    await expect(gateway.submitApplication(application)).rejects.toMatchObject({
      reason: "invalid",
      shortMessage: "tokenSymbol: tokenSymbol must be 2 to 11 uppercase letters or digits.",
    });
  });

  it("maps 429 to rate-limited", async () => {
    const { gateway } = gatewayAnswering(() => json(429, { error: "Too many requests; retry in 60 s." }));
    await expect(gateway.submitApplication(application)).rejects.toMatchObject({ reason: "rate-limited" });
  });
});
