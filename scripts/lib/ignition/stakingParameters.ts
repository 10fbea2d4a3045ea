import type { DeploymentParameters } from "@nomicfoundation/ignition-core";
import { z } from "zod";
import type { StakingContractName } from "./stakingModules.ts";

/** The values a staking module deploys with, as found in its Ignition parameters. */
export interface StakingParameters {
  /** POO minted to the deployer (PooToken.initialSupply). */
  pooSupply: bigint;
  /** CRAP minted to the deployer (CrapToken.initialSupply); the reward fund comes out of it. */
  crapSupply: bigint;
  /** POO base units per stake call. */
  minStake: bigint;
  /** Seconds a stake stays locked. */
  minStakeDuration: bigint;
  /** CRAP base units moved into the pool's reserve. */
  rewardFund: bigint;
  /** Staking: CRAP base units per second for the whole pool. */
  rewardRate?: bigint;
  /** ReferenceStaking: CRAP base units per whole POO per second. */
  rewardPerTokenPerSecond?: bigint;
}

// Ignition reads "123n" strings as bigints and keeps plain JSON numbers as numbers.
const wholeNumber = z
  .union([z.bigint(), z.number().int()], {
    error:
      'must be a whole number: a JSON number, or base units as a string ending in n ("100000000000000000000n")',
  })
  .transform((value) => BigInt(value))
  .refine((value) => value >= 0n, "must not be negative");
const positive = wholeNumber.refine((value) => value > 0n, "must be greater than 0");

/**
 * Reads and checks the parameters a staking module needs (a module's own value, else `$global`'s),
 * before anything is sent: a bad file gets one line per problem, naming `Module.parameter`.
 */
export function resolveStakingParameters(
  parameters: DeploymentParameters,
  stakingContract: StakingContractName,
): StakingParameters {
  const problems: string[] = [];
  const read = (moduleId: string, name: string, schema: typeof wholeNumber): bigint => {
    const raw = parameters[moduleId]?.[name] ?? parameters.$global?.[name];
    if (raw === undefined) {
      problems.push(`${moduleId}.${name}: missing (set it under "${moduleId}" or "$global")`);
      return 0n;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const got = typeof raw === "string" ? `"${raw}"` : String(raw);
      problems.push(`${moduleId}.${name}: ${parsed.error.issues[0]?.message ?? "invalid"} (got ${got})`);
      return 0n;
    }
    return parsed.data;
  };

  const values: StakingParameters = {
    pooSupply: read("PooToken", "initialSupply", wholeNumber),
    crapSupply: read("CrapToken", "initialSupply", wholeNumber),
    minStake: read(stakingContract, "minStake", positive),
    minStakeDuration: read(stakingContract, "minStakeDuration", wholeNumber),
    rewardFund: read(stakingContract, "rewardFund", positive),
  };
  if (stakingContract === "Staking") values.rewardRate = read("Staking", "rewardRate", wholeNumber);
  else values.rewardPerTokenPerSecond = read("ReferenceStaking", "rewardPerTokenPerSecond", wholeNumber);

  if (problems.length === 0 && values.rewardFund > values.crapSupply) {
    problems.push(
      `${stakingContract}.rewardFund: ${values.rewardFund} is more than CrapToken.initialSupply ` +
        `(${values.crapSupply}): the deployer could not pay it`,
    );
  }
  if (problems.length > 0) throw new Error(`Bad deployment parameters:\n  - ${problems.join("\n  - ")}`);
  return values;
}
