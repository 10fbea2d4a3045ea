import type { AccountSnapshotSource } from "./ports/accountSnapshotSource";
import type { Clock } from "./ports/clock";
import type { LaunchpadGateway } from "./ports/launchpadGateway";
import type { PriceSource } from "./ports/priceSource";
import type { SignInGateway } from "./ports/signInGateway";
import type { StakeActivitySource } from "./ports/stakeActivitySource";
import type { StakingGateway } from "./ports/stakingGateway";
import type { TokenGateway } from "./ports/tokenGateway";
import type { TransactionRecordStore } from "./ports/transactionRecordStore";
import type { TransactionWaiter } from "./ports/transactionWaiter";
import type { TransactionReplayer } from "./ports/transactionReplayer";
import type { StakeBatchGateway } from "./ports/stakeBatchGateway";
import type { FeeEstimator } from "./ports/feeEstimator";
import type { QuoteNetworkFee } from "./use-cases/quoteNetworkFee";
import type { WalletGateway } from "./ports/walletGateway";
import type { CheckWhitelistEligibility } from "./use-cases/checkWhitelistEligibility";
import type { GetWhitelistRegistration } from "./use-cases/getWhitelistRegistration";
import type { ListTransactions } from "./use-cases/listTransactions";
import type { LoadAccountSnapshot } from "./use-cases/loadAccountSnapshot";
import type { LoadStakeActivity } from "./use-cases/loadStakeActivity";
import type { LoadPriceHistory } from "./use-cases/loadPriceHistory";
import type { LookupPooPrice } from "./use-cases/lookupPooPrice";
import type { RecordTransaction } from "./use-cases/recordTransaction";
import type { RegisterForWhitelist } from "./use-cases/registerForWhitelist";
import type { SettlePendingTransactions } from "./use-cases/settlePendingTransactions";
import type { SettleTransactionRecord } from "./use-cases/settleTransactionRecord";
import type { StakeWithAllowanceCheck } from "./use-cases/stakeWithAllowanceCheck";
import type { SubmitLaunchApplication } from "./use-cases/submitLaunchApplication";
import type { Unstake } from "./use-cases/unstake";
import type { LaunchCatalogue } from "../domain/launch/launchCatalogue";
import type { ServedChain } from "./servedChain";
import type { ServiceKey } from "./serviceResolver";

const token = <T>(name: string): ServiceKey<T> => Symbol.for(`poo.${name}`);

/**
 * Typed keys of the ports and use cases: the app's container binds them (src/app/container), the UI
 * resolves them (src/ui/services). Ports are interfaces, which leave nothing at run time for decorator
 * metadata to name, so every binding goes through one of these symbols.
 */
export const TOKENS = {
  servedChains: token<readonly [ServedChain, ...ServedChain[]]>("ServedChains"),
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
  /** Its adapter loads on the first read (lazyPriceHistorySource): the chart comes after first paint. */
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
