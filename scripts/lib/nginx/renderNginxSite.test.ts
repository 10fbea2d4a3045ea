import { describe, expect, it } from "vitest";
import { renderNginxSite } from "./renderNginxSite";
import { renderStandaloneNginx } from "./renderStandaloneNginx";

describe("renderNginxSite (deploy/nginx/poo-finance.conf)", () => {
  it("fills every marker: one server line per instance, the listen address, the access log", () => {
    const text = renderNginxSite({
      listen: "127.0.0.1:4313",
      upstreams: ["127.0.0.1:8727", "[::1]:8728"],
      accessLog: "/tmp/x/access.log",
    });
    expect(text).not.toMatch(/@@[A-Z_]+@@/);
    expect(text).toContain("server 127.0.0.1:8727 max_fails=1 fail_timeout=5s;");
    expect(text).toContain("server [::1]:8728 max_fails=1 fail_timeout=5s;");
    expect(text).toContain("listen 127.0.0.1:4313;");
    expect(text).toContain("server_name _;");
    expect(text).toContain("access_log /tmp/x/access.log poo_finance;");
    // What the docs promise about failover and forwarding.
    expect(text).toMatch(/^\s*proxy_next_upstream error timeout;$/m);
    expect(text).toMatch(/^\s*proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;$/m);
    expect(text).toMatch(/^\s*proxy_set_header X-Forwarded-Proto \$scheme;$/m);
  });

  it("serves /indexer from the indexer's replicas only when they are given", () => {
    const without = renderNginxSite({ listen: "80", upstreams: ["127.0.0.1:8727"] });
    expect(without).not.toContain("poo_indexer");
    expect(without).not.toContain("/indexer");
    expect(without).not.toMatch(/@@[A-Z_]+@@/);

    const text = renderNginxSite({
      listen: "80",
      upstreams: ["127.0.0.1:8727"],
      indexerUpstreams: ["127.0.0.1:42070", "127.0.0.1:42071"],
    });
    expect(text).not.toMatch(/@@[A-Z_]+@@/);
    expect(text).toMatch(
      /upstream poo_indexer \{\s+server 127\.0\.0\.1:42070 max_fails=1 fail_timeout=5s;\s+server 127\.0\.0\.1:42071 max_fails=1 fail_timeout=5s;/,
    );
    expect(text).toContain("location ~ ^/indexer/(activity|head)$ {");
    expect(text).toMatch(/^\s*proxy_pass http:\/\/poo_indexer;$/m);
    expect(() =>
      renderNginxSite({ listen: "80", upstreams: ["a:1"], indexerUpstreams: ["a:1; deny all"] }),
    ).toThrow('upstream "a:1; deny all" is not host:port');
  });

  it("refuses no instance, an upstream that is not host:port and a value that would be nginx syntax", () => {
    expect(() => renderNginxSite({ listen: "80", upstreams: [] })).toThrow("at least one upstream");
    expect(() => renderNginxSite({ listen: "80", upstreams: ["http://a:1"] })).toThrow(
      'upstream "http://a:1" is not host:port',
    );
    expect(() => renderNginxSite({ listen: "80; include /etc/passwd", upstreams: ["a:1"] })).toThrow(
      "LISTEN",
    );
  });

  it("says which marker of a template it does not know", () => {
    expect(() => renderNginxSite({ listen: "80", upstreams: ["a:1"] }, "listen @@PORT@@;")).toThrow(
      "unknown marker @@PORT@@",
    );
  });
});

describe("renderStandaloneNginx (deploy/nginx/standalone.conf)", () => {
  it("puts pid, error log and every temp folder under the prefix, and includes the site", () => {
    const text = renderStandaloneNginx({ prefix: "/tmp/ngx", siteFile: "/tmp/ngx/site.conf" });
    expect(text).not.toMatch(/@@[A-Z_]+@@/);
    expect(text).toContain("daemon off;");
    expect(text).toContain("pid /tmp/ngx/nginx.pid;");
    for (const temp of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
      expect(text).toContain(`${temp}_temp_path /tmp/ngx/${temp}_temp;`);
    }
    expect(text).toContain("include /tmp/ngx/site.conf;");
    expect(() => renderStandaloneNginx({ prefix: "tmp", siteFile: "/a" })).toThrow("absolute path");
  });
});
