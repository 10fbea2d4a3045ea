import { describe, expect, it } from "vitest";
import { MAX_ACTIVITY_LIMIT, parseActivityQuery, parseChainId } from "../src/api/parseActivityQuery";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("parseActivityQuery (the indexer's /activity input)", () => {
  it("takes a served chain, an address (lower-cased, as rows store it) and a limit, 1000 by default", () => {
    expect(parseActivityQuery({ chainId: "31337", account: ACCOUNT }, 31337)).toEqual({
      ok: true,
      value: { chainId: 31337, account: ACCOUNT.toLowerCase(), limit: MAX_ACTIVITY_LIMIT },
    });
    expect(parseActivityQuery({ chainId: "31337", account: ACCOUNT, limit: "5" }, 31337)).toMatchObject({
      ok: true,
      value: { limit: 5 },
    });
  });

  it.each([
    [
      { chainId: "31337", account: "0x1234" },
      'account must be an address (0x followed by 40 hex digits), got "0x1234".',
    ],
    [{ chainId: "31337", account: `${ACCOUNT}00` }, /account must be an address/],
    [{ chainId: "31337" }, "account is required: a 0x address."],
    [{ chainId: "1", account: ACCOUNT }, "This indexer serves chain 31337, not chain 1."],
    [{ chainId: "1e3", account: ACCOUNT }, 'chainId must be a positive whole number, got "1e3".'],
    [{ account: ACCOUNT }, "chainId is required, e.g. ?chainId=31337."],
    [
      { chainId: "31337", account: ACCOUNT, limit: "100000000" },
      'limit must be a whole number from 1 to 1000, got "100000000".',
    ],
    [{ chainId: "31337", account: ACCOUNT, limit: "0" }, /limit must be a whole number from 1 to 1000/],
    [{ chainId: "31337", account: ACCOUNT, limit: "2.5" }, /limit must be/],
  ])("refuses %j with a message that says what to fix", (query, message) => {
    const parsed = parseActivityQuery(query, 31337);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it("cuts what it echoes of a huge value", () => {
    const parsed = parseChainId("9".repeat(5000), 31337);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.length).toBeLessThan(120);
  });
});
