import type { Browser, Page } from "@playwright/test";
import { decodeFunctionData, getAddress, parseAbi, toFunctionSelector, type Address, type Hex } from "viem";
import type { CountingProxy } from "../test/integration/localChain";
import { sleep, waitForQuiet } from "./browser";
import { allowance, blockNumber, transactionsAfter, type ChainClients, type MinedTransaction } from "./chain";
import { NAMES, POLL_WINDOW_MS, QUIET_MS } from "./config";
import {
  connectButton,
  connectLocalWallet,
  dismissResult,
  enabledUnstakeButton,
  expectSuccess,
  fillStakeDialog,
  waitForFigures,
} from "./stakePage";
import { countBy } from "./stats";

const multicall3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "function aggregate3(Call3[] calls) payable returns ((bool success, bytes returnData)[])",
]);

export interface RpcWindow {
  /** JSON-RPC messages counted at the proxy (a batch counts each of its messages). */
  messages: number;
  /** HTTP requests that carried them. */
  httpRequests: number;
  byMethod: Record<string, number>;
  /**
   * Account-snapshot reads, as the page sent them: eth_call of Multicall3.aggregate3 with calls to
   * both the POO token and the Staking contract.
   */
  snapshotReads: number;
  /** Every eth_call of the window, described ("aggregate3[11: POO×2 CRAP×1 Staking×7 Multicall3×1]"). */
  ethCalls: string[];
  /** From the start of the window until 1 s of quiet after its end condition. */
  durationMs: number;
  /** False if the window ended on its time limit instead of QUIET_MS of quiet. */
  quiet: boolean;
}

export interface FlowWindow extends RpcWindow {
  transactions: MinedTransaction[];
  /** Whether a 4-s poll may have landed inside the window (it lasted longer than one poll period). */
  mayIncludePoll: boolean;
}

export interface RpcResults {
  proxyUrl: string;
  connectedLoad: RpcWindow & {
    /** Messages before "Connect Wallet" was clicked (the page as a visitor without wallet sees it). */
    beforeConnect: number;
  };
  polling: {
    windowMs: number;
    messages: number;
    perMinute: number;
    byMethod: Record<string, number>;
    /** The eth_calls of the window, described, with their counts. */
    ethCalls: Record<string, number>;
  };
  stakeWithApproval: FlowWindow & { approvalNeeded: boolean };
  unstake: FlowWindow;
}

export interface SeenMessage {
  at: number;
  method: string;
  snapshot: boolean;
  /** For eth_call: what it reads. */
  call?: string;
}

interface RpcMessage {
  method?: string;
  params?: unknown[];
}

/** Names the contracts of an eth_call: aggregate3 with its calls grouped by target, or target + selector. */
function describeCall(
  to: string | undefined,
  data: Hex,
  names: Map<string, string>,
): { text: string; snapshot: boolean } {
  const name = (address: string): string => names.get(address.toLowerCase()) ?? address;
  try {
    const decoded = decodeFunctionData({ abi: multicall3Abi, data });
    const calls = decoded.args[0];
    const byTarget = new Map<string, number>();
    for (const call of calls) {
      const target = name(call.target);
      const fn = target === "Multicall3" ? MULTICALL3_FUNCTIONS[call.callData.slice(0, 10)] : undefined;
      const key = fn ? `${target}.${fn}` : target;
      byTarget.set(key, (byTarget.get(key) ?? 0) + 1);
    }
    const parts = [...byTarget].map(([target, n]) => `${target}×${n}`).join(" ");
    return {
      text: `${name(to ?? "?")}.aggregate3[${calls.length}: ${parts}]`,
      snapshot: byTarget.has("POO") && byTarget.has("Staking"),
    };
  } catch {
    return { text: `${name(to ?? "?")} ${data.slice(0, 10)}`, snapshot: false };
  }
}

/**
 * Records the JSON-RPC messages the page posts to any of `rpcUrls` (URL prefixes: the site's gateway,
 * a public RPC; observation only, nothing is intercepted).
 */
export function observeRpc(
  page: Page,
  rpcUrls: readonly string[],
  names: Map<string, string>,
): SeenMessage[] {
  const seen: SeenMessage[] = [];
  page.on("request", (request) => {
    if (!rpcUrls.some((url) => request.url().startsWith(url)) || request.method() !== "POST") return;
    let body: unknown;
    try {
      body = request.postDataJSON();
    } catch {
      return;
    }
    for (const message of (Array.isArray(body) ? body : [body]) as RpcMessage[]) {
      const entry: SeenMessage = { at: Date.now(), method: message.method ?? "?", snapshot: false };
      if (message.method === "eth_call") {
        const call = message.params?.[0] as { to?: string; data?: Hex; input?: Hex } | undefined;
        const described = describeCall(call?.to, call?.data ?? call?.input ?? "0x", names);
        entry.call = described.text;
        entry.snapshot = described.snapshot;
      }
      seen.push(entry);
    }
  });
  return seen;
}

function windowOf(proxy: CountingProxy, seen: SeenMessage[], startedAt: number, quiet: boolean): RpcWindow {
  return {
    messages: proxy.methods.length,
    httpRequests: proxy.httpRequests,
    byMethod: countBy(proxy.methods),
    snapshotReads: seen.filter((m) => m.at >= startedAt && m.snapshot).length,
    ethCalls: seen.filter((m) => m.at >= startedAt && m.call !== undefined).map((m) => m.call as string),
    durationMs: Date.now() - startedAt,
    quiet,
  };
}

