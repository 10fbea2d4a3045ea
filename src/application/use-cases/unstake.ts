import { toDomainError } from "../../domain/errors/toDomainError";
import { ValidationError } from "../../domain/errors/validationError";
import { canUnstake, unlockTime } from "../../domain/stakingRules";
import type { TransactionHash } from "../../domain/transactionHash";
import type { AccountSnapshotSource } from "../ports/accountSnapshotSource";
import type { Clock } from "../ports/clock";
import type { Signer } from "../ports/signer";
import type { StakingGateway } from "../ports/stakingGateway";
import type { TransactionReplayer } from "../ports/transactionReplayer";
import type { TransactionWaiter } from "../ports/transactionWaiter";
import { outcomeError, trackTransaction, type TransactionEventListener } from "./trackTransaction";

export interface UnstakeInput {
  /** The account and chain the checks are made for; the withdraw is pinned to them. */
  readonly signer: Signer;
  readonly onEvent?: TransactionEventListener;
}

export interface UnstakePorts {
  readonly snapshots: AccountSnapshotSource;
  readonly staking: StakingGateway;
  readonly transactions: TransactionWaiter;
  readonly clock: Clock;
  readonly replayer: TransactionReplayer;
}

/**
 * Withdraws the whole stake. Refuses, sending nothing, when nothing is staked or the stake is still
 * inside MIN_STAKE_DURATION (unlock = stakedTime + MIN_STAKE_DURATION, from the spec's interface).
 * "Now" is the later of the wall clock and the snapshot's block time: the chain may run ahead of the
 * wall clock (a test chain moved forward) or lag it (no block mined for a while); refusing too late
 * only costs a contract revert, refusing wrongly would lock the user out. A paused pool does not stop
 * it: whether a withdrawal is allowed while paused is the contract's call. Resolves with the mined
 * withdraw's hash.
 */
export class Unstake {
  constructor(private readonly ports: UnstakePorts) {}

  async execute({ signer, onEvent }: UnstakeInput): Promise<TransactionHash> {
    try {
      const { snapshots, staking, transactions, clock } = this.ports;
      const snapshot = await snapshots.loadSnapshot(signer.account, signer.chainId);
      if (snapshot.stakedAmount <= 0n) throw new ValidationError({ code: "nothing-staked" });

      const wallClock = BigInt(Math.floor(clock.now().getTime() / 1000));
      const now = wallClock > snapshot.blockTimestamp ? wallClock : snapshot.blockTimestamp;
      if (!canUnstake(now, snapshot.stakedTime, snapshot.minStakeDuration)) {
        const unlocksAt = unlockTime(snapshot.stakedTime, snapshot.minStakeDuration);
        throw new ValidationError({ code: "stake-locked", unlockTime: new Date(Number(unlocksAt) * 1000) });
      }

      const outcome = await trackTransaction(
        "withdraw",
        signer.chainId,
        () => staking.withdraw(signer),
        transactions,
        onEvent,
      );
      const failed = await outcomeError("withdraw", signer.chainId, outcome, this.ports.replayer);
      if (failed) throw failed;
      return outcome.hash;
    } catch (error) {
      throw toDomainError(error);
    }
  }
}
