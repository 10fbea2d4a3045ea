import { expect, test } from "../fixtures/production";

// The headers a visitor's browser gets from production as docs/operations.md sets it up: through nginx
// (deploy/nginx/poo-finance.conf, which adds none of its own) from the `npm run serve` instances behind
// it, and the Content-Security-Policy doing its job in that browser. (Cookies: production.spec.ts.)

test.describe("production headers", () => {
  test("index.html, on / and on an app route, carries the security headers and is revalidated", async ({
    request,
    stack,
  }) => {
    for (const path of ["/", "/launch"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(headers["cache-control"]).toBe("no-cache");
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      // What this build reaches: itself and its chain, nothing else.
      expect(csp).toContain(`connect-src 'self' ${new URL(stack.chainUrl).origin};`);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
      expect(headers["permissions-policy"]).toContain("camera=()");
      // Plain http here (nginx tells the instances so in X-Forwarded-Proto): no HSTS.
      expect(headers["strict-transport-security"]).toBeUndefined();
      // nginx's version stays out of its answers (server_tokens off).
      expect(headers["server"]).toBe("nginx");
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  test("the API's answers through nginx: JSON that nothing may run, frame or cache", async ({ request }) => {
    for (const path of ["/api/health", "/api/auth/me"]) {
      const response = await request.get(path);
      expect([200, 401], path).toContain(response.status());
      const headers = response.headers();
      expect(headers["content-type"], path).toMatch(/^application\/json/);
      expect(headers["content-security-policy"], path).toContain("default-src 'none'");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["referrer-policy"], path).toBe("no-referrer");
      expect(headers["cross-origin-resource-policy"], path).toBe("same-origin");
      expect(headers["cache-control"], path).toBe("no-store");
      expect(headers["x-powered-by"], path).toBeUndefined();
      expect(headers["server"], path).toBe("nginx");
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
  });

  test("a hashed asset is immutable and precompressed as the browser accepts; a missing one is a 404", async ({
    page,
    request,
  }) => {
    const entry = page.waitForResponse((response) =>
      /^\/assets\/index-[\w-]+\.js$/.test(new URL(response.url()).pathname),
    );
    await page.goto("/");
    const response = await entry;
    const headers = await response.allHeaders();
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["vary"]).toBe("Accept-Encoding");
    expect(headers["content-security-policy"]).toContain("script-src 'self';");
    expect(headers["x-content-type-options"]).toBe("nosniff");

    const path = new URL(response.url()).pathname;
    const gzip = await request.get(path, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    expect((await gzip.body()).length).toBeGreaterThan(1000);

    const missing = await request.get("/assets/nope.js");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).not.toContain("<html");
  });

  test("the CSP refuses a script injected into the page, and the app itself breaks none of it", async ({
    page,
  }) => {
    // Recorded from the first byte of each page (an init script is not subject to the page's CSP).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    for (const path of ["/", "/launch"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([]);
    }

    const violation = await page.evaluate(
      () =>
        new Promise<{ directive: string; blocked: string; disposition: string } | "no violation">(
          (resolve) => {
            document.addEventListener(
              "securitypolicyviolation",
              (event) =>
                resolve({
                  directive: event.effectiveDirective,
                  blocked: event.blockedURI,
                  disposition: event.disposition,
                }),
              { once: true },
            );
            const script = document.createElement("script");
            script.textContent = "window.injectedScriptRan = true";
            document.head.append(script);
            // The event comes within a task of the refusal; 2 s is far beyond it.
            setTimeout(() => resolve("no violation"), 2_000);
          },
        ),
    );
    expect(violation).toEqual({ directive: "script-src-elem", blocked: "inline", disposition: "enforce" });
    expect(
      await page.evaluate(() => (window as unknown as { injectedScriptRan?: boolean }).injectedScriptRan),
    ).toBe(undefined);
  });
});
