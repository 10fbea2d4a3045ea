import { Hono, type Context, type MiddlewareHandler } from "hono";
import { formatEther } from "viem";
import { z } from "zod";
import { textFieldChecks } from "../../domain/textFieldChecks";
import { parseDecimalAmount } from "../model/parseDecimalAmount";
import type { Registration } from "../ports/RegistrationStore";
import type { RateLimiter } from "../ports/RateLimiter";
import type { GetRegistration } from "../use-cases/GetRegistration";
import type { RegisterForLaunch } from "../use-cases/RegisterForLaunch";
import type { SubmitLaunchApplication } from "../use-cases/SubmitLaunchApplication";
import type { ApiEnv } from "./ApiEnv";
import { jsonError } from "./jsonError";
import { clientRateLimitKey } from "./clientRateLimitKey";
import { rateLimit } from "./rateLimit";
import type { RateLimitPolicies } from "./rateLimitPolicies";
import { readJsonBody } from "./readJsonBody";

export type LaunchRoutesDeps = {
  registerForLaunch: RegisterForLaunch;
  getRegistration: GetRegistration;
  submitLaunchApplication: SubmitLaunchApplication;
  registrableLaunchIds: readonly string[];
  requireSession: MiddlewareHandler<ApiEnv>;
  limiter: RateLimiter;
  /** The read routes' limiter (this instance's memory). */
  readLimiter: RateLimiter;
  policies: RateLimitPolicies;
  clientAddress: (c: Context) => string;
  now: () => number;
};

/** Contribution bounds from the product spec, inclusive. */
export const MIN_CONTRIBUTION_WEI = 10n ** 16n; // 0.01 ETH
export const MAX_CONTRIBUTION_WEI = 2n * 10n ** 18n; // 2 ETH

const amountEthSchema = z
  .string({ error: 'amountEth must be a string such as "0.5".' })
  .max(40, "amountEth is too long.")
  .transform((text, ctx) => {
    const wei = parseDecimalAmount(text, 18);
    if (wei === undefined) {
      ctx.addIssue({
        code: "custom",
        message: 'amountEth must be a decimal number of ETH such as "0.5" (at most 18 decimals).',
      });
      return z.NEVER;
    }
    if (wei < MIN_CONTRIBUTION_WEI || wei > MAX_CONTRIBUTION_WEI) {
      ctx.addIssue({ code: "custom", message: "amountEth must be between 0.01 and 2 ETH." });
      return z.NEVER;
    }
    return wei;
  });

const registrationBodySchema = z.strictObject({ amountEth: amountEthSchema });

const launchIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);

// The free-text fields follow the web form's rule (textFieldChecks), with the API's field names.
const applicationBodySchema = z.strictObject({
  projectName: z.string().check(
    ...textFieldChecks("projectName", {
      lineBreaks: false,
      min: 2,
      max: 64,
      lengthMessage: "projectName must be 2 to 64 characters.",
    }),
  ),
  tokenSymbol: z
    .string()
    .regex(/^[A-Z0-9]{2,11}$/, "tokenSymbol must be 2 to 11 uppercase letters or digits."),
  website: z
    .string()
    .check(
      ...textFieldChecks("website", {
        lineBreaks: false,
        max: 200,
        lengthMessage: "website must be at most 200 characters.",
      }),
    )
    .pipe(
      z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: "website must be an https:// URL." }),
    ),
  contact: z
    .string()
    .check(
      ...textFieldChecks("contact", {
        lineBreaks: false,
        max: 100,
        lengthMessage: "contact must be at most 100 characters.",
      }),
    )
    .refine(
      (value) => z.email().safeParse(value).success || /^@[A-Za-z0-9_.-]{1,64}$/.test(value),
      "contact must be an email address or an @handle.",
    ),
  description: z.string().check(
    ...textFieldChecks("description", {
      lineBreaks: true,
      min: 20,
      max: 1000,
      lengthMessage: "description must be 20 to 1000 characters.",
    }),
  ),
});

function registrationJson(registration: Registration) {
  return {
    launchId: registration.launchId,
    address: registration.address,
    chainId: registration.chainId,
    amountEth: formatEther(registration.amountWei),
    amountWei: registration.amountWei.toString(),
    createdAt: registration.createdAt.toISOString(),
    updatedAt: registration.updatedAt.toISOString(),
    standing: registration.standing,
    lastCheck: registration.lastCheck
      ? {
          pooBalanceWei: registration.lastCheck.pooBalanceWei.toString(),
          blockNumber: registration.lastCheck.blockNumber.toString(),
          priceUsd: registration.lastCheck.priceUsd,
          priceAt: registration.lastCheck.priceAt?.toISOString() ?? null,
          checkedAt: registration.lastCheck.checkedAt.toISOString(),
        }
      : null,
    recheckedAt: registration.recheckedAt?.toISOString() ?? null,
    decisionPrice: registration.decisionPrice
      ? {
          usd: registration.decisionPrice.usd,
          at: registration.decisionPrice.at.toISOString(),
          windowStart: registration.decisionPrice.windowStart.toISOString(),
        }
      : null,
  };
}

/** Launch whitelist registrations and launch applications; all need a signed-in wallet. */
export function launchRoutes(deps: LaunchRoutesDeps): Hono<ApiEnv> {
  const knownLaunch: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const launchId = launchIdSchema.safeParse(c.req.param("launchId"));
    if (!launchId.success || !deps.registrableLaunchIds.includes(launchId.data)) {
      return jsonError(c, 404, "This launch does not exist or is not open for registration.");
    }
    return next();
  };

  const { limiter, readLimiter, policies, now } = deps;
  const client = (c: Context) => clientRateLimitKey(deps.clientAddress(c));
  const wallet = (c: Context<ApiEnv>) => c.var.session.address.toLowerCase();

  return new Hono<ApiEnv>()
    .put(
      "/launches/:launchId/registration",
      rateLimit(limiter, policies.registrationByClient, client, now),
      deps.requireSession,
      rateLimit(limiter, policies.registrationByWallet, wallet, now),
      knownLaunch,
      async (c) => {
        const body = await readJsonBody(c, registrationBodySchema);
        if (!body.ok) return body.response;
        const result = await deps.registerForLaunch.execute({
          launchId: c.req.param("launchId"),
          session: c.var.session,
          amountWei: body.data.amountEth,
        });
        if (!result.ok) return jsonError(c, result.status, result.error);
        return c.json(registrationJson(result.registration), result.created ? 201 : 200);
      },
    )
    .get(
      "/launches/:launchId/registration",
      rateLimit(readLimiter, policies.registrationReadByClient, client, now),
      deps.requireSession,
      knownLaunch,
      async (c) => {
        const result = await deps.getRegistration.execute({
          launchId: c.req.param("launchId"),
          session: c.var.session,
        });
        if (!result.ok) return jsonError(c, result.status, result.error);
        return c.json(registrationJson(result.registration));
      },
    )
    .post(
      "/launch-applications",
      rateLimit(limiter, policies.applicationByClient, client, now),
      deps.requireSession,
      rateLimit(limiter, policies.applicationByWallet, wallet, now),
      async (c) => {
        const body = await readJsonBody(c, applicationBodySchema);
        if (!body.ok) return body.response;
        const { id } = await deps.submitLaunchApplication.execute(body.data, c.var.session);
        return c.json({ id }, 201);
      },
    );
}
