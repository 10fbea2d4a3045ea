import { describe, expect, it } from "vitest";
import { clientRateLimitKey } from "./clientRateLimitKey";

describe("clientRateLimitKey", () => {
  it("keys IPv4 by the address", () => {
    expect(clientRateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientRateLimitKey("203.0.113.8")).toBe("203.0.113.8");
  });

  it("keys IPv6 by its /64, whatever the spelling", () => {
    const key = "2001:db8:0:1::/64";
    for (const address of [
      "2001:db8:0:1::1",
      "2001:db8:0:1:ffff:ffff:ffff:ffff",
      "2001:0DB8:0000:0001:0000:0000:0000:0001",
      "2001:db8::1:0:0:0:2",
      "2001:db8:0:1:1:2:3.4.5.6",
      "2001:db8:0:1::5%eth0",
    ]) {
      expect(clientRateLimitKey(address), address).toBe(key);
    }
    expect(clientRateLimitKey("2001:db8::1")).toBe("2001:db8::/64");
    expect(clientRateLimitKey("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
    expect(clientRateLimitKey("::1")).toBe("::/64");
    expect(clientRateLimitKey("fe80::1%wlan0")).toBe("fe80::/64");
  });

  it("keys IPv4-mapped IPv6 as the IPv4 address, in dotted and hex spellings", () => {
    expect(clientRateLimitKey("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(clientRateLimitKey("::FFFF:102:304")).toBe("1.2.3.4");
    expect(clientRateLimitKey("0:0:0:0:0:ffff:0102:0304")).toBe("1.2.3.4");
  });

  it("leaves anything that is not an IP address as it is", () => {
    expect(clientRateLimitKey("unknown")).toBe("unknown");
    expect(clientRateLimitKey("127.1")).toBe("127.1");
  });
});
