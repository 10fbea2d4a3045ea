import type { Hash } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TransactionView } from "./readTransaction";
import { SAMPLE_HASH, sampleStakeView } from "./sampleView";
import { startLocalExplorer, type LocalExplorer } from "./startLocalExplorer";

const UNKNOWN: Hash = `0x${"00".repeat(32)}`;
const BROKEN: Hash = `0x${"ee".repeat(32)}`;

describe("the local explorer's server", () => {
  let explorer: LocalExplorer;
  const asked: Hash[] = [];

  beforeAll(async () => {
    explorer = await startLocalExplorer({
      chainId: 31337,
      appUrl: "http://127.0.0.1:5173",
      port: 0,
      lookup: async (hash): Promise<TransactionView | undefined> => {
        asked.push(hash);
        if (hash === BROKEN) throw new Error("chain down");
        return hash === SAMPLE_HASH ? sampleStakeView : undefined;
      },
    });
  });
  afterAll(() => explorer.close());

  it("listens on 127.0.0.1 only", () => {
    expect(explorer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("serves a known transaction's page, with a policy that lets no script run", async () => {
    const res = await fetch(`${explorer.url}/tx/${SAMPLE_HASH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const body = await res.text();
    expect(body).toContain(SAMPLE_HASH);
    expect(body).toContain("Staking.stake");
  });

  it("accepts an upper-case hash (looked up in lower case)", async () => {
    const res = await fetch(`${explorer.url}/tx/0x${"AB".repeat(32)}`);
    expect(res.status).toBe(200);
    expect(asked.at(-1)).toBe(SAMPLE_HASH);
  });

  it("answers 400 with a clear message for something that is not a hash, and never looks it up", async () => {
    const before = asked.length;
    for (const bad of ["0x1234", "hello", `0x${"zz".repeat(32)}`, `${"ab".repeat(32)}`, "%E0%A4%A"]) {
      const res = await fetch(`${explorer.url}/tx/${bad}`);
      expect(res.status, bad).toBe(400);
      const body = await res.text();
      expect(body).toContain("Not a transaction hash");
      expect(body).toContain("expected 0x followed by 64 hexadecimal digits");
    }
    const res = await fetch(`${explorer.url}/tx/${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).not.toContain("<script>");
    expect(body).toContain("&lt;script&gt;");
    expect(asked.length).toBe(before);
  });

  it("answers 404 with a page that says the transaction is not on this chain", async () => {
    const res = await fetch(`${explorer.url}/tx/${UNKNOWN}`);
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).toContain("Transaction not found");
    expect(body).toContain(`Transaction ${UNKNOWN} was not found on this chain (local chain 31337).`);
  });

  it("answers 502 when the chain does not answer, 404 for other paths, 405 for other methods", async () => {
    expect((await fetch(`${explorer.url}/tx/${BROKEN}`)).status).toBe(502);
    expect((await fetch(`${explorer.url}/address/0x1`)).status).toBe(404);
    const post = await fetch(`${explorer.url}/tx/${SAMPLE_HASH}`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("has a home page with a look-up form whose answer leads to the transaction's page", async () => {
    const home = await fetch(`${explorer.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<form action="/tx" method="get" role="search">');
    const lookedUp = await fetch(`${explorer.url}/tx?hash=${SAMPLE_HASH}`, { redirect: "manual" });
    expect(lookedUp.status).toBe(303);
    expect(lookedUp.headers.get("location")).toBe(`/tx/${SAMPLE_HASH}`);
  });
});
