import { encodeFunctionData, erc20Abi, type Address } from "viem";
import { describe, expect, it } from "vitest";
import { FakeChainProvider } from "../testing/FakeChainProvider";
import { memoryLogger } from "../testing/memoryLogger";
import { RelayChainReads } from "../use-cases/RelayChainReads";
import { chainReadMetrics } from "./chainReadMetrics";
import { ServerMetrics } from "./ServerMetrics";

const POO: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const USER: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const read = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "eth_call",
  params: [
    { to: POO, data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [USER] }) },
    "latest",
  ],
});

describe("chainReadMetrics", () => {
  it("counts what reached the providers, what was served without them, refusals by reason and failed providers", async () => {
    const metrics = new ServerMetrics();
    const observer = chainReadMetrics(metrics);
    const provider = new FakeChainProvider();
    const relay = new RelayChainReads({
      providers: provider,
      chainIds: [31337],
      contractsOf: async () => [POO],
      logger: memoryLogger(),
      now: () => 0,
      observer,
    });
    provider.hold();
    const together = [relay.relay(31337, read(1)), relay.relay(31337, read(2))];
    await new Promise((resolve) => setTimeout(resolve, 5));
    provider.release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    provider.release();
    await Promise.all(together);
    await relay.relay(31337, read(3));
    await relay.relay(31337, [
      { jsonrpc: "2.0", id: 4, method: "hardhat_setBalance", params: [] },
      {
        jsonrpc: "2.0",
        id: 5,
        method: "eth_getLogs",
        params: [{ address: POO, fromBlock: "0x0", toBlock: "0xffffff" }],
      },
    ]);
    observer.providerFailed(31337, 1);
    const { text } = await metrics.exposition();
    for (const line of [
      'poo_chain_read_upstream_requests_total{chain="31337",kind="head"} 1',
      'poo_chain_read_upstream_requests_total{chain="31337",kind="read"} 1',
      'poo_chain_read_upstream_calls_total{chain="31337"} 2',
      'poo_chain_read_shared_total{chain="31337"} 1',
      'poo_chain_read_cache_hits_total{chain="31337"} 1',
      'poo_chain_read_refusals_total{chain="31337",reason="method"} 1',
      'poo_chain_read_refusals_total{chain="31337",reason="log-range"} 1',
      'poo_chain_read_provider_failures_total{chain="31337",provider="1"} 1',
    ]) {
      expect(text).toContain(line);
    }
  });
});
