import type { Config } from "@wagmi/core";
import type { Container } from "inversify";
import { ChainContracts, type ContractAddresses } from "../../adapters/chain/ChainContracts";
import { MulticallAccountSnapshotSource } from "../../adapters/chain/MulticallAccountSnapshotSource";
import { WagmiStakingGateway } from "../../adapters/chain/WagmiStakingGateway";
import { WagmiTokenGateway } from "../../adapters/chain/WagmiTokenGateway";
import { PinnedContractWriter } from "../../adapters/chain/PinnedContractWriter";
import { SentTransactionLog } from "../../adapters/chain/SentTransactionLog";
import { ViemStakeActivitySource } from "../../adapters/chain/ViemStakeActivitySource";
import { PonderStakeActivitySource } from "../../adapters/indexer/PonderStakeActivitySource";
import { ViemFeeEstimator } from "../../adapters/chain/ViemFeeEstimator";
import { ViemTransactionReplayer } from "../../adapters/chain/ViemTransactionReplayer";
import { ViemTransactionWaiter } from "../../adapters/chain/ViemTransactionWaiter";
import { WagmiStakeBatchGateway } from "../../adapters/chain/WagmiStakeBatchGateway";
import { WagmiWalletGateway } from "../../adapters/chain/WagmiWalletGateway";
import { LoadStakeActivity } from "../../application/use-cases/loadStakeActivity";
import { toAddress } from "../../domain/address";
import type { AppConfig } from "../config/appConfig";
import { TOKENS } from "../../application/serviceTokens";

/**
 * Binds the chain adapters (wagmi actions on `wagmiConfig`) into a container made by createContainer.
 * Called once, by the wallet stack when it loads; binding twice is a programming error.
 */
export function bindChainAdapters(container: Container, appConfig: AppConfig, wagmiConfig: Config): void {
  const byChain = new Map<number, ContractAddresses>(
    appConfig.chains.map((c) => [
      c.id,
      {
        pooToken: toAddress(c.deployment.pooToken),
        crapToken: toAddress(c.deployment.crapToken),
        staking: toAddress(c.deployment.staking),
        deployBlock: BigInt(c.deployment.deployBlock),
      },
    ]),
  );
  const contracts = new ChainContracts(wagmiConfig, byChain);
  const sent = new SentTransactionLog();
  const writer = new PinnedContractWriter(wagmiConfig, sent);
  container.bind(TOKENS.tokenGateway).toConstantValue(new WagmiTokenGateway(wagmiConfig, writer, contracts));
  container.bind(TOKENS.stakingGateway).toConstantValue(new WagmiStakingGateway(writer, contracts));
  container.bind(TOKENS.transactionWaiter).toConstantValue(new ViemTransactionWaiter(wagmiConfig, sent));
  container.bind(TOKENS.transactionReplayer).toConstantValue(new ViemTransactionReplayer(wagmiConfig));
  container
    .bind(TOKENS.stakeBatchGateway)
    .toConstantValue(new WagmiStakeBatchGateway(wagmiConfig, contracts));
  container.bind(TOKENS.feeEstimator).toConstantValue(new ViemFeeEstimator(wagmiConfig, contracts));
  container
    .bind(TOKENS.accountSnapshotSource)
    .toConstantValue(new MulticallAccountSnapshotSource(wagmiConfig, contracts));
  // The indexer and the chain's newest blocks; without an indexer, the whole history from the chain.
  const activity = appConfig.indexerUrl
    ? new PonderStakeActivitySource(wagmiConfig, contracts, appConfig.indexerUrl)
    : new ViemStakeActivitySource(wagmiConfig, contracts);
  container.bind(TOKENS.stakeActivitySource).toConstantValue(activity);
  // Bound here rather than in createContainer: only the wallet stack (loaded after first paint) needs it.
  container.bind(TOKENS.loadStakeActivity).toConstantValue(new LoadStakeActivity(activity));
  container.bind(TOKENS.walletGateway).toConstantValue(new WagmiWalletGateway(wagmiConfig, contracts));
}