/** Waits for the next snapshot poll to go out, then for the proxy to be quiet briefly: a window starts right after a tick. */
async function alignToPoll(proxy: CountingProxy, seen: SeenMessage[]): Promise<void> {
  const since = Date.now();
  const deadline = since + 15_000;
  while (Date.now() < deadline && !seen.some((m) => m.at >= since && m.snapshot)) await sleep(20);
  await waitForQuiet(() => proxy.methods.length, 150, 2_000);
}

const POLL_PERIOD_MS = 4_000;
export const MULTICALL3 = getAddress("0xcA11bde05977b3631167028862bE2a173976CA11");
/** Multicall3's own helpers that viem and the app read through aggregate3. */
const MULTICALL3_FUNCTIONS: Record<string, string> = Object.fromEntries(
  ["getEthBalance(address)", "getCurrentBlockTimestamp()", "getBlockNumber()"].map((sig) => [
    toFunctionSelector(sig),
    sig.slice(0, sig.indexOf("(")),
  ]),
);

/**
 * JSON-RPC messages that reach the node for what the app does, counted at the proxy in front of it
 * (the API's gateway relays the app's reads there; the Local test wallet sends there): a connected
 * page load, idle polling, a stake that needs an approval, and an unstake after MIN_STAKE_DURATION.
 */
export async function measureRpc(options: {
  browser: Browser;
  webUrl: string;
  proxy: CountingProxy;
  clients: ChainClients;
  account: Address;
  pooToken: Address;
  crapToken: Address;
  staking: Address;
  stakeQuantity: bigint;
  stakeQuantityText: string;
  minStakeDuration: bigint;
}): Promise<RpcResults> {
  const { browser, webUrl, proxy, clients } = options;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const names = new Map<string, string>([
      [options.pooToken.toLowerCase(), "POO"],
      [options.crapToken.toLowerCase(), "CRAP"],
      [options.staking.toLowerCase(), "Staking"],
      [MULTICALL3.toLowerCase(), "Multicall3"],
    ]);
    // The page reads through the site's gateway (vite preview passes /api to the API, which relays to
    // the proxy); the Local test wallet sends straight to the chain's RPC (the proxy).
    const seen = observeRpc(page, [`${new URL(webUrl).origin}/api/rpc/`, proxy.url], names);

    // 1. First visit of a user with a wallet: load, connect, figures shown, then 1 s of quiet.
    proxy.reset();
    const loadStarted = Date.now();
    await page.goto(webUrl, { waitUntil: "load" });
    await connectButton(page).waitFor({ state: "visible", timeout: 30_000 });
    const beforeConnect = proxy.methods.length;
    await connectLocalWallet(page);
    await waitForFigures(page);
    const loadQuiet = await waitForQuiet(() => proxy.methods.length, QUIET_MS, 15_000);
    const connectedLoad = { ...windowOf(proxy, seen, loadStarted, loadQuiet), beforeConnect };

    // 2. Idle, connected: what the page keeps sending.
    proxy.reset();
    const pollStarted = Date.now();
    await sleep(POLL_WINDOW_MS);
    const polling = {
      windowMs: POLL_WINDOW_MS,
      messages: proxy.methods.length,
      perMinute: (proxy.methods.length * 60_000) / POLL_WINDOW_MS,
      byMethod: countBy(proxy.methods),
      ethCalls: countBy(
        seen.filter((m) => m.at >= pollStarted && m.call !== undefined).map((m) => m.call as string),
      ),
    };

    // 3. Stake MIN_STAKE with an approval first (the account starts with no allowance).
    const approvalNeeded =
      (await allowance(clients, options.pooToken, options.account, options.staking)) < options.stakeQuantity;
    const stakeFrom = await blockNumber(clients);
    await alignToPoll(proxy, seen);
    proxy.reset();
    const stakeStarted = Date.now();
    const enter = await fillStakeDialog(page, options.stakeQuantityText);
    await enter.click();
    await expectSuccess(page, NAMES.stakeSuccess);
    const stakeSuccessAt = Date.now();
    const stakeQuiet = await waitForQuiet(() => proxy.methods.length, QUIET_MS, 15_000);
    const stakeWindow = windowOf(proxy, seen, stakeStarted, stakeQuiet);
    const stakeWithApproval = {
      ...stakeWindow,
      transactions: await transactionsAfter(clients, stakeFrom),
      mayIncludePoll: stakeSuccessAt - stakeStarted > POLL_PERIOD_MS - 500,
      approvalNeeded,
    };
    await dismissResult(page);

    // 4. Unstake once the lock is over (chain time moved by the benchmark, straight at the node).
    await clients.testClient.increaseTime({ seconds: Number(options.minStakeDuration) + 1 });
    await clients.testClient.mine({ blocks: 1 });
    const unstakeFrom = await blockNumber(clients);
    await enabledUnstakeButton(page).waitFor({ state: "visible", timeout: 30_000 });
    await alignToPoll(proxy, seen);
    proxy.reset();
    const unstakeStarted = Date.now();
    await enabledUnstakeButton(page).click();
    await expectSuccess(page, NAMES.unstakeSuccess);
    const unstakeSuccessAt = Date.now();
    const unstakeQuiet = await waitForQuiet(() => proxy.methods.length, QUIET_MS, 15_000);
    const unstake = {
      ...windowOf(proxy, seen, unstakeStarted, unstakeQuiet),
      transactions: await transactionsAfter(clients, unstakeFrom),
      mayIncludePoll: unstakeSuccessAt - unstakeStarted > POLL_PERIOD_MS - 500,
    };
    await dismissResult(page);

    return { proxyUrl: proxy.url, connectedLoad, polling, stakeWithApproval, unstake };
  } finally {
    await context.close();
  }
}
