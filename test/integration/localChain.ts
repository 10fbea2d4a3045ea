import http from "node:http";
import type { AddressInfo } from "node:net";
import type { DeploymentRecord } from "../../scripts/lib/ignition/deploymentFromJournal.ts";
import { deployOnSimulatedChain } from "../../scripts/lib/ignition/deployOnSimulatedChain.ts";
import type { StakingContractName } from "../../scripts/lib/ignition/stakingModules.ts";
import { installMulticall3 } from "../../scripts/lib/installMulticall3.ts";
import { seedTestAccounts } from "../../scripts/lib/seedTestAccounts.ts";
import { startSimulatedChain } from "../../scripts/lib/startSimulatedChain.ts";

export interface LocalChain {
  url: string;
  deployment: DeploymentRecord;
  close(): Promise<void>;
}

/**
 * An in-process Hardhat chain on an ephemeral port with the contracts (the Ignition modules) and
 * Multicall3 installed, the first five accounts seeded: our Staking by default, or the
 * ReferenceStaking written from the spec's interface alone.
 */
export async function startLocalChain(stakingContract: StakingContractName = "Staking"): Promise<LocalChain> {
  const chain = await startSimulatedChain("default", 0);
  await installMulticall3(chain.provider);
  const deployment = await deployOnSimulatedChain({ provider: chain.provider, stakingContract });
  await seedTestAccounts(chain.provider, deployment.pooToken);
  return { url: chain.url, deployment, close: () => chain.close() };
}

export interface CountingProxy {
  url: string;
  /** JSON-RPC methods seen, one entry per JSON-RPC message (a batch counts each of its messages). */
  methods: string[];
  /** HTTP requests that carried JSON-RPC (CORS preflights and refused bodies are not counted). */
  httpRequests: number;
  /** eth_getLogs requests refused for their range (see CountingProxyOptions.maxLogRange). */
  refusedLogRanges: number;
  reset(): void;
  close(): Promise<void>;
}

export interface CountingProxyOptions {
  /** Port on 127.0.0.1; default 0, an ephemeral port. */
  port?: number;
  /**
   * Refuse an eth_getLogs (a single message, not in a batch) whose block range is wider than this,
   * as public providers do, with a JSON-RPC error saying the range is too large.
   */
  maxLogRange?: number;
  /** Answers each request this many ms later, as a remote provider would (default 0). */
  latencyMs?: number;
}

/** The refusal a capped provider sends for a wide eth_getLogs; undefined when the body is served. */
function logRangeRefusal(body: string, maxLogRange: number | undefined): string | undefined {
  if (maxLogRange === undefined) return undefined;
  const message = JSON.parse(body) as {
    id?: unknown;
    method?: unknown;
    params?: Array<{ fromBlock?: unknown; toBlock?: unknown }>;
  };
  if (Array.isArray(message) || message.method !== "eth_getLogs") return undefined;
  const { fromBlock, toBlock } = message.params?.[0] ?? {};
  if (typeof fromBlock !== "string" || typeof toBlock !== "string" || !toBlock.startsWith("0x")) {
    return undefined;
  }
  if (Number(BigInt(toBlock) - BigInt(fromBlock)) + 1 <= maxLogRange) return undefined;
  return JSON.stringify({
    jsonrpc: "2.0",
    id: message.id ?? null,
    error: { code: -32602, message: `block range is too large: at most ${maxLogRange} blocks per request` },
  });
}

// Browsers may post to the proxy from a page on another origin (the benchmark's counting build), so it
// answers CORS; it only ever listens on 127.0.0.1.
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
} as const;

/** JSON-RPC 2.0's answer to a body that is not JSON-RPC. */
const PARSE_ERROR = JSON.stringify({
  jsonrpc: "2.0",
  id: null,
  error: { code: -32700, message: "Parse error" },
});

/** The methods of a JSON-RPC message or batch; undefined if the body is not one. */
function jsonRpcMethods(body: string): string[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const methods = (Array.isArray(parsed) ? parsed : [parsed]).map((message: unknown) =>
    typeof message === "object" && message !== null && "method" in message ? message.method : undefined,
  );
  return methods.every((method): method is string => typeof method === "string") ? methods : undefined;
}

/** An HTTP proxy in front of the node that counts what a client sends. */
export async function startCountingProxy(
  target: string,
  options: CountingProxyOptions = {},
): Promise<CountingProxy> {
  const state = { methods: [] as string[], httpRequests: 0, refusedLogRanges: 0 };
  const server = http.createServer((req, res) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        ...CORS_HEADERS,
        "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "content-type",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405, { ...CORS_HEADERS, allow: "POST, OPTIONS" });
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void setTimeout(answer, options.latencyMs ?? 0));
    const answer = () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const methods = jsonRpcMethods(body);
      if (!methods) {
        res.writeHead(400, { ...CORS_HEADERS, "content-type": "application/json" });
        res.end(PARSE_ERROR);
        return;
      }
      state.httpRequests++;
      state.methods.push(...methods);
      const refusal = logRangeRefusal(body, options.maxLogRange);
      if (refusal !== undefined) {
        state.refusedLogRanges++;
        res.writeHead(200, { ...CORS_HEADERS, "content-type": "application/json" });
        res.end(refusal);
        return;
      }
      fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body })
        .then(async (upstream) => {
          res.writeHead(upstream.status, { ...CORS_HEADERS, "content-type": "application/json" });
          res.end(await upstream.text());
        })
        .catch(() => {
          res.writeHead(502, CORS_HEADERS);
          res.end();
        });
    };
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get methods() {
      return state.methods;
    },
    get httpRequests() {
      return state.httpRequests;
    },
    get refusedLogRanges() {
      return state.refusedLogRanges;
    },
    reset() {
      state.methods = [];
      state.httpRequests = 0;
      state.refusedLogRanges = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser's keep-alive connections would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
