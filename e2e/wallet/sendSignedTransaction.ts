import {
  createWalletClient,
  http,
  type Chain,
  type Hash,
  type PrivateKeyAccount,
  type SignedAuthorizationList,
} from "viem";
import { prepareTransactionRequest, sendRawTransaction } from "viem/actions";
import type { TransactionParams } from "./walletParams";

export interface SendSignedTransactionParameters {
  readonly account: PrivateKeyAccount;
  /** The wallet's current network: its id goes into the signature, whatever chain the node serves. */
  readonly chain: Chain;
  readonly rpcUrl: string;
  /** With `authorizationList`, an EIP-7702 (type-4) transaction. */
  readonly transaction: TransactionParams & { readonly authorizationList?: SignedAuthorizationList };
}

/**
 * What a wallet does once the user confirms: fills what the app left out (nonce, gas, fees) from the
 * node, signs with the account's own key and sends the raw transaction. The node never signs.
 */
export async function sendSignedTransaction({
  account,
  chain,
  rpcUrl,
  transaction: tx,
}: SendSignedTransactionParameters): Promise<{ hash: Hash; nonce: number }> {
  const client = createWalletClient({ account, chain, transport: http(rpcUrl, { retryCount: 0 }) });
  const legacyFees = tx.gasPrice !== undefined || tx.type === "legacy" || tx.type === "eip2930";
  const fees = legacyFees
    ? { gasPrice: tx.gasPrice }
    : { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas };
  const request = await prepareTransactionRequest(client, {
    account,
    chain,
    type: tx.type ?? (legacyFees ? "legacy" : undefined),
    to: tx.to,
    value: tx.value,
    data: tx.data,
    gas: tx.gas,
    nonce: tx.nonce,
    accessList: tx.accessList,
    authorizationList: tx.authorizationList,
    ...fees,
  } as Parameters<typeof prepareTransactionRequest>[1]);
  const serializedTransaction = await account.signTransaction(
    request as Parameters<PrivateKeyAccount["signTransaction"]>[0],
  );
  const hash = await sendRawTransaction(client, { serializedTransaction });
  return { hash, nonce: Number(request.nonce) };
}
