import { z } from "zod";

const percent = z.number().min(0).max(100);
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https URL" });

export const launchStatusSchema = z.enum(["live", "upcoming", "ended"]);

/** One token launch on the launchpad: the card's front (sale figures) and back (details). */
export const launchSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes"),
  symbol: z.string().min(1).max(11),
  name: z.string().min(1).max(64),
  description: z.string().min(1).max(500),
  website: httpsUrl,
  tags: z.array(z.string().min(1)).min(1),
  status: launchStatusSchema,
  hardcapEth: z.number().positive(),
  progressPercent: percent,
  allocationPercent: percent,
  vestingDays: z.number().int().nonnegative(),
  saleStartsAt: z.iso.datetime({ offset: true }),
  saleEndsAt: z.iso.datetime({ offset: true }),
  socials: z.array(z.object({ kind: z.enum(["x", "telegram", "discord", "website"]), url: httpsUrl })),
  details: z.object({
    totalSupplyBillions: z.number().positive(),
    allocationPercent: percent,
    marketCapThousands: z.number().nonnegative(),
    tokenomics: z
      .array(z.object({ label: z.string().min(1), value: z.number().nonnegative(), unit: z.string() }))
      .min(1),
    contribution: z.object({ minEth: z.number().positive(), maxEth: z.number().positive() }),
  }),
  /** Whether holders can register for this launch's whitelist. */
  whitelistOpen: z.boolean(),
});

export const launchCatalogueSchema = z
  .object({ launches: z.array(launchSchema).min(1) })
  .superRefine((catalogue, ctx) => {
    catalogue.launches.forEach((launch, index) => {
      if (Date.parse(launch.saleEndsAt) <= Date.parse(launch.saleStartsAt)) {
        ctx.addIssue({
          code: "custom",
          path: ["launches", index, "saleEndsAt"],
          message: "must be after saleStartsAt",
        });
      }
      if (launch.details.contribution.maxEth < launch.details.contribution.minEth) {
        ctx.addIssue({
          code: "custom",
          path: ["launches", index, "details", "contribution", "maxEth"],
          message: "must not be below minEth",
        });
      }
    });
  });

export type Launch = z.infer<typeof launchSchema>;
export type LaunchCatalogue = z.infer<typeof launchCatalogueSchema>;

/** Each problem with the field's path, e.g. `launches.0.hardcapEth: Too small: expected number to be >0`. */
export function describeCatalogueIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || "(catalogue)"}: ${issue.message}`);
}
