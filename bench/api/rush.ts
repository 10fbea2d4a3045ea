import type { PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { SITE, SITE_HOST } from "./benchApiConfig";
import { ClientAgent, clientAddress, type HttpAnswer } from "./clientAgent";

export type Route = "nonce" | "verify" | "registration";
export type Role = "honest" | "replay" | "junk" | "hammer";
/** One request as the client saw it; status 0 = no HTTP answer (connection failed). */
export type Sample = { route: Route; role: Role; status: number; ms: number };

export type RushOptions = {
  baseUrl: string;
  wallets: readonly PrivateKeyAccount[];
  /** Second octet of the honest clients' addresses (127.<prefix>.x.y), one address per wallet. */
  addressPrefix: number;
  launchId: string;
  concurrency: number;
  /** Called each time a wallet finishes (registered or given up). */
  onProgress?: (finished: number) => void;
  /** The source address of client n of a group (default 127.<prefix>.x.y, on loopback). */
  clientAddress?: (prefix: number, n: number) => string;
};

export type RushResult = {
  samples: Sample[];
  wallMs: number;
  signIns: number;
  registered: Set<string>;
  /** Honest wallets that gave up after every retry. */
  failed: number;
  /** Honest steps tried again after a 5xx, a 502 or no answer. */
  retries: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What the web app sends with a JSON body. */
export const JSON_HEADERS = { origin: SITE, "content-type": "application/json" };

/** The poo_nonce cookie a nonce answer set (the nonce is bound to it), as a Cookie header value. */
export function nonceCookieOf(answer: HttpAnswer): string {
  const cookies = answer.headers["set-cookie"] ?? [];
  return (
    cookies.map((cookie) => cookie.split(";")[0] ?? "").find((cookie) => cookie.startsWith("poo_nonce=")) ??
    ""
  );
}

/** The body of POST /api/auth/verify: a SIWE message for `nonce`, signed by the wallet. */
export async function verifyBody(account: PrivateKeyAccount, nonce: string): Promise<string> {
  const message = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: SITE_HOST,
    nonce,
    uri: SITE,
    version: "1",
    statement: "Sign in to POO Finance.",
    issuedAt: new Date(),
  });
  return JSON.stringify({ message, signature: await account.signMessage({ message }) });
}

/**
 * The launch rush: every wallet fetches a nonce, signs a SIWE message, verifies, and registers, as
 * fast as `concurrency` clients in flight allow; retries on the other instance happen in the load
 * balancer (connection refused) or here (5xx / 502 / no answer: the step again, or a new sign-in
 * when the nonce may have been spent). Meanwhile attackers replay used nonces, send junk and one
 * client hammers; they stop when the last honest wallet is done.
 */
