import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nginxConfig } from "./nginxConfig";

const template = readFileSync(new URL("./nginx/serve-bench.conf", import.meta.url), "utf8");

describe("nginxConfig (the serve phase's nginx)", () => {
  it("listens on 127.0.0.1 only, at the given port, and proxies /api to the served app's port", () => {
    const conf = nginxConfig(template, { port: 9181, apiPort: 9180, user: undefined });
    expect(conf.match(/^\s*listen .*$/gm)).toEqual(["        listen 127.0.0.1:9181;"]);
    expect(conf).toContain("server 127.0.0.1:9180;");
    expect(conf).not.toMatch(/\{\{|\}\}/);
    expect(conf).not.toMatch(/^\s*user /m);
  });

  it("keeps pid, logs and every temporary folder under its own prefix (relative paths)", () => {
    const conf = nginxConfig(template, { port: 9181, apiPort: 9180, user: "root" });
    for (const directive of ["pid", "error_log", "access_log", "root", ...tempPaths]) {
      const value = new RegExp(`^\\s*${directive} (\\S+)`, "m").exec(conf)?.[1];
      expect(value, directive).toBeDefined();
      expect(value, directive).not.toMatch(/^\//);
    }
    expect(conf).toMatch(/^user root;$/m);
  });

  it("refuses a port that is not one, a user name that could inject a directive, an unknown placeholder", () => {
    expect(() => nginxConfig(template, { port: 0, apiPort: 9180, user: undefined })).toThrow(
      "port must be a TCP port, got 0",
    );
    expect(() => nginxConfig(template, { port: 9181, apiPort: 9180, user: "root; daemon on" })).toThrow(
      "not a user name",
    );
    expect(() => nginxConfig("listen {{HOST}};", { port: 9181, apiPort: 9180, user: undefined })).toThrow(
      "{{HOST}}, which nothing fills",
    );
  });
});

const tempPaths = [
  "client_body_temp_path",
  "proxy_temp_path",
  "fastcgi_temp_path",
  "uwsgi_temp_path",
  "scgi_temp_path",
];
