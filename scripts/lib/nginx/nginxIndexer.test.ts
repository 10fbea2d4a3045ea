import { afterEach, describe, expect, it } from "vitest";
import { freePort, NginxRig } from "./testing/nginxTestRig";

// Debian's nginx with deploy/nginx/poo-finance.conf rendered with the indexer's replicas (stand-ins
// for `ponder serve`): what docs/operations.md "The activity indexer" promises about /indexer.
const rig = new NginxRig();
afterEach(() => rig.stopAll());

/** A replica stand-in: answers like Ponder (its CORS header included) and names itself. */
const replica = (name: string) =>
  rig.standIn((request, response) => {
    response.writeHead(200, {
      "content-type": "application/json",
      "access-control-allow-origin": "*",
    });
    response.end(JSON.stringify({ replica: name, url: request.url, cookie: request.headers.cookie ?? null }));
  });

describe("nginx: /indexer to the indexer's read replicas", () => {
  it("passes the two public routes to a replica without the prefix, cookie or CORS header; nothing else", async () => {
    const instance = await rig.standIn((_request, response) => response.end("instance"));
    const a = await replica("a");
    const nginx = await rig.nginx([instance.address], [a.address]);

    const response = await fetch(`${nginx.url}/indexer/activity?chainId=31337&account=0xabc`, {
      headers: { cookie: "poo_session=secret" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(await response.json()).toEqual({
      replica: "a",
      url: "/activity?chainId=31337&account=0xabc",
      cookie: null,
    });
    expect((await fetch(`${nginx.url}/indexer/head?chainId=31337`)).status).toBe(200);

    // Ponder's operator routes stay on the replicas' own ports; only GET and HEAD pass.
    const metrics = await fetch(`${nginx.url}/indexer/metrics`);
    expect(metrics.status).toBe(404);
    expect(await metrics.json()).toEqual({ error: "Not found." });
    const post = await fetch(`${nginx.url}/indexer/activity`, { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(await post.json()).toEqual({ error: "Only GET and HEAD reach the activity indexer." });
    expect(a.hits).toHaveLength(2);
    expect(instance.hits).toHaveLength(0);
  });

  it("a stopped replica: the other answers; none: 502 in the app's words, at once", async () => {
    const instance = await rig.standIn((_request, response) => response.end("instance"));
    const b = await replica("b");
    const stopped = `127.0.0.1:${await freePort()}`; // nothing listens: a replica that is down
    const nginx = await rig.nginx([instance.address], [stopped, b.address]);

    const names = [];
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${nginx.url}/indexer/head?chainId=31337`);
      expect(response.status).toBe(200);
      names.push(((await response.json()) as { replica: string }).replica);
    }
    expect(names).toEqual(["b", "b", "b", "b"]);
    const tried = nginx.accessLog().map((entry) => entry.upstreams);
    expect(tried[0]).toEqual([stopped, b.address]);

    await rig.stopAll();
    const lone = await rig.nginx([instance.address], [stopped]);
    const startedAt = performance.now();
    const down = await fetch(`${lone.url}/indexer/activity?chainId=31337&account=0xabc`);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ error: "The activity indexer is not answering right now." });
    expect(performance.now() - startedAt).toBeLessThan(2_000);
  });

  it("a replica that says nothing: the other answers; alone, 504 after the site's 3 s", async () => {
    const instance = await rig.standIn((_request, response) => response.end("instance"));
    const silent = await rig.standIn(() => undefined); // reads the request, never answers
    const b = await replica("b");
    const nginx = await rig.nginx([instance.address], [silent.address, b.address]);
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${nginx.url}/indexer/head?chainId=31337`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { replica: string }).replica).toBe("b");
    }
    // One of the two met the silent replica first, and was moved on.
    expect(nginx.accessLog().map((entry) => entry.upstreams)).toContainEqual([silent.address, b.address]);

    const lone = await rig.nginx([instance.address], [silent.address]);
    const startedAt = performance.now();
    const slow = await fetch(`${lone.url}/indexer/head?chainId=31337`);
    const waited = performance.now() - startedAt;
    expect(slow.status).toBe(504);
    expect(await slow.json()).toEqual({ error: "The activity indexer did not answer in time." });
    // nginx's proxy_read_timeout, the site's; below the app's own 5 s wait
    // (src/adapters/indexer/PonderStakeActivitySource.ts), so the browser gets nginx's answer.
    expect(waited).toBeGreaterThanOrEqual(2_900);
    expect(waited).toBeLessThan(5_000);
  }, 15_000);

  it("without replicas, /indexer goes to the instances as any path (their INDEXER_URL)", async () => {
    const instance = await rig.standIn((request, response) => response.end(request.url));
    const nginx = await rig.nginx([instance.address]);
    const response = await fetch(`${nginx.url}/indexer/activity?chainId=31337`);
    expect(await response.text()).toBe("/indexer/activity?chainId=31337");
  });
});
