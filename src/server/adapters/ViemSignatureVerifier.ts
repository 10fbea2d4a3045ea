import { verifyMessage, type PublicClient } from "viem";
import type { SignatureCheck, SignatureVerifier } from "../ports/SignatureVerifier";
import { rpcFailure } from "./rpcFailure";

/**
 * Verifies a personal-message signature for any kind of account: an EOA signature is recovered
 * locally; anything else is checked on the chain (ERC-1271 deployed wallets, ERC-6492
 * counterfactual ones) through the chain's public client.
 */
export class ViemSignatureVerifier implements SignatureVerifier {
  constructor(private readonly clientFor: (chainId: number) => PublicClient) {}

  async verify({ chainId, address, message, signature }: SignatureCheck): Promise<boolean> {
    const recovered = await verifyMessage({ address, message, signature }).catch(() => false);
    if (recovered) return true;
    const client = this.clientFor(chainId);
    try {
      // viem reports a failed verification call as "invalid", even when the node is unreachable.
      // Probing first makes an RPC outage throw (-> 503) instead of looking like a bad signature.
      await client.getCode({ address });
      return await client.verifyMessage({ address, message, signature });
    } catch (error) {
      // viem's message repeats the RPC URL, whose path may be the provider's key.
      throw rpcFailure(error);
    }
  }
}
