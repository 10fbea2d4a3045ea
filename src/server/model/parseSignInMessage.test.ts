import { createSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { alice } from "../testing/hardhatAccounts";
import { parseSignInMessage } from "./parseSignInMessage";

const issuedAt = new Date("2025-06-02T10:00:00.000Z");
const fields = {
  address: alice.address,
  chainId: 31337,
  domain: "127.0.0.1:5173",
  nonce: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6",
  uri: "http://127.0.0.1:5173",
  version: "1" as const,
  statement: "Sign in to POO Finance to register for token launches.",
  issuedAt,
  expirationTime: new Date("2025-06-03T10:00:00.000Z"),
};
/** The web app's message (src/app/auth/createSignInMessage.ts writes it with these fields). */
const valid = createSiweMessage(fields);
const lines = valid.split("\n");

describe("parseSignInMessage", () => {
  it("reads the canonical message", () => {
    expect(parseSignInMessage(valid)).toEqual(fields);
    const full = createSiweMessage({
      ...fields,
      scheme: "https",
      notBefore: issuedAt,
      requestId: "req-1%2F2",
      resources: [
        "https://poo.finance/terms",
        "ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi",
      ],
    });
    expect(parseSignInMessage(full)).toMatchObject({ scheme: "https", requestId: "req-1%2F2" });
    const bare = createSiweMessage({ ...fields, statement: undefined, expirationTime: undefined });
    expect(parseSignInMessage(bare)).toMatchObject({ nonce: fields.nonce, issuedAt });
  });

  // Each of these was accepted before (viem's parser is not anchored) and must not be.
  it.each([
    ["an extra line after the last field", `${valid}\nAdmin: true`],
    ["a trailing line break", `${valid}\n`],
    ["a statement spread over two lines", valid.replace(fields.statement, `${fields.statement}\nAnd more.`)],
    ["an extra paragraph before URI:", valid.replace("\nURI: ", "\nTransfer all your POO.\n\nURI: ")],
    [
      "Not Before written before an Expiration Time that has passed",
      [...lines.slice(0, -1), `Not Before: ${issuedAt.toISOString()}`, lines.at(-1)].join("\n"),
    ],
    ["text before the domain line", `Hello!\n${valid}`],
    ["CRLF line ends", valid.replaceAll("\n", "\r\n")],
    ["an address that is not EIP-55 checksummed", valid.replace(alice.address, alice.address.toLowerCase())],
    ["a time without milliseconds", valid.replace("10:00:00.000Z", "10:00:00Z")],
    ["a time in another zone", valid.replace("2025-06-02T10:00:00.000Z", "2025-06-02T12:00:00.000+02:00")],
    ["a statement with a text-direction override", valid.replace("token launches", "token \u202Esehcnual")],
    ["a statement outside EIP-4361's characters", valid.replace("launches.", "launches. \u00e9")],
    ["an empty Request ID", `${valid}\nRequest ID: `],
    ["a Request ID with a space", `${valid}\nRequest ID: a b`],
    ["a resource that is not a URI", `${valid}\nResources:\n- not a uri`],
    ["a version other than 1", valid.replace("Version: 1", "Version: 2")],
    ["a nonce shorter than 8 characters", valid.replace(fields.nonce, "abc123")],
    ["no Issued At", lines.filter((line) => !line.startsWith("Issued At: ")).join("\n")],
    ["an impossible date", valid.replace("2025-06-02T10", "2025-13-02T10")],
    ["a text that is not EIP-4361 at all", "hello"],
  ])("refuses %s", (_shape, message) => {
    expect(message).not.toBe(valid);
    expect(parseSignInMessage(message)).toBeUndefined();
  });
});
