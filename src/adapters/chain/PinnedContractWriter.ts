import { getTransactionCount, simulateContract, writeContract, type Config } from "@wagmi/core";
import { encodeFunctionData, type Abi, type ContractFunctionArgs, type ContractFunctionName } from "viem";
import type { Signer } from "../../application/ports/signer";
import type { WriteOptions } from "../../application/ports/stakingGateway";
import type { Address } from "../../domain/address";
import type { TransactionHash } from "../../domain/transactionHash";
import { assertWalletOn } from "./assertWalletOn";
import type { SentTransactionLog } from "./SentTransactionLog";
import { toChainDomainError } from "./toChainDomainError";

export interface ContractCall<
  TAbi extends Abi,
  TName extends ContractFunctionName<TAbi, "nonpayable" | "payable">,
> {
  readonly address: Address;
  readonly abi: TAbi;
  readonly functionName: TName;
  readonly args: ContractFunctionArgs<TAbi, "nonpayable" | "payable", TName>;
}

/**
 * Sends contract writes pinned to a signer: the wallet must still be on the signer's account and
 * chain (checked before the simulation and again right before the wallet is asked), the call is
 * simulated on the signer's chain first (a revert is decoded without asking the user to pay for it),
 * and the write names the account and chain so that wagmi and viem refuse any other.
 */
export class PinnedContractWriter {
  constructor(
    private readonly config: Config,
    private readonly sent: SentTransactionLog,
  ) {}

  async write<TAbi extends Abi, TName extends ContractFunctionName<TAbi, "nonpayable" | "payable">>(
    signer: Signer,
    call: ContractCall<TAbi, TName>,
    options: WriteOptions = {},
  ): Promise<TransactionHash> {
    try {
      assertWalletOn(this.config, signer);
      const [{ request }, likelyNonce] = await Promise.all([
        simulateContract(this.config, {
          ...call,
          account: signer.account,
          chainId: signer.chainId,
          ...(options.checkAtBlock === undefined ? {} : { blockNumber: options.checkAtBlock }),
        } as never),
        getTransactionCount(this.config, {
          address: signer.account,
          chainId: signer.chainId,
          blockTag: "pending",
        }),
      ]);
      assertWalletOn(this.config, signer);
      const hash = await writeContract(this.config, request as never);
      this.sent.note(hash, {
        from: signer.account,
        to: call.address,
        input: encodeFunctionData({
          abi: call.abi,
          functionName: call.functionName,
          args: call.args,
        } as never),
        likelyNonce,
      });
      return hash;
    } catch (error) {
      throw toChainDomainError(error);
    }
  }
}
