import { describe, expect, it } from "vitest";
import { alice } from "../testing/hardhatAccounts";
import { CLIENT, createTestApi } from "../testing/testApi";

describe("requestLog", () => {
  it("writes one line per request: id, method, route pattern, status, time and the client's address", async () => {
    const api = createTestApi();
    const session = { cookie: await api.signIn(alice) };
    const answer = await api.request("PUT", "/api/launches/crap/registration", { amountEth: "0.5" }, session);
    expect(answer.status).toBe(201);

    const requests = api.logger.lines.filter((line) => line.message === "request");
    expect(requests.map((line) => [line.fields?.method, line.fields?.route, line.fields?.status])).toEqual([
      ["GET", "/api/auth/nonce", 200],
      ["POST", "/api/auth/verify", 200],
      ["PUT", "/api/launches/:launchId/registration", 201],
    ]);
    expect(requests.at(-1)?.fields).toEqual({
      reqId: answer.headers.get("x-request-id"),
      method: "PUT",
      route: "/api/launches/:launchId/registration",
      status: 201,
      ms: expect.any(Number),
      client: CLIENT,
    });
    expect(answer.headers.get("x-request-id")).toMatch(/^[\da-f-]{36}$/);
  });

  it("keeps a proxy's request id and logs the pattern, not the path a client typed", async () => {
    const api = createTestApi();
    const response = await api.request("GET", "/api/launches/token-0xabc/registration?who=me", undefined, {
      headers: { "x-request-id": "nginx-4f2a" },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("x-request-id")).toBe("nginx-4f2a");
    const line = api.logger.lines.find((entry) => entry.message === "request");
    expect(line?.fields).toMatchObject({
      reqId: "nginx-4f2a",
      route: "/api/launches/:launchId/registration",
    });
    expect(JSON.stringify(api.logger.lines)).not.toMatch(/token-0xabc|who=me/);
  });
});
