import { Container } from "inversify";
import type { AccountSnapshotSource } from "../../application/ports/accountSnapshotSource";
import type { Clock } from "../../application/ports/clock";
import type { FeeEstimator } from "../../application/ports/feeEstimator";
import type { LaunchpadGateway } from "../../application/ports/launchpadGateway";
import type { PriceSource } from "../../application/ports/priceSource";
import type { StakeBatchGateway } from "../../application/ports/stakeBatchGateway";
import type { StakingGateway } from "../../application/ports/stakingGateway";
import type { TokenGateway } from "../../application/ports/tokenGateway";
import type { TransactionRecordStore } from "../../application/ports/transactionRecordStore";
import type { TransactionReplayer } from "../../application/ports/transactionReplayer";
import type { TransactionWaiter } from "../../application/ports/transactionWaiter";
import type { ServedChain } from "../../application/servedChain";
import { CheckWhitelistEligibility } from "../../application/use-cases/checkWhitelistEligibility";
import { GetWhitelistRegistration } from "../../application/use-cases/getWhitelistRegistration";
import { ListTransactions } from "../../application/use-cases/listTransactions";
import { LoadAccountSnapshot } from "../../application/use-cases/loadAccountSnapshot";
import { LoadPriceHistory } from "../../application/use-cases/loadPriceHistory";
import { LookupPooPrice } from "../../application/use-cases/lookupPooPrice";
import { QuoteNetworkFee } from "../../application/use-cases/quoteNetworkFee";
import { RecordTransaction } from "../../application/use-cases/recordTransaction";
import { RegisterForWhitelist } from "../../application/use-cases/registerForWhitelist";
import { SettlePendingTransactions } from "../../application/use-cases/settlePendingTransactions";
import { SettleTransactionRecord } from "../../application/use-cases/settleTransactionRecord";
import { StakeWithAllowanceCheck } from "../../application/use-cases/stakeWithAllowanceCheck";
import { SubmitLaunchApplication } from "../../application/use-cases/submitLaunchApplication";
import { Unstake } from "../../application/use-cases/unstake";
import { HttpSignInGateway } from "../../adapters/auth/HttpSignInGateway";
import { HttpLaunchpadGateway } from "../../adapters/http/HttpLaunchpadGateway";
import { HttpPriceSource } from "../../adapters/http/HttpPriceSource";
import { LocalStorageTransactionRecordStore } from "../../adapters/storage/LocalStorageTransactionRecordStore";
import { toAddress } from "../../domain/address";
import type { LaunchCatalogue } from "../../domain/launch/launchCatalogue";
import type { AppConfig, ChainSettings } from "../config/appConfig";
import { APP_TOKENS } from "./appTokens";
import { lazyPriceHistorySource } from "./lazyPriceHistorySource";
import { TOKENS } from "../../application/serviceTokens";

export interface ContainerDependencies {
  appConfig: AppConfig;
  launches: LaunchCatalogue;
  storage: Pick<Storage, "getItem" | "setItem">;
  fetchFn?: typeof fetch;
  clock?: Clock;
}

const systemClock: Clock = { now: () => new Date() };

/** What the screens need of a configured chain (the rest of AppConfig stays in the app). */
function servedChain(chain: ChainSettings): ServedChain {
  return {
    id: chain.id,
    explorerUrl: chain.explorerUrl,
    blockTimeMs: chain.blockTimeMs,
    pooToken: toAddress(chain.deployment.pooToken),
    crapToken: toAddress(chain.deployment.crapToken),
  };
}

/**
 * The composition root: the only place where adapters meet the use cases. One container per app.
 * The chain adapters (wagmi) are not bound here: `bindChainAdapters` adds them when the wallet stack
 * loads, so the start-up bundle carries no wallet code. Use cases that need them resolve only then.
 */
