import { pad } from "viem";
import { describe, expect, it } from "vitest";
import { startFakeRpc } from "../testing/fakeHttpService";
import { alice, bob } from "../testing/hardhatAccounts";
import { scriptedTransport, type RpcCall } from "../testing/scriptedTransport";
import { PublicClientPool } from "./PublicClientPool";
import { ViemSignatureVerifier } from "./ViemSignatureVerifier";

function verifierOnChain(answer: (call: RpcCall) => unknown) {
  const scripted = scriptedTransport(answer);
  const pool = new PublicClientPool({ 31337: "http://127.0.0.1:8545" }, () => scripted.transport);
  return { verifier: new ViemSignatureVerifier((chainId) => pool.get(chainId)), calls: scripted.calls };
}

const message = "127.0.0.1:5173 wants you to sign in with your Ethereum account:\n...";

describe("ViemSignatureVerifier", () => {
  it("accepts an EOA signature without asking the chain", async () => {
    const { verifier, calls } = verifierOnChain(() => {
      throw new Error("chain must not be asked");
    });
    const signature = await alice.signMessage({ message });
    expect(await verifier.verify({ chainId: 31337, address: alice.address, message, signature })).toBe(true);
    expect(calls).toEqual([]);
  });

  it("asks the chain (ERC-6492 / ERC-1271) when the signature is not the address's own, and rejects on false", async () => {
    const { verifier, calls } = verifierOnChain(({ method }) => (method === "eth_call" ? pad("0x00") : null));
    const signature = await bob.signMessage({ message });
    expect(await verifier.verify({ chainId: 31337, address: alice.address, message, signature })).toBe(false);
    expect(calls.map((call) => call.method)).toContain("eth_call");
  });

  it("accepts a contract wallet whose on-chain check says valid", async () => {
    const { verifier } = verifierOnChain(({ method }) => (method === "eth_call" ? pad("0x01") : null));
    const signature = await bob.signMessage({ message });
    const contractWallet = "0x00000000000000000000000000000000000c0de1";
    expect(await verifier.verify({ chainId: 31337, address: contractWallet, message, signature })).toBe(true);
  });

  it("throws when the chain cannot be asked, so callers can answer 503 instead of 'invalid'", async () => {
    const { verifier } = verifierOnChain(() => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:8545");
    });
    const signature = await bob.signMessage({ message });
    await expect(
      verifier.verify({ chainId: 31337, address: alice.address, message, signature }),
    ).rejects.toThrow();
  });

  it("throws an error without the RPC URL, which viem's message repeats (the path may be a key)", async () => {
    const rpc = await startFakeRpc(() => ({ httpStatus: 500 }));
    try {
      const pool = new PublicClientPool({ 31337: `${rpc.url}/v2/PROVIDERKEY` });
      const verifier = new ViemSignatureVerifier((chainId) => pool.get(chainId));
      const signature = await bob.signMessage({ message });
      const failure = await verifier
        .verify({ chainId: 31337, address: alice.address, message, signature })
        .then(
          () => undefined,
          (error: unknown) => error as Error,
        );
      expect(failure?.message).toMatch(/^HTTP request failed\./);
      expect(failure?.message).not.toContain("PROVIDERKEY");
    } finally {
      await rpc.close();
    }
  });

  it("throws for a chain without RPC configuration", async () => {
    const { verifier } = verifierOnChain(() => null);
    const signature = await bob.signMessage({ message });
    await expect(verifier.verify({ chainId: 1, address: alice.address, message, signature })).rejects.toThrow(
      "No RPC URL configured for chain 1.",
    );
  });
});
