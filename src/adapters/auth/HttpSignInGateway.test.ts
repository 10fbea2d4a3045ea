import { describe, expect, it } from "vitest";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";
import { HttpSignInGateway } from "./HttpSignInGateway";

const json = (status: number, body?: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), { status });

describe("HttpSignInGateway", () => {
  it("fetches a nonce", async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const gateway = new HttpSignInGateway("/api", async (url, init) => {
      calls.push([String(url), init]);
      return json(200, { nonce: "a1b2c3d4e5f6a7b8", expiresAt: "2026-01-01T00:05:00Z" });
    });
    await expect(gateway.getNonce()).resolves.toBe("a1b2c3d4e5f6a7b8");
    expect(calls[0]?.[0]).toBe("/api/auth/nonce");
    expect(calls[0]?.[1]?.credentials).toBe("same-origin");
  });

  it("posts the message and signature and returns the session", async () => {
    let sent: unknown;
    const gateway = new HttpSignInGateway("/api", async (_url, init) => {
      sent = JSON.parse(String(init?.body));
      return json(200, {
        address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
        chainId: 31337,
        expiresAt: "2026-01-02T00:00:00.000Z",
      });
    });
    const session = await gateway.verify("message", "0xabc");
    expect(sent).toEqual({ message: "message", signature: "0xabc" });
    expect(session.chainId).toBe(31337);
    expect(session.expiresAt.toISOString()).toBe("2026-01-02T00:00:00.000Z");
  });

  it("reads 401 from /me as signed out", async () => {
    await expect(
      new HttpSignInGateway("/api", async () => json(401, { error: "Not signed in." })).currentSession(),
    ).resolves.toBeNull();
  });

  it("cancels the body of the 401 from /me, so the request ends for the browser", async () => {
    let cancelled = false;
    // A body that never ends on its own: only cancelling it ends the request.
    const body = new ReadableStream<Uint8Array>({ cancel: () => void (cancelled = true) });
    const response = new Response(body, { status: 401 });
    await expect(new HttpSignInGateway("/api", async () => response).currentSession()).resolves.toBeNull();
    expect(cancelled).toBe(true);
    expect(response.bodyUsed).toBe(true);
  });

  it("surfaces the server's refusal as the error details", async () => {
    const gateway = new HttpSignInGateway("/api", async () => json(401, { error: "Nonce already used." }));
    await expect(gateway.verify("m", "0x1")).rejects.toMatchObject({ details: "Nonce already used." });
  });

  it("signs out with a POST", async () => {
    let method: string | undefined;
    await new HttpSignInGateway("/api", async (_u, init) => {
      method = init?.method;
      return json(204);
    }).signOut();
    expect(method).toBe("POST");
  });

  it("signs out everywhere with a POST and reads how many sessions ended", async () => {
    const calls: [string, string | undefined][] = [];
    const gateway = new HttpSignInGateway("/api", async (url, init) => {
      calls.push([String(url), init?.method]);
      return json(200, { ended: 3 });
    });
    await expect(gateway.signOutEverywhere()).resolves.toBe(3);
    expect(calls).toEqual([["/api/auth/logout-everywhere", "POST"]]);
  });

  it("surfaces a refused sign-out everywhere (no session any more)", async () => {
    const gateway = new HttpSignInGateway("/api", async () =>
      json(401, { error: "Sign in with your wallet first." }),
    );
    await expect(gateway.signOutEverywhere()).rejects.toMatchObject({
      details: "Sign in with your wallet first.",
    });
  });

  it("gives up after its timeout (the API's, above nginx's slowest answer)", async () => {
    const gateway = new HttpSignInGateway(
      "/api",
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
      20,
    );
    const failure = await gateway.getNonce().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RequestTimeoutError);
    expect(failure).toMatchObject({ timeoutMs: 20 });
  });
});
