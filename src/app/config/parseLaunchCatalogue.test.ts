import { describe, expect, it } from "vitest";
import committed from "../../../launchpad/launches.json";
import { ConfigError } from "./appConfig";
import { parseLaunchCatalogue } from "./parseLaunchCatalogue";

function problems(files: Record<string, unknown>): string[] {
  try {
    parseLaunchCatalogue(files);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("parseLaunchCatalogue", () => {
  it("accepts the committed catalogue with the spec's sample figures", () => {
    const catalogue = parseLaunchCatalogue({ "/launchpad/launches.json": committed });
    const [crap, poo] = catalogue.launches;
    expect(crap).toMatchObject({
      symbol: "CRAP",
      tags: ["Meme", "Live"],
      hardcapEth: 60,
      progressPercent: 77,
      allocationPercent: 60,
      vestingDays: 30,
    });
    expect(poo).toMatchObject({
      symbol: "POO",
      tags: ["DeFi", "Upcoming"],
      hardcapEth: 100,
      progressPercent: 0,
      allocationPercent: 90,
      vestingDays: 0,
    });
    expect(crap?.details.tokenomics.map((t) => `${t.label} ${t.value}${t.unit}`)).toEqual([
      "Presale 30%",
      "Marketing 10%",
      "Ecosystem 40%",
      "Market Making 10%",
      "Team 10%",
    ]);
    expect(crap?.details.contribution).toEqual({ minEth: 0.01, maxEth: 2 });
  });

  it("prefers the local stack's catalogue", () => {
    const local = structuredClone(committed);
    local.launches[0]!.name = "Local CRAP";
    const catalogue = parseLaunchCatalogue({
      "/launchpad/launches.json": committed,
      "/launchpad/launches.local.json": local,
    });
    expect(catalogue.launches[0]?.name).toBe("Local CRAP");
  });

  it("names the bad field", () => {
    const bad = structuredClone(committed) as { launches: Record<string, unknown>[] };
    bad.launches[0]!.hardcapEth = -1;
    bad.launches[1]!.saleStartsAt = "tomorrow";
    const found = problems({ "/launchpad/launches.json": bad });
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^launchpad\/launches\.json: launches\.0\.hardcapEth: /);
    expect(found[1]).toMatch(/^launchpad\/launches\.json: launches\.1\.saleStartsAt: /);
  });

  it("refuses an end before the start", () => {
    const bad = structuredClone(committed);
    bad.launches[0]!.saleEndsAt = "2020-01-01T00:00:00.000Z";
    expect(problems({ "/launchpad/launches.json": bad })).toEqual([
      "launchpad/launches.json: launches.0.saleEndsAt: must be after saleStartsAt",
    ]);
  });

  it("says when the file is missing", () => {
    expect(problems({})).toEqual(["launchpad/launches.json: missing"]);
  });
});
