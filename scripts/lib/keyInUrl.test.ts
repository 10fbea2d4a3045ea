import { describe, expect, it } from "vitest";
import { keyInUrl } from "./keyInUrl";

describe("keyInUrl", () => {
  it("finds the keys of the usual providers, saying where without repeating them", () => {
    const keyed: Record<string, string> = {
      "https://sepolia.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161":
        "its path holds a key-like segment of 32 characters",
      "https://eth-sepolia.g.alchemy.com/v2/Zx3kP9qR7tLmN2vB8cD4fG6hJ1wY5sA0":
        "its path holds a key-like segment of 32 characters",
      "https://frosty-wild-bush.ethereum-sepolia.quiknode.pro/5e5a8b7a21c9f3d0a8bc2ee2b4d6a1c3f9e7d5b1/":
        "its path holds a key-like segment of 40 characters",
      "https://rpc.ankr.com/eth_sepolia/3c8e0f5a9b7d2e4f6a1c3b5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e3f":
        "its path holds a key-like segment of 64 characters",
      "https://nd-123-456-789.p2pify.com/0a1b2c3d4e5f60718293a4b5c6d7e8f9":
        "its path holds a key-like segment of 32 characters",
      "https://lb.drpc.org/ogrpc?network=sepolia&dkey=AkR2yZ1w9Xq3": 'its query has a "dkey" parameter',
      "https://rpc.example/sepolia?apikey=short": 'its query has a "apikey" parameter',
      "https://user:hunter2@rpc.example/sepolia": "it carries credentials (user:password@)",
      "https://eth-sepolia.blastapi.io/6f2b1e0c-8a4d-4c3b-9e7f-1a2b3c4d5e6f":
        "its path holds a key-like segment of 36 characters",
    };
    for (const [url, reason] of Object.entries(keyed)) {
      const said = keyInUrl(url);
      expect(said, url).toBe(reason);
    }
  });

  it("passes public RPCs, loopback nodes and word-like paths", () => {
    for (const url of [
      "https://ethereum-sepolia-rpc.publicnode.com",
      "https://rpc.sepolia.org",
      "https://sepolia.drpc.org",
      "https://1rpc.io/sepolia",
      "https://rpc.ankr.com/eth_sepolia",
      "https://eth-sepolia.public.blastapi.io",
      "https://gateway.tenderly.co/public/sepolia",
      "https://ethereum-sepolia.blockpi.network/v1/rpc/public",
      "https://eth-sepolia.g.alchemy.com/v2/demo",
      "https://rpc.example/ethereum-sepolia-rpc-2024",
      "http://127.0.0.1:8545",
      "http://127.0.0.1:8656/",
      "https://11155111.rpc.thirdweb.com",
    ]) {
      expect(keyInUrl(url), url).toBeUndefined();
    }
  });
});
