import { createSiweMessage, parseSiweMessage, type SiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { createSignInMessage, SIGN_IN_VALIDITY_MS } from "./createSignInMessage";

const args = {
  nonce: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6",
  address: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  chainId: 31337,
} as const;
const location = { host: "127.0.0.1:5173", origin: "http://127.0.0.1:5173" };
const now = new Date("2025-06-02T10:00:00.123Z");

describe("createSignInMessage", () => {
  // The API accepts a message only when it is exactly the canonical EIP-4361 text of its fields
  // (src/server/model/parseSignInMessage.ts): the same round trip through viem.
  it("writes the canonical EIP-4361 text of its fields, with an EIP-55 address and a 24 h expiry", () => {
    const message = createSignInMessage(args, location, now);
    const fields = parseSiweMessage(message) as SiweMessage;
    expect(createSiweMessage(fields)).toBe(message);
    expect(fields).toMatchObject({
      address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      domain: location.host,
      uri: location.origin,
      issuedAt: now,
      expirationTime: new Date(now.getTime() + SIGN_IN_VALIDITY_MS),
    });
    // EIP-4361's statement is printable ASCII without line breaks.
    expect(fields.statement).toMatch(/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]+$/);
  });
});
