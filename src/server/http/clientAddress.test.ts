import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddressResolver } from "./clientAddress";

/** What the resolver answers for a request from `peer` carrying `forwardedFor`. */
async function clientOf(trusted: string[], peer: string | undefined, forwardedFor?: string): Promise<string> {
  const resolve = clientAddressResolver(trusted, () => peer);
  const app = new Hono().get("/", (c) => c.text(resolve(c)));
  const headers = forwardedFor === undefined ? undefined : { "x-forwarded-for": forwardedFor };
  return (await app.request("/", { headers })).text();
}

describe("clientAddressResolver", () => {
  it("takes the client from X-Forwarded-For only through trusted proxies", async () => {
    expect(await clientOf(["10.0.0.1"], "10.0.0.1", "203.0.113.7")).toBe("203.0.113.7");
    // Two trusted hops (CDN then load balancer), read from the right.
    expect(await clientOf(["10.0.0.0/8"], "10.0.0.2", "203.0.113.7, 10.1.2.3")).toBe("203.0.113.7");
    expect(await clientOf(["10.0.0.0/8", "2001:db8::/32"], "2001:db8::1", "198.51.100.4")).toBe(
      "198.51.100.4",
    );
  });

  it("never believes the client itself: a forged entry stays left of the one the proxy appended", async () => {
    expect(await clientOf(["10.0.0.1"], "10.0.0.1", "1.1.1.1, 203.0.113.7")).toBe("203.0.113.7");
    expect(await clientOf(["10.0.0.1"], "203.0.113.7", "1.1.1.1")).toBe("203.0.113.7");
    expect(await clientOf([], "203.0.113.7", "1.1.1.1")).toBe("203.0.113.7");
  });

  it("normalises IPv4-mapped IPv6 and ports, and stops at junk", async () => {
    expect(await clientOf(["127.0.0.1"], "::ffff:127.0.0.1", "[2001:db8::5]:4431")).toBe("2001:db8::5");
    expect(await clientOf(["127.0.0.1"], "127.0.0.1", "198.51.100.4:5678")).toBe("198.51.100.4");
    expect(await clientOf(["127.0.0.1"], "127.0.0.1", "not-an-ip")).toBe("127.0.0.1");
    expect(await clientOf(["127.0.0.1"], "127.0.0.1")).toBe("127.0.0.1");
    expect(await clientOf(["127.0.0.1"], undefined, "198.51.100.4")).toBe("unknown");
  });
});
