import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { answer, NginxRig } from "./testing/nginxTestRig";

// An instance that accepts the request and never answers: a frozen process, or a host whose network
// vanished after nginx sent the request on a kept-alive connection (docs/operations.md "A host that
// vanishes"). The two tests run side by side, each with its own nginx: each waits out a read timeout.
const READ_TIMEOUT_S = 3;

async function silentAndAnswering(rig: NginxRig) {
  const silent = await rig.standIn(() => undefined);
  const answering = await rig.standIn((request, response) => answer(response, request.method ?? ""));
  const nginx = await rig.nginx([silent.address, answering.address]);
  return { silent, answering, nginx };
}

async function timed(request: Promise<Response>) {
  const started = performance.now();
  const response = await request;
  await response.text();
  return { status: response.status, seconds: (performance.now() - started) / 1000 };
}

describe.concurrent("nginx and an instance that stops answering", () => {
  it("moves a GET or PUT on after the read timeout, then leaves the silent instance out of rotation", async () => {
    const rig = new NginxRig();
    try {
      const { silent, answering, nginx } = await silentAndAnswering(rig);
      const url = `${nginx.url}/api/launches/crap/registration`;
      // Round robin: one of the first two requests goes to the silent instance first.
      const first = await Promise.all([timed(fetch(url)), timed(fetch(url, { method: "PUT", body: "{}" }))]);
      expect(first.map((result) => result.status)).toEqual([200, 200]);
      expect(silent.hits).toHaveLength(1);
      const slowest = Math.max(...first.map((result) => result.seconds));
      expect(slowest).toBeGreaterThanOrEqual(READ_TIMEOUT_S - 0.1);
      expect(slowest).toBeLessThan(READ_TIMEOUT_S + 1.5);
      const movedOn = nginx.accessLog().find((entry) => entry.upstreams.length === 2);
      expect(movedOn?.upstreams).toEqual([silent.address, answering.address]);
      expect(movedOn?.upstreamStatuses).toEqual(["504", "200"]);

      // Out of rotation for fail_timeout: the next requests go to the other instance only, at once.
      const next = await Promise.all(Array.from({ length: 6 }, () => timed(fetch(url))));
      expect(next.map((result) => result.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(silent.hits).toHaveLength(1);
      expect(Math.max(...next.map((result) => result.seconds))).toBeLessThan(1);
    } finally {
      await rig.stopAll();
    }
  }, 15_000);

  it("never resends a POST a silent instance received: 504 after the read timeout, sent once", async () => {
    const rig = new NginxRig();
    try {
      const { silent, answering, nginx } = await silentAndAnswering(rig);
      const results = [];
      // Round robin: the first or the second POST goes to the silent instance.
      for (let i = 0; i < 2 && silent.hits.length === 0; i += 1) {
        results.push(await timed(fetch(`${nginx.url}/api/auth/verify`, { method: "POST", body: "{}" })));
      }
      expect(silent.hits).toHaveLength(1);
      const last = results.at(-1);
      expect(last?.status).toBe(504);
      expect(last?.seconds).toBeGreaterThanOrEqual(READ_TIMEOUT_S - 0.1);
      // The instance that answers got only the POSTs that went to it first.
      expect(answering.hits).toHaveLength(results.length - 1);
    } finally {
      await rig.stopAll();
    }
  }, 15_000);

  // Concurrent tests poll with their own `expect`.
  it("keeps no connection to an instance that stopped answering: none stays in nginx's pool", async ({
    expect,
  }) => {
    const rig = new NginxRig();
    try {
      let silentNow = false;
      const flaky = await rig.standIn((request, response) => {
        if (!silentNow) answer(response, request.method ?? "");
      });
      // The instance never closes an idle connection itself here: whatever closes them is nginx.
      flaky.server.keepAliveTimeout = 60_000;
      const open = new Set<Socket>();
      flaky.server.on("connection", (socket: Socket) => {
        open.add(socket);
        socket.on("close", () => open.delete(socket));
      });
      const answering = await rig.standIn((request, response) => answer(response, request.method ?? ""));
      const nginx = await rig.nginx([flaky.address, answering.address]);
      const url = `${nginx.url}/api/launches/crap/registration`;
      // Requests at once leave several idle kept-alive connections to each instance.
      await Promise.all(Array.from({ length: 8 }, () => fetch(url).then((response) => response.text())));
      expect(open.size).toBeGreaterThan(0);

      silentNow = true;
      const statuses = await Promise.all(
        [fetch(url), fetch(url)].map((request) => request.then((response) => response.status)),
      );
      expect(statuses).toEqual([200, 200]);
      // The timed-out connection is closed at once, the idle ones within keepalive_timeout (4 s).
      await expect.poll(() => open.size, { timeout: 5_000, interval: 200 }).toBe(0);
    } finally {
      await rig.stopAll();
    }
  }, 20_000);
});
