import { afterEach, describe, expect, it } from "vitest";
import { parseNginxAccessLine } from "./startNginx";
import { answer, freePort, NginxRig } from "./testing/nginxTestRig";

// Debian's nginx with the repository's configuration, in front of two small HTTP servers standing in
// for `npm run serve` instances: what the configuration promises about failover and forwarding.
const rig = new NginxRig();
afterEach(() => rig.stopAll());

describe("nginx with deploy/nginx/poo-finance.conf", () => {
  it("moves GET and POST away from an instance that refuses connections, and forwards the client", async () => {
    const up = await rig.standIn((request, response) =>
      answer(
        response,
        JSON.stringify({
          forwardedFor: request.headers["x-forwarded-for"],
          proto: request.headers["x-forwarded-proto"],
          requestId: request.headers["x-request-id"],
        }),
      ),
    );
    const downPort = await freePort(); // nothing listens there: a stopped instance
    const nginx = await rig.nginx([`127.0.0.1:${downPort}`, up.address]);

    const answers = [];
    for (const method of ["GET", "POST", "GET", "POST"]) {
      const response = await fetch(`${nginx.url}/api/x`, {
        method,
        headers: { "x-forwarded-for": "203.0.113.9" },
        ...(method === "POST" ? { body: "{}" } : {}),
      });
      expect(response.headers.get("content-security-policy")).toBe("default-src 'self'");
      answers.push({
        status: response.status,
        body: JSON.parse(await response.text()) as Record<string, string>,
      });
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(up.hits).toHaveLength(4);
    // nginx appends the address it saw; the instance reads from the right (TRUSTED_PROXIES).
    expect(answers[0]?.body.forwardedFor).toBe("203.0.113.9, 127.0.0.1");
    expect(answers[0]?.body.proto).toBe("http");
    expect(answers[0]?.body.requestId).toMatch(/^[0-9a-f]{32}$/);
    // The refused instance was tried once, then left alone for fail_timeout.
    const failedOver = nginx.accessLog().filter((entry) => entry.upstreams.length === 2);
    expect(failedOver).toHaveLength(1);
    expect(failedOver[0]?.upstreams).toEqual([`127.0.0.1:${downPort}`, up.address]);
  });

  // Both instances read the request, then drop the connection without an answer.
  const droppingPair = async () => {
    const a = await rig.standIn((request) => request.socket.destroy());
    const b = await rig.standIn((request) => request.socket.destroy());
    return { nginx: await rig.nginx([a.address, b.address]), hits: () => a.hits.length + b.hits.length };
  };

  it("resends a GET whose connection broke after it was sent", async () => {
    const { nginx, hits } = await droppingPair();
    expect((await fetch(`${nginx.url}/api/x`)).status).toBe(502);
    expect(hits()).toBe(2);
  });

  it("never resends a POST once it was sent (a sign-in must not count twice)", async () => {
    const { nginx, hits } = await droppingPair();
    expect((await fetch(`${nginx.url}/api/auth/verify`, { method: "POST", body: "{}" })).status).toBe(502);
    expect(hits()).toBe(1);
  });

  it("resends a chain-read gateway POST whose connection broke (only reads pass the gateway)", async () => {
    const { nginx, hits } = await droppingPair();
    expect((await fetch(`${nginx.url}/api/rpc/31337`, { method: "POST", body: "{}" })).status).toBe(502);
    expect(hits()).toBe(2);
  });
});

describe("parseNginxAccessLine", () => {
  it("reads the instances tried and their statuses", () => {
    expect(
      parseNginxAccessLine(
        '127.0.0.1 [2026-11-26T15:00:00+00:00] "PUT /api/launches/crap/registration HTTP/1.1" 200 51 rt=0.012 upstream="127.0.0.1:8727, 127.0.0.1:8728" upstream_status="502, 200" request_id=abc',
      ),
    ).toEqual({
      request: "PUT /api/launches/crap/registration HTTP/1.1",
      status: 200,
      upstreams: ["127.0.0.1:8727", "127.0.0.1:8728"],
      upstreamStatuses: ["502", "200"],
      requestId: "abc",
    });
  });
});
