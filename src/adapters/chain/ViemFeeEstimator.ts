import type { Config } from "@wagmi/core";
import { encodeFunctionData, type PublicClient } from "viem";
import type { FeeEstimator, FeeQuote } from "../../application/ports/feeEstimator";
import type { Signer } from "../../application/ports/signer";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import type { FeePerGas } from "../../domain/networkFee";
import type { StakeSending } from "../../domain/stakeSending";
import { transactionGas, type MeasuredCall } from "../../domain/transactionGas";
import { approveAndStakeCalls } from "./approveAndStakeCalls";
import type { ChainContracts } from "./ChainContracts";
import { measureCalls, type AccountCall } from "./measureCalls";
import { publicClientOn } from "./publicClientOn";
import { specStakingAbi } from "./specStakingAbi";
import { toChainDomainError } from "./toChainDomainError";

/**
 * Fees from the chain itself, in one JSON-RPC batch (one HTTP request): the calls measured as the
 * signer in one eth_call (measureCalls: the stake after its approval, which eth_estimateGas cannot do
 * before the approval exists), the latest block's base fee, eth_maxPriorityFeePerGas and the
 * signer's balance. Each transaction's gas is its intrinsic cost, calldata and measured execution
 * (domain/transactionGas); a batch is one transaction of both calls.
 */
export class ViemFeeEstimator implements FeeEstimator {
  constructor(
    private readonly config: Config,
    private readonly contracts: ChainContracts,
  ) {}

  async quoteStake(signer: Signer, quantity: bigint, sending: StakeSending): Promise<FeeQuote> {
    const [approve, stake] = approveAndStakeCalls(this.contracts.on(signer.chainId), quantity);
    if (sending === "stake") {
      return await this.quote(signer, [stake], ([measured]) => [transactionGas([measured!])]);
    }
    if (sending === "approve-then-stake") {
      return await this.quote(signer, [approve, stake], (measured) =>
        measured.map((call) => transactionGas([call])),
      );
    }
    // A batch from an account without code carries the EIP-7702 authorization that upgrades it,
    // whatever the wallet calls its capability (some upgrade on the first batch without asking).
    return await this.quote(
      signer,
      [approve, stake],
      (measured, hasCode) => [
        transactionGas(measured, { upgrade: sending === "batch-with-upgrade" || !hasCode }),
      ],
      { askCode: true },
    );
  }

  async quoteUnstake(signer: Signer): Promise<FeeQuote> {
    const withdraw: AccountCall = {
      to: this.contracts.on(signer.chainId).staking,
      data: encodeFunctionData({ abi: specStakingAbi, functionName: "withdraw" }),
    };
    return await this.quote(signer, [withdraw], ([measured]) => [transactionGas([measured!])]);
  }

  private async quote(
    signer: Signer,
    calls: readonly AccountCall[],
    toTransactions: (measured: MeasuredCall[], hasCode: boolean) => bigint[],
    { askCode = false }: { askCode?: boolean } = {},
  ): Promise<FeeQuote> {
    try {
      const client = publicClientOn(this.config, signer.chainId);
      // A batch's cost depends on whether the account already has code (is upgraded): asked only then.
      const [measurement, price, balance, code] = await Promise.all([
        measureCalls(client, signer.account, calls),
        feePerGas(client),
        client.getBalance({ address: signer.account }),
        askCode ? client.getCode({ address: signer.account }) : undefined,
      ]);
      if (!measurement.ok) throw measurement.reason ?? new ContractRevertError();
      const measured = calls.map((call, i) => ({
        data: call.data,
        executionGas: measurement.gasUsed[i] ?? 0n,
      }));
      return {
        gasPerTransaction: toTransactions(measured, code !== undefined && code !== "0x"),
        price,
        balance,
        currency: client.chain?.nativeCurrency.symbol ?? "ETH",
      };
    } catch (error) {
      throw toChainDomainError(error);
    }
  }
}

/** The latest block's base fee and the tip the node suggests; a chain without base fee: its gas price. */
async function feePerGas(client: PublicClient): Promise<FeePerGas> {
  const [block, tip] = await Promise.all([
    client.getBlock({ blockTag: "latest" }),
    client.request({ method: "eth_maxPriorityFeePerGas" }).then(
      (hex) => BigInt(hex),
      () => undefined,
    ),
  ]);
  if (block.baseFeePerGas === null)
    return { baseFeePerGas: await client.getGasPrice(), priorityFeePerGas: 0n };
  return { baseFeePerGas: block.baseFeePerGas, priorityFeePerGas: tip ?? 0n };
}
