import { describe, expect, it } from "vitest";
import { ServerMetrics } from "./ServerMetrics";

describe("ServerMetrics", () => {
  it("lets any part of the server register its own metrics, once per name, on this instance's registry", async () => {
    const metrics = new ServerMetrics();
    // e.g. an RPC gateway's counter, asked for by two routes.
    const forward = () =>
      metrics.counter({
        name: "poo_rpc_gateway_requests_total",
        help: "RPC calls",
        labelNames: ["chain", "outcome"],
      });
    forward().inc({ chain: "11155111", outcome: "ok" });
    forward().inc({ chain: "11155111", outcome: "ok" });
    expect(forward()).toBe(forward());
    const { contentType, text } = await metrics.exposition();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toContain('poo_rpc_gateway_requests_total{chain="11155111",outcome="ok"} 2');
    expect(() => metrics.gauge({ name: "poo_rpc_gateway_requests_total", help: "clash" })).toThrow(
      "Metric poo_rpc_gateway_requests_total is already registered as another kind.",
    );
    // Registries are per instance (and per test): nothing leaks into another.
    expect((await new ServerMetrics().exposition()).text).not.toContain("poo_rpc_gateway_requests_total");
  });

  it("reads values held elsewhere just before each scrape, and adds process metrics when asked", async () => {
    const metrics = new ServerMetrics({ processMetrics: true });
    let queued = 3;
    const gauge = metrics.gauge({ name: "poo_test_queue", help: "queued" });
    metrics.onScrape(() => gauge.set(queued));
    expect((await metrics.exposition()).text).toContain("poo_test_queue 3");
    queued = 5;
    const { text } = await metrics.exposition();
    expect(text).toContain("poo_test_queue 5");
    expect(text).toContain("poo_process_cpu_user_seconds_total");
    expect(text).toContain("poo_nodejs_eventloop_lag_seconds");
  });
});
