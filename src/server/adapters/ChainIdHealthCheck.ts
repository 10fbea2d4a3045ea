import type { PublicClient } from "viem";
import { NotReadyError, type HealthCheck } from "../ports/HealthCheck";
import { rpcFailure } from "./rpcFailure";

/** A chain's RPC is ready when it answers eth_chainId with the chain this server expects there. */
export class ChainIdHealthCheck implements HealthCheck {
  readonly name: string;

  constructor(
    private readonly chainId: number,
    private readonly client: () => PublicClient,
  ) {
    this.name = `chain ${chainId}`;
  }

  async check(): Promise<void> {
    let answered: number;
    try {
      answered = await this.client().getChainId();
    } catch (error) {
      throw rpcFailure(error);
    }
    if (answered !== this.chainId) {
      throw new NotReadyError(`answers chain id ${answered}, expected ${this.chainId}`);
    }
  }
}
