import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkedBlocks, OPERATIONS_DOC } from "../docs/checkedBlocks";
import { startNginx } from "./startNginx";

// docs/operations.md's nginx section against what the render script and nginx do.
const ROOT = path.resolve(import.meta.dirname, "../../..");
const doc = readFileSync(OPERATIONS_DOC, "utf8");
const nginxSection = doc.slice(doc.indexOf("### nginx in front"), doc.indexOf("### Checked in the browser"));

/** `node_modules/.bin/node scripts/render-nginx-site.ts <args>` as the docs run it. */
function render(args: string[]) {
  return spawnSync(path.join(ROOT, "node_modules/.bin/node"), ["scripts/render-nginx-site.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
  });
}

const stoppers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const stop of stoppers.splice(0)) await stop();
});

describe("docs/operations.md: producing the nginx configuration", () => {
  it("lists every option of the render script: its --help, word for word", () => {
    const help = render(["--help"]);
    expect(help.status, help.stderr).toBe(0);
    expect(checkedBlocks().get("render-nginx-help")?.text).toBe(help.stdout);
    for (const option of help.stdout.matchAll(/^ {2}(--[a-z-]+)/gm))
      expect(nginxSection).toContain(option[1]);
  });

  it("gives one way to produce it, the render script, whose default access log is the documented one", () => {
    // The file nginx reads is written by the script alone: no marker is left for a hand to fill.
    expect(nginxSection).not.toContain("@@");
    const writers = [...checkedBlocks().values()].filter((block) =>
      block.text.includes("conf.d/poo-finance.conf"),
    );
    expect(writers.map((block) => block.name)).toEqual(["nginx"]);
    expect(writers[0]?.text).toMatch(/^node_modules\/\.bin\/node scripts\/render-nginx-site\.ts /);

    const rendered = render(["--listen", "443 ssl", "--upstream", "127.0.0.1:8787"]);
    expect(rendered.status, rendered.stderr).toBe(0);
    const accessLog = /^\s*access_log (\S+) poo_finance;$/m.exec(rendered.stdout)?.[1];
    expect(nginxSection).toContain(`(default: ${accessLog})`);
    expect(rendered.stdout).toContain("server 127.0.0.1:8787 max_fails=1 fail_timeout=5s;");
    expect(nginxSection).toContain("`max_fails=1 fail_timeout=5s`");

    const refused = render(["--listen", "80", "--upstream", "127.0.0.1:8787", "--acces-log", "/tmp/x"]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("Unknown option '--acces-log'");
  });

  it("says which header nginx adds of its own, and it is the one nginx sends", async () => {
    const instance = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => instance.listen(0, "127.0.0.1", resolve));
    stoppers.push(() => new Promise((resolve) => instance.close(() => resolve())));
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const nginx = await startNginx({
      port,
      upstreams: [`127.0.0.1:${(instance.address() as AddressInfo).port}`],
      log: () => undefined,
    });
    stoppers.push(() => nginx.stop());

    const documented = /adds one header of its\s+own to every answer: `Server: ([^`]+)`/.exec(
      nginxSection,
    )?.[1];
    expect(documented, "docs/operations.md names the header nginx adds").toBeDefined();
    const answer = await fetch(`${nginx.url}/`);
    expect(answer.headers.get("server")).toBe(documented);
  });
});
