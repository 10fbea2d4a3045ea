import { getAccount, type Config } from "@wagmi/core";
import type { Signer } from "../../application/ports/signer";
import type { Address } from "../../domain/address";
import { WalletChangedError } from "../../domain/errors/walletChangedError";

/** Throws WalletChangedError unless the wallet is still on the signer's account and chain. */
export function assertWalletOn(config: Config, signer: Signer): void {
  const { address, chainId } = getAccount(config);
  if (address?.toLowerCase() !== signer.account.toLowerCase() || chainId !== signer.chainId) {
    throw new WalletChangedError({
      expected: { account: signer.account, chainId: signer.chainId },
      actual: { account: address as Address | undefined, chainId },
    });
  }
}
