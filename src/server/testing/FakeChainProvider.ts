import type { ChainProviders, UpstreamAnswer, UpstreamCall } from "../ports/ChainProviders";

/** A transaction the fake chain has mined (in its head block), and one it has not. */
export const MINED_TX = `0x${"aa".repeat(32)}`;
export const PENDING_TX = `0x${"bb".repeat(32)}`;

/**
 * A chain's provider as the gateway sees it: a head that tests move, answers that name the block they
 * were read at, and every request it received. `hold()` keeps answers back until `release()`. Blocks
 * mined again after a revert (`remined()`) have other hashes.
 */
export class FakeChainProvider implements ChainProviders {
  head = 100n;
  private generation = 0;
  requests: UpstreamCall[][] = [];
  failure: Error | undefined;
  private held: (() => void)[] | undefined;

  get calls(): UpstreamCall[] {
    return this.requests.flat();
  }

  callsOf(method: string): UpstreamCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** The gateway's questions for the head (the latest block). */
  get headQuestions(): number {
    return this.calls.filter((call) => call.method === "eth_getBlockByNumber" && call.params[0] === "latest")
      .length;
  }

  /** The chain was reverted and mined again: every block from now on has another hash. */
  remined(): void {
    this.generation += 1;
  }

  hashOf(number: bigint): string {
    return `0x${(BigInt(this.generation) * 1_000_000n + number).toString(16).padStart(64, "0")}`;
  }

  hold(): void {
    this.held = [];
  }

  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const go of held) go();
  }

  async send(_chainId: number, calls: readonly UpstreamCall[]): Promise<UpstreamAnswer[]> {
    this.requests.push([...calls]);
    if (this.held) await new Promise<void>((resolve) => this.held!.push(resolve));
    if (this.failure) throw this.failure;
    return calls.map((call) => this.answer(call));
  }

  private answer({ method, params }: UpstreamCall): UpstreamAnswer {
    const blockOf = (value: unknown): bigint | "latest" =>
      value === "latest" || value === undefined ? "latest" : BigInt(value as string);
    switch (method) {
      case "eth_blockNumber":
        return { result: `0x${this.head.toString(16)}` };
      case "eth_getBlockByNumber": {
        const block = blockOf(params[0]);
        const number = block === "latest" ? this.head : block;
        return {
          result:
            number > this.head ? null : { number: `0x${number.toString(16)}`, hash: this.hashOf(number) },
        };
      }
      case "eth_call": {
        const block = blockOf(params[1]);
        if (block !== "latest" && block > this.head) {
          return {
            error: {
              code: -32000,
              message: `Received invalid block tag ${block}. Latest block number is ${this.head}`,
            },
          };
        }
        return { result: `0x${(block === "latest" ? this.head : block).toString(16).padStart(64, "0")}` };
      }
      case "eth_getTransactionReceipt":
        return {
          result:
            params[0] === MINED_TX
              ? {
                  blockNumber: `0x${this.head.toString(16)}`,
                  blockHash: this.hashOf(this.head),
                  status: "0x1",
                }
              : null,
        };
      default:
        return { result: "0x1" };
    }
  }
}
