import { toDomainError } from "../../domain/errors/toDomainError";
import { UpgradeDeclinedError } from "../../domain/errors/upgradeDeclinedError";
import { ValidationError } from "../../domain/errors/validationError";
import { chooseStakeSending, type AtomicBatching } from "../../domain/stakeSending";
import type { TransactionHash } from "../../domain/transactionHash";
import type { AccountSnapshotSource } from "../ports/accountSnapshotSource";
import type { Signer } from "../ports/signer";
import type { StakeBatchGateway } from "../ports/stakeBatchGateway";
import type { StakingGateway } from "../ports/stakingGateway";
import type { TokenGateway } from "../ports/tokenGateway";
import type { TransactionReplayer } from "../ports/transactionReplayer";
import type { TransactionWaiter } from "../ports/transactionWaiter";
import { batchOutcomeError, trackApproveAndStake } from "./trackBatch";
import { outcomeError, trackTransaction, type TransactionEventListener } from "./trackTransaction";

export interface StakeInput {
  /** The account and chain the checks are made for; every write is pinned to them. */
  readonly signer: Signer;
  /** Base units, from parseTokenQuantity. */
  readonly quantity: bigint;
  readonly onEvent?: TransactionEventListener;
}

export interface StakeResult {
  /** Present only when an approval had to be sent first (the hash mined, after a speed-up). */
  readonly approvalHash?: TransactionHash;
  /** The stake as mined (after a speed-up, the new hash); a batch's transaction that holds it. */
  readonly stakeHash: TransactionHash;
  /** True when the approval and the stake went as one batch (one transaction, one confirmation). */
  readonly batched?: boolean;
}

export interface StakeWithAllowanceCheckPorts {
  readonly snapshots: AccountSnapshotSource;
  readonly token: TokenGateway;
  readonly staking: StakingGateway;
  readonly transactions: TransactionWaiter;
  readonly replayer: TransactionReplayer;
  /** The wallet's batching; without it the approval and the stake always go as two transactions. */
  readonly batches?: StakeBatchGateway;
}

/**
 * Stakes POO, approving the Staking contract first when its allowance is short. Checks the fresh
 * snapshot (pool not paused, MIN_STAKE, balance) before anything is sent, so a paused pool costs no
 * approval; approves exactly the quantity (never an unlimited allowance). Where the wallet can batch
 * atomically (EIP-5792), the approval and the stake go as one batch: one confirmation, one
 * transaction; where it could after an account upgrade the user declines, and where it cannot, they
 * go as two transactions, the stake sent only after the approval is mined successfully, checked
 * against the chain as of the approval's block. Every failure, including a cancelled or reverted
 * transaction (with its replayed reason), is thrown as a DomainError.
 */
export class StakeWithAllowanceCheck {
  constructor(private readonly ports: StakeWithAllowanceCheckPorts) {}

  async execute({ signer, quantity, onEvent }: StakeInput): Promise<StakeResult> {
    try {
      if (quantity <= 0n) throw new ValidationError({ code: "not-positive" });
      const { snapshots, token, staking, transactions } = this.ports;
      const snapshot = await snapshots.loadSnapshot(signer.account, signer.chainId);

      if (snapshot.paused) throw new ValidationError({ code: "paused" });
      if (quantity < snapshot.minStake) {
        throw new ValidationError({ code: "below-min-stake", minStake: snapshot.minStake });
      }
      if (quantity > snapshot.pooBalance) {
        throw new ValidationError({ code: "above-balance", balance: snapshot.pooBalance });
      }

      let approvalHash: TransactionHash | undefined;
      let checkAtBlock: bigint | undefined;
      if (snapshot.allowance < quantity) {
        const batching = await this.atomicBatching(signer);
        const sending = chooseStakeSending(snapshot.allowance, quantity, batching);
        if (this.ports.batches && (sending === "batch" || sending === "batch-with-upgrade")) {
          try {
            const outcome = await trackApproveAndStake(this.ports.batches, signer, quantity, onEvent);
            const failed = batchOutcomeError(outcome);
            if (failed) throw failed;
            if (outcome.hash === undefined) throw new Error("a successful batch without its transaction");
            // A bundle mines the approval in a transaction of its own.
            const approvalHash = outcome.approval?.hash ?? outcome.hash;
            return { approvalHash, stakeHash: outcome.hash, batched: true };
          } catch (error) {
            // Declining the upgrade it offered leaves the wallet able to send the calls one by one.
            if (!(sending === "batch-with-upgrade" && error instanceof UpgradeDeclinedError)) throw error;
            onEvent?.({ type: "fallback", kind: "approve-and-stake", reason: "upgrade-declined" });
          }
        }
        const spender = staking.stakingAddress(signer.chainId);
        const approval = await trackTransaction(
          "approve",
          signer.chainId,
          () => token.approve(signer, spender, quantity),
          transactions,
          onEvent,
        );
        const failed = await outcomeError("approve", signer.chainId, approval, this.ports.replayer);
        if (failed) throw failed;
        approvalHash = approval.hash;
        checkAtBlock = approval.blockNumber;
      }

      const stake = await trackTransaction(
        "stake",
        signer.chainId,
        () => staking.stake(signer, quantity, checkAtBlock === undefined ? {} : { checkAtBlock }),
        transactions,
        onEvent,
      );
      const failed = await outcomeError("stake", signer.chainId, stake, this.ports.replayer);
      if (failed) throw failed;
      return approvalHash === undefined ? { stakeHash: stake.hash } : { approvalHash, stakeHash: stake.hash };
    } catch (error) {
      throw toDomainError(error);
    }
  }

  /** The wallet's atomic batching on the signer's chain; asking never stops a stake. */
  private async atomicBatching(signer: Signer): Promise<AtomicBatching> {
    if (!this.ports.batches) return "unsupported";
    return await this.ports.batches.atomicBatching(signer).catch((): AtomicBatching => "unsupported");
  }
}
