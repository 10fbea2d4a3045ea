import type { Address } from "../../domain/address";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { toDomainError } from "../../domain/errors/toDomainError";
import { ValidationError } from "../../domain/errors/validationError";
import { canUnstake, unlockTime } from "../../domain/stakingRules";
import type { TransactionHash } from "../../domain/transactionHash";
import type { AccountSnapshotSource } from "../ports/accountSnapshotSource";
import type { Clock } from "../ports/clock";
import type { StakingGateway } from "../ports/stakingGateway";
import type { TransactionWaiter } from "../ports/transactionWaiter";

export interface UnstakeInput {
  readonly account: Address;
}

export interface UnstakePorts {
  readonly snapshots: AccountSnapshotSource;
  readonly staking: StakingGateway;
  readonly transactions: TransactionWaiter;
  readonly clock: Clock;
}

/**
 * Withdraws the whole stake. Refuses, sending nothing, when nothing is staked or the stake is still
 * inside MIN_STAKE_DURATION. "Now" is the later of the wall clock and the snapshot's block time:
 * the chain may run ahead of the wall clock (a test chain moved forward) or lag it (no block mined
 * for a while); refusing too late only costs a contract revert, refusing wrongly would lock the
 * user out. Resolves with the withdraw transaction's hash once it is mined.
 */
export class Unstake {
  constructor(private readonly ports: UnstakePorts) {}

  async execute({ account }: UnstakeInput): Promise<TransactionHash> {
    try {
      const { snapshots, staking, transactions, clock } = this.ports;
      const snapshot = await snapshots.loadSnapshot(account);
      if (snapshot.stakedAmount <= 0n) throw new ValidationError({ code: "nothing-staked" });

      const wallClock = BigInt(Math.floor(clock.now().getTime() / 1000));
      const now = wallClock > snapshot.blockTimestamp ? wallClock : snapshot.blockTimestamp;
      if (!canUnstake(now, snapshot.stakedTime, snapshot.minStakeDuration)) {
        const unlocksAt = unlockTime(snapshot.stakedTime, snapshot.minStakeDuration);
        throw new ValidationError({ code: "stake-locked", unlockTime: new Date(Number(unlocksAt) * 1000) });
      }

      const hash = await staking.withdraw();
      const outcome = await transactions.waitForReceipt(hash);
      if (outcome.status === "reverted") throw new ContractRevertError({ transactionHash: hash });
      return hash;
    } catch (error) {
      throw toDomainError(error);
    }
  }
}
