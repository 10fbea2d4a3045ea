import { describe, expect, it } from "vitest";
import { isLoopbackUrl } from "./isLoopbackUrl";

describe("isLoopbackUrl", () => {
  it("knows this machine's names and addresses", () => {
    for (const url of [
      "http://127.0.0.1:8545",
      "http://127.1.2.3",
      "http://localhost:5173",
      "http://LOCALHOST",
      "http://[::1]:8545/rpc",
      "ws://127.0.0.1:8545",
    ]) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
  });

  it("is false for other hosts, look-alikes and text that is not a URL", () => {
    for (const url of [
      "https://ethereum-sepolia-rpc.publicnode.com",
      "http://10.0.0.5:8545",
      "http://127.0.0.1.example.com",
      "http://localhost.example.com",
      "http://[::2]",
      "127.0.0.1:8545",
      "",
    ]) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });
});
