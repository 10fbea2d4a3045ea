import { createConfig, http } from "@wagmi/core";
import type { ServiceIdentifier } from "inversify";
import { hardhat } from "viem/chains";
import { describe, expect, it } from "vitest";
import { StakeWithAllowanceCheck } from "../../application/use-cases/stakeWithAllowanceCheck";
import { ViemStakeActivitySource } from "../../adapters/chain/ViemStakeActivitySource";
import { PonderStakeActivitySource } from "../../adapters/indexer/PonderStakeActivitySource";
import committedLaunches from "../../../launchpad/launches.json";
import { parseAppConfig } from "../config/appConfig";
import { parseLaunchCatalogue } from "../config/parseLaunchCatalogue";
import { bindChainAdapters } from "./bindChainAdapters";
import { APP_TOKENS } from "./appTokens";
import { createContainer } from "./createContainer";
import { TOKENS } from "../../application/serviceTokens";

const appConfig = parseAppConfig(
  { VITE_CHAINS: "local" },
  {
    "/deployments/31337.json": {
      chainId: 31337,
      pooToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      crapToken: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      staking: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
      deployBlock: 3,
    },
  },
);
const wagmiConfig = createConfig({ chains: [hardhat], transports: { [hardhat.id]: http() } });
const storage = { getItem: () => null, setItem: () => {} };
const launches = parseLaunchCatalogue({ "/launchpad/launches.json": committedLaunches });

/** Needs the wallet stack's adapters: unresolvable until bindChainAdapters ran. */
const CHAIN_TOKENS = new Set<symbol>([
  TOKENS.tokenGateway,
  TOKENS.stakingGateway,
  TOKENS.transactionWaiter,
  TOKENS.transactionReplayer,
  TOKENS.stakeBatchGateway,
  TOKENS.feeEstimator,
  TOKENS.quoteNetworkFee,
  TOKENS.accountSnapshotSource,
  TOKENS.walletGateway,
  TOKENS.stakeWithAllowanceCheck,
  TOKENS.unstake,
  TOKENS.loadAccountSnapshot,
  TOKENS.checkWhitelistEligibility,
  TOKENS.settlePendingTransactions,
  TOKENS.stakeActivitySource,
  TOKENS.loadStakeActivity,
] as symbol[]);

/** The UI's keys and the composition root's own. */
const ALL_TOKENS = { ...TOKENS, ...APP_TOKENS };

function chainContainer() {
  const container = createContainer({ appConfig, launches, storage });
  bindChainAdapters(container, appConfig, wagmiConfig);
  return container;
}

describe("createContainer", () => {
  it("resolves every binding that needs no wallet before the wallet stack loads, and none that does", () => {
    const container = createContainer({ appConfig, launches, storage });
    for (const [name, id] of Object.entries(ALL_TOKENS) as [string, ServiceIdentifier<unknown>][]) {
      if (CHAIN_TOKENS.has(id as symbol)) expect(() => container.get(id), name).toThrow();
      else expect(container.get(id), name).toBeDefined();
    }
  });

  it("resolves every binding once the chain adapters are bound", () => {
    const container = chainContainer();
    for (const [name, id] of Object.entries(ALL_TOKENS) as [string, ServiceIdentifier<unknown>][]) {
      expect(container.get(id), name).toBeDefined();
    }
    expect(container.get(TOKENS.stakeWithAllowanceCheck)).toBeInstanceOf(StakeWithAllowanceCheck);
  });

  it("shares one price cache between the price lookup and the eligibility check", () => {
    const container = chainContainer();
    expect(container.get(TOKENS.lookupPooPrice)).toBe(container.get(TOKENS.lookupPooPrice));
  });

  it("reads the activity from the indexer, unless the build turns it off (then from the chain alone)", () => {
    expect(chainContainer().get(TOKENS.stakeActivitySource)).toBeInstanceOf(PonderStakeActivitySource);
    const off = { ...appConfig, indexerUrl: undefined };
    const container = createContainer({ appConfig: off, launches, storage });
    bindChainAdapters(container, off, wagmiConfig);
    expect(container.get(TOKENS.stakeActivitySource)).toBeInstanceOf(ViemStakeActivitySource);
  });

  it("exposes the staking contract of the configured chain", () => {
    const container = chainContainer();
    const chain = appConfig.chains[0];
    expect(container.get(TOKENS.stakingGateway).stakingAddress(chain.id)).toBe(chain.deployment.staking);
  });

  it("shows the screens each configured chain's id, explorer, block time and token addresses", () => {
    const container = createContainer({ appConfig, launches, storage });
    const chain = appConfig.chains[0];
    expect(container.get(TOKENS.servedChains)).toEqual([
      {
        id: chain.id,
        explorerUrl: chain.explorerUrl,
        blockTimeMs: chain.blockTimeMs,
        pooToken: chain.deployment.pooToken,
        crapToken: chain.deployment.crapToken,
      },
    ]);
  });
});
