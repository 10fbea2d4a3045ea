import { z } from "../../domain/zod";
import type { SignInGateway, SignInSession } from "../../application/ports/signInGateway";
import { addressSchema } from "../../domain/address";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import { UnknownError } from "../../domain/errors/unknownError";
import { API_REQUEST_TIMEOUT_MS } from "../http/apiRequestTimeout";
import { fetchWithTimeout } from "../http/fetchWithTimeout";
import { isoDateSchema } from "../http/isoDateSchema";

const sessionSchema = z.object({
  address: addressSchema,
  chainId: z.int().check(z.positive()),
  expiresAt: isoDateSchema,
});
const endedSchema = z.object({ ended: z.int().check(z.nonnegative()) });
const nonceSchema = z.object({ nonce: z.string().check(z.regex(/^[a-zA-Z0-9]{8,}$/)) });
const errorSchema = z.object({ error: z.string() });

/** Sign-in against the project's API (`/api/auth/*`); the session cookie is HttpOnly, same origin. */
export class HttpSignInGateway implements SignInGateway {
  constructor(
    private readonly apiBaseUrl: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
    private readonly timeoutMs: number = API_REQUEST_TIMEOUT_MS,
  ) {}

  async getNonce(): Promise<string> {
    const body = await this.request("GET", "/auth/nonce");
    return nonceSchema.parse(body).nonce;
  }

  async verify(message: string, signature: `0x${string}`): Promise<SignInSession> {
    return sessionSchema.parse(await this.request("POST", "/auth/verify", { message, signature }));
  }

  async currentSession(): Promise<SignInSession | null> {
    const response = await this.send("GET", "/auth/me");
    if (response.status === 401) {
      // An unread body keeps the request open for the browser (Lighthouse waits 45 s on it): end it.
      await response.body?.cancel().catch(() => undefined);
      return null;
    }
    return sessionSchema.parse(await this.read(response));
  }

  async signOut(): Promise<void> {
    await this.request("POST", "/auth/logout");
  }

  async signOutEverywhere(): Promise<number> {
    return endedSchema.parse(await this.request("POST", "/auth/logout-everywhere")).ended;
  }

  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    return this.read(await this.send(method, path, body));
  }

  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    return fetchWithTimeout(
      this.fetchFn,
      `${this.apiBaseUrl}${path}`,
      {
        method,
        credentials: "same-origin",
        headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      this.timeoutMs,
      (cause) => new RpcUnavailableError({ cause, details: "the sign-in service could not be reached" }),
    );
  }

  private async read(response: Response): Promise<unknown> {
    if (response.status === 204) return undefined;
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const parsed = errorSchema.safeParse(body);
      throw new UnknownError({ details: parsed.success ? parsed.data.error : `HTTP ${response.status}` });
    }
    return body;
  }
}
