import { verifyMessage } from "viem";
import type { SignatureCheck, SignatureVerifier } from "../ports/SignatureVerifier";

/** Recovers the signer locally; accepts externally owned accounts only (no chain needed). */
export class EcdsaSignatureVerifier implements SignatureVerifier {
  async verify({ address, message, signature }: SignatureCheck): Promise<boolean> {
    try {
      return await verifyMessage({ address, message, signature });
    } catch {
      // An unparseable signature is simply not a valid one.
      return false;
    }
  }
}
