import { lazy, Suspense, useState, type ReactNode } from "react";
import { useAccountSnapshot } from "../../hooks/useAccountSnapshot";
import { useConnectedChain } from "../useConnectedChain";
import { WrongChainError } from "../../../domain/errors/wrongChainError";
import { usePooPrice } from "../usePooPrice";
import { ProcessingOverlay } from "../../components/ProcessingOverlay/ProcessingOverlay";
import { ResultDialog } from "../../components/ResultDialog/ResultDialog";
import { AddTokenToWallet } from "../AddTokenToWallet/AddTokenToWallet";
import { AssetStatsPanel, ChartPlaceholder } from "../AssetStatsPanel/AssetStatsPanel";
import { MyStakePanel } from "../MyStakePanel/MyStakePanel";
import { toPriceView, type PriceView } from "../priceView";
import { StakeDialog } from "../StakeDialog/StakeDialog";
import type { StakeFlow } from "../useStakeFlow";
import { useStakeFlow } from "../useStakeFlow";
import { useAfterFirstPaint } from "../../hooks/useAfterFirstPaint";
import { useNow } from "../../hooks/useNow";
import { feeNotice, UPGRADE_OFFER_NOTICE, type FeeNotice } from "../feeNotice";
import { stakeLockNotice } from "../unstakeAvailability";
import { useAtomicBatching } from "../useAtomicBatching";
import { useStakeFee } from "../useStakeFee";
import { useUnstakeFee } from "../useUnstakeFee";
import type { StakeLimits } from "../validateStakeInput";
import { clockNeeded, stakeView } from "./stakeView";
import styles from "./StakePage.module.css";

// The chart (and the history's adapter) and the pool's figures are not in the start-up bundle, and
// are rendered (so requested) only after the first paint: see useAfterFirstPaint.
const PriceHistoryPanel = lazy(() => import("../PriceChart/PriceHistoryPanel"));
const PoolFiguresList = lazy(() => import("../AssetStatsPanel/PoolFiguresList"));
const StakeActivity = lazy(() => import("../ActivityList/StakeActivity"));

/** Rewards count up once a second, like the contract accrues them. */
const TICK_MS = 1000;

/** The Stake page (route /): My Stake and Asset Stats, and the stake and unstake dialogs. */
export function StakePage(): ReactNode {
  const snapshotQuery = useAccountSnapshot();
  const priceQuery = usePooPrice();
  const chain = useConnectedChain();
  const flow = useStakeFlow(chain?.explorerUrl);

  const snapshot = snapshotQuery.account === undefined ? undefined : snapshotQuery.data;
  const nowMs = useNow(TICK_MS, clockNeeded(snapshot, flow.state.step === "editing"));
  const view = stakeView(
    {
      account: snapshotQuery.account,
      snapshot,
      fromPreviousVisit: snapshotQuery.isFromPreviousVisit,
      // On a chain without a deployment nothing is read: say so instead of "loading" forever.
      error: snapshotQuery.isWrongChain ? new WrongChainError() : snapshotQuery.error,
    },
    nowMs,
  );
  const price = toPriceView(priceQuery.data, priceQuery.isError);
  const limits: StakeLimits | undefined =
    snapshot && view.state.kind === "loaded"
      ? { pooBalance: snapshot.pooBalance, minStake: snapshot.minStake }
      : undefined;
  const walletReady = chain !== undefined;
  const afterFirstPaint = useAfterFirstPaint();
  const lockNotice = snapshot && limits ? stakeLockNotice(snapshot, view.chainNow) : undefined;

  // The fee before Enter: only while the dialog is open, read again when the page reads a new block.
  const editing = flow.state.step === "editing";
  const [quantity, setQuantity] = useState<bigint | undefined>();
  const batching = useAtomicBatching(editing);
  const stakeFee = useStakeFee({
    quantity: editing ? quantity : undefined,
    allowance: snapshot?.allowance,
    blockNumber: snapshot?.blockNumber,
    batching,
  });
  const needsApproval = snapshot !== undefined && (quantity === undefined || snapshot.allowance < quantity);
  const dialogFee: StakeDialogFee = {
    onQuantityChange: setQuantity,
    fee: feeNotice(stakeFee.view, stakeFee.loading, stakeFee.error),
    upgradeNotice: batching === "ready" && needsApproval ? UPGRADE_OFFER_NOTICE : undefined,
  };
  const unstakeFee = useUnstakeFee(
    view.unstake.kind === "available" && flow.state.step === "idle",
    snapshot?.stakedTime,
    chain?.blockTimeMs ?? 12_000,
  );
  const unstakeFeeText = feeNotice(unstakeFee.view, unstakeFee.loading, unstakeFee.error, "for the unstake");

  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">Stake</h1>
      <div className={styles.panels}>
        <div className={styles.column}>
          <MyStakePanel
            figures={view.figures}
            state={view.state}
            price={price}
            unstake={view.unstake}
            now={view.chainNow}
            paused={snapshot?.paused === true}
            onStake={flow.openStakeDialog}
            onUnstake={flow.unstake}
            unstakeFee={unstakeFeeText?.text}
            onUnstakeIntent={unstakeFee.refresh}
            addPoo={<AddTokenToWallet token="POO" disabled={!walletReady} />}
            addCrap={<AddTokenToWallet token="CRAP" disabled={!walletReady} />}
          />
          {walletReady && (
            <Suspense fallback={null}>
              <StakeActivity />
            </Suspense>
          )}
        </div>
        <AssetStatsPanel
          price={price}
          pool={
            afterFirstPaint && (
              <Suspense fallback={null}>
                <PoolFiguresList snapshot={snapshot} price={price} />
              </Suspense>
            )
          }
          renderChart={(period) => {
            const loading = (
              <ChartPlaceholder>
                <p>Loading price history…</p>
              </ChartPlaceholder>
            );
            if (!afterFirstPaint) return loading;
            return (
              <Suspense fallback={loading}>
                <PriceHistoryPanel
                  period={period}
                  currentUsd={price.status === "available" ? price.usd : undefined}
                />
              </Suspense>
            );
          }}
        />
      </div>
      {renderFlow(flow, limits, price, lockNotice, dialogFee)}
    </div>
  );
}

interface StakeDialogFee {
  onQuantityChange: (quantity: bigint | undefined) => void;
  fee: FeeNotice | undefined;
  upgradeNotice: string | undefined;
}

function renderFlow(
  flow: StakeFlow,
  limits: StakeLimits | undefined,
  price: PriceView,
  lockNotice: string | undefined,
  fee: StakeDialogFee,
): ReactNode {
  const { state } = flow;
  switch (state.step) {
    case "idle":
      return null;
    case "editing":
      return (
        <StakeDialog
          limits={limits}
          price={price}
          lockNotice={lockNotice}
          {...fee}
          onSubmit={flow.stake}
          onCancel={flow.close}
        />
      );
    case "processing":
      return (
        <ProcessingOverlay
          status={state.status}
          detail={state.detail}
          notice={state.notice}
          transaction={state.transaction}
        />
      );
    case "result":
      return (
        <ResultDialog
          outcome={state.outcome}
          message={state.message}
          transaction={state.transaction}
          onDismiss={flow.close}
        />
      );
  }
}
