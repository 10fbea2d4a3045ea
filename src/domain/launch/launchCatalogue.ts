import { z } from "../zod";

const percent = z.number().check(z.minimum(0), z.maximum(100));
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https URL" });
const text = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
const positive = z.number().check(z.positive());
const nonnegative = z.number().check(z.nonnegative());

export const launchStatusSchema = z.enum(["live", "upcoming", "ended"]);

/** One token launch on the launchpad: the card's front (sale figures) and back (details). */
export const launchSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes")),
  symbol: text(1, 11),
  name: text(1, 64),
  description: text(1, 500),
  website: httpsUrl,
  tags: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)),
  status: launchStatusSchema,
  hardcapEth: positive,
  progressPercent: percent,
  allocationPercent: percent,
  vestingDays: z.int().check(z.nonnegative()),
  saleStartsAt: z.iso.datetime({ offset: true }),
  saleEndsAt: z.iso.datetime({ offset: true }),
  socials: z.array(z.object({ kind: z.enum(["x", "telegram", "discord", "website"]), url: httpsUrl })),
  details: z.object({
    totalSupplyBillions: positive,
    allocationPercent: percent,
    marketCapThousands: nonnegative,
    tokenomics: z
      .array(z.object({ label: z.string().check(z.minLength(1)), value: nonnegative, unit: z.string() }))
      .check(z.minLength(1)),
    contribution: z.object({ minEth: positive, maxEth: positive }),
  }),
  /** Whether holders can register for this launch's whitelist. */
  whitelistOpen: z.boolean(),
});

export const launchCatalogueSchema = z
  .object({ launches: z.array(launchSchema).check(z.minLength(1)) })
  .check(
    z.superRefine((catalogue, ctx) => {
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
    }),
  );

export type Launch = z.infer<typeof launchSchema>;
export type LaunchCatalogue = z.infer<typeof launchCatalogueSchema>;

/** Each problem with the field's path, e.g. `launches.0.hardcapEth: Too small: expected number to be >0`. */
export function describeCatalogueIssues(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || "(catalogue)"}: ${issue.message}`);
}
