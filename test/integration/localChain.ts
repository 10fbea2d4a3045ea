import http from "node:http";
import type { AddressInfo } from "node:net";
import { network } from "hardhat";
import { createPublicClient, createTestClient, createWalletClient, http as httpTransport } from "viem";
import { hardhat } from "viem/chains";
import type { Deployment } from "../../scripts/lib/deploy-stack.ts";
import { deployStack, installMulticall3, LOCAL_DEFAULTS } from "../../scripts/lib/deploy-stack.ts";

export interface LocalChain {
  url: string;
  deployment: Deployment;
  close(): Promise<void>;
}

/** An in-process Hardhat chain on an ephemeral port with the real contracts and Multicall3 installed. */
export async function startLocalChain(): Promise<LocalChain> {
  const server = await network.createServer("default", "127.0.0.1", 0);
  const { port } = await server.listen();
  const url = `http://127.0.0.1:${port}`;
  const chain = { ...hardhat, rpcUrls: { default: { http: [url] } } };
  const transport = httpTransport(url);
  const publicClient = createPublicClient({ chain, transport });
  const accounts = await createWalletClient({ chain, transport }).getAddresses();
  const walletClient = createWalletClient({ chain, transport, account: accounts[0]! });
  await installMulticall3(createTestClient({ chain, transport, mode: "hardhat" }));
  const deployment = await deployStack({
    publicClient,
    walletClient,
    ...LOCAL_DEFAULTS,
    seed: { accounts: accounts.slice(0, 5), pooEach: LOCAL_DEFAULTS.seedPooEach },
  });
  return { url, deployment, close: () => server.close() };
}

export interface CountingProxy {
  url: string;
  /** JSON-RPC methods seen, one entry per JSON-RPC message (a batch counts each of its messages). */
  methods: string[];
  /** HTTP requests seen. */
  httpRequests: number;
  reset(): void;
  close(): Promise<void>;
}

/** An HTTP proxy in front of the node that counts what a client sends. */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const state = { methods: [] as string[], httpRequests: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      state.httpRequests++;
      const parsed = JSON.parse(body) as { method: string } | { method: string }[];
      for (const message of Array.isArray(parsed) ? parsed : [parsed]) state.methods.push(message.method);
      fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body })
        .then(async (upstream) => {
          res.writeHead(upstream.status, { "content-type": "application/json" });
          res.end(await upstream.text());
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get methods() {
      return state.methods;
    },
    get httpRequests() {
      return state.httpRequests;
    },
    reset() {
      state.methods = [];
      state.httpRequests = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
