import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_REQUEST_TIMEOUT_MS } from "./apiRequestTimeout";

// The web app's timeout and nginx's must agree (docs/operations.md "Timeouts"): the app waits longer
// than nginx can take, so it always gets nginx's answer; and not much longer, so a user never waits
// the app's timeout behind an nginx that gave up long before.
const conf = readFileSync(
  path.resolve(import.meta.dirname, "../../../deploy/nginx/poo-finance.conf"),
  "utf8",
);

function seconds(directive: string): number {
  const match = new RegExp(`^\\s*${directive} (\\d+)s;$`, "m").exec(conf);
  if (!match) throw new Error(`deploy/nginx/poo-finance.conf has no "${directive} <n>s;"`);
  return Number(match[1]);
}

describe("API_REQUEST_TIMEOUT_MS and deploy/nginx/poo-finance.conf", () => {
  it("waits longer than nginx's slowest answer, by at most a few seconds", () => {
    const tries = Number(/^\s*proxy_next_upstream_tries (\d+);$/m.exec(conf)?.[1]);
    expect(tries).toBeGreaterThan(0); // 0 would be "every instance": no bound
    const nginxWorstMs = tries * (seconds("proxy_connect_timeout") + seconds("proxy_read_timeout")) * 1000;
    expect(API_REQUEST_TIMEOUT_MS).toBeGreaterThan(nginxWorstMs);
    expect(API_REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(nginxWorstMs + 3_000);
  });
});
