import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { getAddress, isAddress } from "viem";
import { z } from "zod";
import type { Deployment, DeploymentSource } from "../ports/DeploymentSource";

const address = z
  .string()
  .refine((value) => isAddress(value), "must be a 0x address")
  .transform((value) => getAddress(value));

const deploymentSchema = z.object({
  chainId: z.number().int().positive(),
  pooToken: address,
  crapToken: address,
  staking: address,
  deployBlock: z
    .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)])
    .transform((value) => BigInt(value)),
});

/**
 * Reads `<dir>/<chainId>.json` on every call: the local stack rewrites it on each deploy,
 * and one small file read per registration is cheap.
 */
export class FileDeploymentSource implements DeploymentSource {
  constructor(private readonly dir: string) {}

  async get(chainId: number): Promise<Deployment> {
    const file = join(this.dir, `${chainId}.json`);
    const text = await readFile(file, "utf8");
    const parsed = deploymentSchema.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new Error(`${file} is not a valid deployment: ${z.prettifyError(parsed.error)}`);
    if (parsed.data.chainId !== chainId)
      throw new Error(`${file} describes chain ${parsed.data.chainId}, not ${chainId}.`);
    return parsed.data;
  }
}
