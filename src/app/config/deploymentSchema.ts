import { ADDRESS_PATTERN } from "../../domain/address.ts";
import { z } from "../../domain/zod.ts";

const address = z.string().check(z.regex(ADDRESS_PATTERN, "must be a 0x-prefixed 20-byte hex address"));
const integerString = z.string().check(z.regex(/^\d+$/, "must be a decimal integer string"));

/**
 * `deployments/<chainId>.json`, written by scripts/deploy.ts and the local stack; read by the web app,
 * the API server, the end-to-end rig and the benchmarks.
 */
export const deploymentSchema = z.looseObject({
  chainId: z.int().check(z.positive()),
  pooToken: address,
  crapToken: address,
  staking: address,
  deployBlock: z.int().check(z.nonnegative()),
  minStake: z.optional(integerString),
  minStakeDuration: z.optional(integerString),
});

export type Deployment = z.infer<typeof deploymentSchema>;

/** One line per problem, naming the field: `deployments/31337.json: staking: Invalid input: expected string, received undefined`. */
export function describeDeploymentIssues(source: string, error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join(".") : "(file)";
    return `${source}: ${field}: ${issue.message}`;
  });
}