export function createContainer(deps: ContainerDependencies): Container {
  const container = new Container({ defaultScope: "Singleton" });
  const { appConfig } = deps;

  container.bind(APP_TOKENS.appConfig).toConstantValue(appConfig);
  const [firstChain, ...otherChains] = appConfig.chains;
  container
    .bind(TOKENS.servedChains)
    .toConstantValue([servedChain(firstChain), ...otherChains.map(servedChain)]);
  container.bind(TOKENS.launchCatalogue).toConstantValue(deps.launches);
  container.bind(TOKENS.clock).toConstantValue(deps.clock ?? systemClock);
  container.bind(TOKENS.priceSource).toConstantValue(new HttpPriceSource(appConfig.apiBaseUrl, deps.fetchFn));
  container
    .bind(TOKENS.signInGateway)
    .toConstantValue(new HttpSignInGateway(appConfig.apiBaseUrl, deps.fetchFn));
  container
    .bind(TOKENS.transactionRecordStore)
    .toConstantValue(new LocalStorageTransactionRecordStore(deps.storage, appConfig.storagePrefix));

  container
    .bind(TOKENS.stakeWithAllowanceCheck)
    .toResolvedValue(
      (
        snapshots: AccountSnapshotSource,
        token: TokenGateway,
        staking: StakingGateway,
        transactions: TransactionWaiter,
        replayer: TransactionReplayer,
        batches: StakeBatchGateway,
      ) => new StakeWithAllowanceCheck({ snapshots, token, staking, transactions, replayer, batches }),
      [
        TOKENS.accountSnapshotSource,
        TOKENS.tokenGateway,
        TOKENS.stakingGateway,
        TOKENS.transactionWaiter,
        TOKENS.transactionReplayer,
        TOKENS.stakeBatchGateway,
      ],
    );
  container
    .bind(TOKENS.unstake)
    .toResolvedValue(
      (
        snapshots: AccountSnapshotSource,
        staking: StakingGateway,
        transactions: TransactionWaiter,
        clock: Clock,
        replayer: TransactionReplayer,
      ) => new Unstake({ snapshots, staking, transactions, clock, replayer }),
      [
        TOKENS.accountSnapshotSource,
        TOKENS.stakingGateway,
        TOKENS.transactionWaiter,
        TOKENS.clock,
        TOKENS.transactionReplayer,
      ],
    );
  container
    .bind(TOKENS.quoteNetworkFee)
    .toResolvedValue((estimator: FeeEstimator) => new QuoteNetworkFee(estimator), [TOKENS.feeEstimator]);
  container
    .bind(TOKENS.loadAccountSnapshot)
    .toResolvedValue(
      (s: AccountSnapshotSource) => new LoadAccountSnapshot(s),
      [TOKENS.accountSnapshotSource],
    );
  container
    .bind(TOKENS.lookupPooPrice)
    .toResolvedValue(
      (prices: PriceSource, clock: Clock) => new LookupPooPrice({ prices, clock }),
      [TOKENS.priceSource, TOKENS.clock],
    );
  container
    .bind(TOKENS.loadPriceHistory)
    .toConstantValue(new LoadPriceHistory(lazyPriceHistorySource(appConfig.apiBaseUrl, deps.fetchFn)));
  container
    .bind(TOKENS.recordTransaction)
    .toResolvedValue(
      (s: TransactionRecordStore) => new RecordTransaction(s),
      [TOKENS.transactionRecordStore],
    );
  container
    .bind(TOKENS.listTransactions)
    .toResolvedValue((s: TransactionRecordStore) => new ListTransactions(s), [TOKENS.transactionRecordStore]);
  container
    .bind(TOKENS.settleTransactionRecord)
    .toResolvedValue(
      (s: TransactionRecordStore) => new SettleTransactionRecord(s),
      [TOKENS.transactionRecordStore],
    );
  container
    .bind(TOKENS.settlePendingTransactions)
    .toResolvedValue(
      (store: TransactionRecordStore, transactions: TransactionWaiter, batches: StakeBatchGateway) =>
        new SettlePendingTransactions({ store, transactions, batches }),
      [TOKENS.transactionRecordStore, TOKENS.transactionWaiter, TOKENS.stakeBatchGateway],
    );
  container
    .bind(TOKENS.checkWhitelistEligibility)
    .toResolvedValue(
      (token: TokenGateway, price: LookupPooPrice) => new CheckWhitelistEligibility({ token, price }),
      [TOKENS.tokenGateway, TOKENS.lookupPooPrice],
    );

  container
    .bind(TOKENS.launchpadGateway)
    .toConstantValue(new HttpLaunchpadGateway(appConfig.apiBaseUrl, deps.fetchFn));
  container
    .bind(TOKENS.registerForWhitelist)
    .toResolvedValue((g: LaunchpadGateway) => new RegisterForWhitelist(g), [TOKENS.launchpadGateway]);
  container
    .bind(TOKENS.getWhitelistRegistration)
    .toResolvedValue((g: LaunchpadGateway) => new GetWhitelistRegistration(g), [TOKENS.launchpadGateway]);
  container
    .bind(TOKENS.submitLaunchApplication)
    .toResolvedValue((g: LaunchpadGateway) => new SubmitLaunchApplication(g), [TOKENS.launchpadGateway]);
  return container;
}
