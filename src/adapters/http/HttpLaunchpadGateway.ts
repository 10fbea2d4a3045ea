import type { LaunchpadGateway, WhitelistRegistrationSaved } from "../../application/ports/launchpadGateway";
import { addressSchema } from "../../domain/address";
import { formatTokenExact } from "../../domain/displayFormat";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import { UnknownError } from "../../domain/errors/unknownError";
import type { LaunchApplication } from "../../domain/launch/launchApplication";
import { LaunchpadRequestError, type LaunchpadRefusal } from "../../domain/launch/launchpadRequestError";
import {
  REGISTRATION_STANDINGS,
  type WhitelistRegistration,
} from "../../domain/launch/whitelistRegistration";
import { z } from "../../domain/zod";
import { API_REQUEST_TIMEOUT_MS } from "./apiRequestTimeout";
import { fetchWithTimeout } from "./fetchWithTimeout";
import { isoDateSchema as isoDate } from "./isoDateSchema";

/** A uint256 sent as decimal digits (JSON has no bigint). */
const uintString = z.pipe(
  z.string().check(z.regex(/^\d{1,78}$/)),
  z.transform((digits: string) => BigInt(digits)),
);

const registrationSchema = z.object({
  launchId: z.string(),
  address: addressSchema,
  chainId: z.int().check(z.positive()),
  amountWei: uintString,
  createdAt: isoDate,
  updatedAt: isoDate,
  standing: z.enum(REGISTRATION_STANDINGS),
  lastCheck: z.nullable(
    z.object({
      pooBalanceWei: uintString,
      blockNumber: uintString,
      checkedAt: isoDate,
    }),
  ),
});
const applicationReceiptSchema = z.object({ id: z.string().check(z.minLength(1)) });
const errorSchema = z.object({ error: z.string().check(z.minLength(1)) });

/** Said when the server's refusal carries no sentence of its own. */
const FALLBACK_MESSAGES: Record<LaunchpadRefusal, string> = {
  "sign-in-required": "Sign in with your wallet first.",
  ineligible: "You are ineligible for a whitelist: hold at least 100 USD worth of POO to register.",
  invalid: "The launchpad refused the request.",
  "not-open": "This launch does not exist or is not open for registration.",
  "rate-limited": "Too many requests; please try again later.",
  unavailable: "The launchpad service is unavailable right now; please retry.",
};

function refusalFor(status: number, message: string | undefined): LaunchpadRefusal | undefined {
  if (status === 401) return "sign-in-required";
  // 403 is the eligibility re-check, or the same-origin guard ("Cross-origin request refused.").
  if (status === 403) return message?.toLowerCase().includes("ineligible") ? "ineligible" : "invalid";
  if (status === 400 || status === 413 || status === 415) return "invalid";
  if (status === 404) return "not-open";
  if (status === 429) return "rate-limited";
  if (status >= 500) return "unavailable";
  return undefined;
}

/**
 * The launchpad API (`{apiBaseUrl}/launches/:id/registration`, `{apiBaseUrl}/launch-applications`).
 * The session is the API's HttpOnly cookie on the same origin. Every refusal becomes a
 * LaunchpadRequestError carrying the server's own sentence.
 */
export class HttpLaunchpadGateway implements LaunchpadGateway {
  constructor(
    private readonly apiBaseUrl: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
    private readonly timeoutMs: number = API_REQUEST_TIMEOUT_MS,
  ) {}

  async register(launchId: string, amountWei: bigint): Promise<WhitelistRegistrationSaved> {
    const response = await this.send("PUT", this.registrationPath(launchId), {
      amountEth: formatTokenExact(amountWei),
    });
    const registration = this.parse(registrationSchema, await this.read(response));
    return { registration, created: response.status === 201 };
  }

  async getRegistration(launchId: string): Promise<WhitelistRegistration | null> {
    const response = await this.send("GET", this.registrationPath(launchId));
    // "You have no registration for this launch." (also answered for a launch that is not open).
    if (response.status === 404) return null;
    return this.parse(registrationSchema, await this.read(response));
  }

  async submitApplication(application: LaunchApplication): Promise<{ readonly id: string }> {
    const response = await this.send("POST", "/launch-applications", application);
    return this.parse(applicationReceiptSchema, await this.read(response));
  }

  private registrationPath(launchId: string): string {
    return `/launches/${encodeURIComponent(launchId)}/registration`;
  }

  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    return fetchWithTimeout(
      this.fetchFn,
      `${this.apiBaseUrl}${path}`,
      {
        method,
        credentials: "same-origin",
        headers:
          body === undefined
            ? { accept: "application/json" }
            : { accept: "application/json", "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      this.timeoutMs,
      (cause) => new RpcUnavailableError({ cause, details: "the launchpad service could not be reached" }),
    );
  }

  private async read(response: Response): Promise<unknown> {
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) return body;
    const parsed = errorSchema.safeParse(body);
    const message = parsed.success ? parsed.data.error : undefined;
    const refusal = refusalFor(response.status, message);
    if (refusal === undefined) {
      throw new UnknownError({
        details: message ?? `the launchpad service answered HTTP ${response.status}`,
      });
    }
    throw new LaunchpadRequestError(refusal, message ?? FALLBACK_MESSAGES[refusal], {
      details: `HTTP ${response.status}`,
    });
  }

  private parse<T>(schema: z.ZodMiniType<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new UnknownError({ details: "the launchpad service sent an unexpected answer" });
    }
    return parsed.data;
  }
}