export async function runRush(options: RushOptions): Promise<RushResult> {
  const samples: Sample[] = [];
  const registered = new Set<string>();
  const replayable: string[] = [];
  let signIns = 0;
  let failed = 0;
  let retries = 0;
  let finished = 0;
  let honestDone = false;

  const record = async (
    agent: ClientAgent,
    route: Route,
    role: Role,
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<HttpAnswer> => {
    const started = performance.now();
    const answer = await agent
      .request(method, path, init)
      .catch(() => ({ status: 0, headers: {}, body: "", ms: performance.now() - started }));
    samples.push({ route, role, status: answer.status, ms: answer.ms });
    return answer;
  };

  const addressOf = options.clientAddress ?? clientAddress;
  const honest = async (account: PrivateKeyAccount, index: number): Promise<void> => {
    const agent = new ClientAgent(addressOf(options.addressPrefix, index), options.baseUrl);
    try {
      for (let attempt = 0; attempt < 12; attempt += 1) {
        if (attempt > 0) {
          retries += 1;
          await sleep(50 * attempt);
        }
        const nonceAnswer = await record(agent, "nonce", "honest", "GET", "/api/auth/nonce");
        if (nonceAnswer.status !== 200) continue;
        const { nonce } = JSON.parse(nonceAnswer.body) as { nonce: string };
        const body = await verifyBody(account, nonce);
        const verified = await record(agent, "verify", "honest", "POST", "/api/auth/verify", {
          body,
          headers: { ...JSON_HEADERS, cookie: nonceCookieOf(nonceAnswer) },
        });
        if (verified.status !== 200) continue; // spent or lost nonce: sign in again
        signIns += 1;
        if (signIns % 5 === 0) replayable.push(body);
        const cookie = String(verified.headers["set-cookie"] ?? "").split(";")[0] ?? "";

        for (let put = 0; put < 8; put += 1) {
          if (put > 0) {
            retries += 1;
            await sleep(50 * put);
          }
          const answer = await record(
            agent,
            "registration",
            "honest",
            "PUT",
            `/api/launches/${options.launchId}/registration`,
            {
              body: JSON.stringify({ amountEth: "0.5" }),
              headers: { ...JSON_HEADERS, cookie },
            },
          );
          if (answer.status === 200 || answer.status === 201) {
            registered.add(account.address);
            return;
          }
          if (answer.status === 401) break; // session gone: sign in again
          if (answer.status > 0 && answer.status < 500 && answer.status !== 429) {
            throw new Error(`registration refused: ${answer.status} ${answer.body}`);
          }
        }
      }
      failed += 1;
    } finally {
      agent.close();
      finished += 1;
      options.onProgress?.(finished);
    }
  };

  const hammer = async (worker: number): Promise<void> => {
    const agent = new ClientAgent(addressOf(99, 0), options.baseUrl);
    try {
      while (!honestDone) {
        if (worker % 2 === 0) await record(agent, "nonce", "hammer", "GET", "/api/auth/nonce");
        else
          await record(agent, "verify", "hammer", "POST", "/api/auth/verify", {
            body: "{",
            headers: JSON_HEADERS,
          });
      }
    } finally {
      agent.close();
    }
  };

  const junkBodies: Array<[Route, string, string, string, Record<string, string>]> = [
    ["verify", "POST", "/api/auth/verify", '{"message":', JSON_HEADERS],
    ["verify", "POST", "/api/auth/verify", '{"message":"hello","signature":"nope"}', JSON_HEADERS],
    ["verify", "POST", "/api/auth/verify", '{"message":"x"}', {}], // no Origin, wrong type: curl-style
    [
      "registration",
      "PUT",
      `/api/launches/${options.launchId}/registration`,
      '{"amountEth":"1"}',
      JSON_HEADERS,
    ],
    [
      "registration",
      "PUT",
      `/api/launches/${options.launchId}/registration`,
      '{"amountEth":"1"}',
      { ...JSON_HEADERS, cookie: `poo_session=${"A".repeat(43)}.forged` },
    ],
  ];
  const junk = async (worker: number): Promise<void> => {
    for (let i = 0; !honestDone; i += 1) {
      const agent = new ClientAgent(addressOf(77, worker * 1000 + (i % 1000)), options.baseUrl);
      const [route, method, path, body, headers] = junkBodies[i % junkBodies.length] ?? junkBodies[0]!;
      await record(agent, route, "junk", method, path, { body, headers });
      agent.close();
      await sleep(20);
    }
  };

  const replay = async (): Promise<void> => {
    for (let i = 0; !honestDone || replayable.length > 0; i += 1) {
      const body = replayable.shift();
      if (body === undefined) {
        await sleep(20);
        continue;
      }
      const agent = new ClientAgent(addressOf(66, i), options.baseUrl);
      await record(agent, "verify", "replay", "POST", "/api/auth/verify", { body, headers: JSON_HEADERS });
      agent.close();
    }
  };

  const started = performance.now();
  const attackers = [hammer(0), hammer(1), junk(0), junk(1), replay()];
  let nextWallet = 0;
  const workers = Array.from({ length: options.concurrency }, async () => {
    while (nextWallet < options.wallets.length) {
      const index = nextWallet;
      nextWallet += 1;
      const account = options.wallets[index];
      if (account) await honest(account, index);
    }
  });
  await Promise.all(workers);
  const wallMs = performance.now() - started;
  honestDone = true;
  await Promise.all(attackers);
  return { samples, wallMs, signIns, registered, failed, retries };
}
