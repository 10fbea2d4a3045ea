import type { ServiceIdentifier } from "inversify";
import type { AccountSnapshotSource } from "../../application/ports/accountSnapshotSource";
import type { Clock } from "../../application/ports/clock";
import type { FeeEstimator } from "../../application/ports/feeEstimator";
import type { LaunchpadGateway } from "../../application/ports/launchpadGateway";
import type { PriceSource } from "../../application/ports/priceSource";
import type { SignInGateway } from "../../application/ports/signInGateway";
import type { StakeBatchGateway } from "../../application/ports/stakeBatchGateway";
import type { StakeActivitySource } from "../../application/ports/stakeActivitySource";
import type { StakingGateway } from "../../application/ports/stakingGateway";
import type { TokenGateway } from "../../application/ports/tokenGateway";
import type { TransactionRecordStore } from "../../application/ports/transactionRecordStore";
import type { TransactionReplayer } from "../../application/ports/transactionReplayer";
import type { TransactionWaiter } from "../../application/ports/transactionWaiter";
import type { WalletGateway } from "../../application/ports/walletGateway";
import type { CheckWhitelistEligibility } from "../../application/use-cases/checkWhitelistEligibility";
import type { GetWhitelistRegistration } from "../../application/use-cases/getWhitelistRegistration";
import type { ListTransactions } from "../../application/use-cases/listTransactions";
import type { LoadAccountSnapshot } from "../../application/use-cases/loadAccountSnapshot";
import type { LoadStakeActivity } from "../../application/use-cases/loadStakeActivity";
import type { LoadPriceHistory } from "../../application/use-cases/loadPriceHistory";
import type { LookupPooPrice } from "../../application/use-cases/lookupPooPrice";
import type { QuoteNetworkFee } from "../../application/use-cases/quoteNetworkFee";
import type { RecordTransaction } from "../../application/use-cases/recordTransaction";
import type { RegisterForWhitelist } from "../../application/use-cases/registerForWhitelist";
import type { SettlePendingTransactions } from "../../application/use-cases/settlePendingTransactions";
import type { SettleTransactionRecord } from "../../application/use-cases/settleTransactionRecord";
import type { StakeWithAllowanceCheck } from "../../application/use-cases/stakeWithAllowanceCheck";
import type { SubmitLaunchApplication } from "../../application/use-cases/submitLaunchApplication";
import type { Unstake } from "../../application/use-cases/unstake";
import type { LaunchCatalogue } from "../../domain/launch/launchCatalogue";
import type { AppConfig } from "../config/appConfig";

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`poo.${name}`);

/**
 * Typed container keys. Ports are interfaces, which leave nothing at run time for decorator
 * metadata to name, so every binding goes through one of these symbols.
 */
export const TOKENS = {
  appConfig: token<AppConfig>("AppConfig"),
  launchCatalogue: token<LaunchCatalogue>("LaunchCatalogue"),
  clock: token<Clock>("Clock"),
  tokenGateway: token<TokenGateway>("TokenGateway"),
  stakingGateway: token<StakingGateway>("StakingGateway"),
  transactionWaiter: token<TransactionWaiter>("TransactionWaiter"),
  transactionReplayer: token<TransactionReplayer>("TransactionReplayer"),
  stakeBatchGateway: token<StakeBatchGateway>("StakeBatchGateway"),
  feeEstimator: token<FeeEstimator>("FeeEstimator"),
  quoteNetworkFee: token<QuoteNetworkFee>("QuoteNetworkFee"),
  accountSnapshotSource: token<AccountSnapshotSource>("AccountSnapshotSource"),
  priceSource: token<PriceSource>("PriceSource"),
  signInGateway: token<SignInGateway>("SignInGateway"),
  transactionRecordStore: token<TransactionRecordStore>("TransactionRecordStore"),
  stakeWithAllowanceCheck: token<StakeWithAllowanceCheck>("StakeWithAllowanceCheck"),
  unstake: token<Unstake>("Unstake"),
  loadAccountSnapshot: token<LoadAccountSnapshot>("LoadAccountSnapshot"),
  lookupPooPrice: token<LookupPooPrice>("LookupPooPrice"),
  /** Bound on first use by bindPriceHistory (the chart loads after first paint). */
  loadPriceHistory: token<LoadPriceHistory>("LoadPriceHistory"),
  recordTransaction: token<RecordTransaction>("RecordTransaction"),
  listTransactions: token<ListTransactions>("ListTransactions"),
  settleTransactionRecord: token<SettleTransactionRecord>("SettleTransactionRecord"),
  settlePendingTransactions: token<SettlePendingTransactions>("SettlePendingTransactions"),
  checkWhitelistEligibility: token<CheckWhitelistEligibility>("CheckWhitelistEligibility"),
  launchpadGateway: token<LaunchpadGateway>("LaunchpadGateway"),
  registerForWhitelist: token<RegisterForWhitelist>("RegisterForWhitelist"),
  getWhitelistRegistration: token<GetWhitelistRegistration>("GetWhitelistRegistration"),
  submitLaunchApplication: token<SubmitLaunchApplication>("SubmitLaunchApplication"),
  walletGateway: token<WalletGateway>("WalletGateway"),
  stakeActivitySource: token<StakeActivitySource>("StakeActivitySource"),
  loadStakeActivity: token<LoadStakeActivity>("LoadStakeActivity"),
} as const;
