import type { LaunchCatalogue } from "../../src/domain/launch/launchCatalogue";

const DAY_MS = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString();

const details = {
  totalSupplyBillions: 250,
  allocationPercent: 8,
  marketCapThousands: 20,
  tokenomics: [
    { label: "Presale", value: 30, unit: "%" },
    { label: "Marketing", value: 10, unit: "%" },
    { label: "Ecosystem", value: 40, unit: "%" },
    { label: "Market Making", value: 10, unit: "%" },
    { label: "Team", value: 10, unit: "%" },
  ],
  contribution: { minEth: 0.01, maxEth: 2 },
};

/**
 * The spec's sample launches with sale times relative to `now`: CRAP's whitelist is live and its sale
 * starts in 20m 15s; POO is upcoming and starts in 2d 20m 15s (the spec's countdown texts at start-up).
 */
export function sampleLaunchCatalogue(now: number): LaunchCatalogue {
  const crapStart = now + (20 * 60 + 15) * 1000;
  const pooStart = now + 2 * DAY_MS + (20 * 60 + 15) * 1000;
  return {
    launches: [
      {
        id: "crap",
        symbol: "CRAP",
        name: "CRAP Token",
        description: "CRAP is the reward token of POO Finance staking, launching with a community presale.",
        website: "https://poo.finance",
        tags: ["Meme", "Live"],
        status: "live",
        hardcapEth: 60,
        progressPercent: 77,
        allocationPercent: 60,
        vestingDays: 30,
        saleStartsAt: iso(crapStart),
        saleEndsAt: iso(crapStart + 7 * DAY_MS),
        socials: [
          { kind: "x", url: "https://x.com/poofinance" },
          { kind: "telegram", url: "https://t.me/poofinance" },
          { kind: "website", url: "https://poo.finance" },
        ],
        details,
        whitelistOpen: true,
      },
      {
        id: "poo",
        symbol: "POO",
        name: "POO Finance",
        description: "POO is the staking token of POO Finance.",
        website: "https://poo.finance",
        tags: ["DeFi", "Upcoming"],
        status: "upcoming",
        hardcapEth: 100,
        progressPercent: 0,
        allocationPercent: 90,
        vestingDays: 0,
        saleStartsAt: iso(pooStart),
        saleEndsAt: iso(pooStart + 7 * DAY_MS),
        socials: [
          { kind: "x", url: "https://x.com/poofinance" },
          { kind: "discord", url: "https://discord.gg/poofinance" },
        ],
        details,
        whitelistOpen: false,
      },
    ],
  };
}
