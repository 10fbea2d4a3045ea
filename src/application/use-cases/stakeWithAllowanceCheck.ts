import { toDomainError } from "../../domain/errors/toDomainError";
import { ValidationError } from "../../domain/errors/validationError";
import type { TransactionHash } from "../../domain/transactionHash";
import type { AccountSnapshotSource } from "../ports/accountSnapshotSource";
import type { Signer } from "../ports/signer";
import type { StakingGateway } from "../ports/stakingGateway";
import type { TokenGateway } from "../ports/tokenGateway";
import type { TransactionWaiter } from "../ports/transactionWaiter";
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
  /** The stake as mined (after a speed-up, the new hash). */
  readonly stakeHash: TransactionHash;
}

export interface StakeWithAllowanceCheckPorts {
  readonly snapshots: AccountSnapshotSource;
  readonly token: TokenGateway;
  readonly staking: StakingGateway;
  readonly transactions: TransactionWaiter;
}

/**
 * Stakes POO, approving the Staking contract first when its allowance is short. Checks the fresh
 * snapshot (pool not paused, MIN_STAKE, balance) before anything is sent, so a paused pool costs no
 * approval; approves exactly the quantity (never an unlimited allowance); sends the stake only after
 * the approval is mined successfully, checked against the chain as of the approval's block. Every
 * failure, including a cancelled or reverted transaction, is thrown as a DomainError.
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
        const spender = staking.stakingAddress(signer.chainId);
        const approval = await trackTransaction(
          "approve",
          signer.chainId,
          () => token.approve(signer, spender, quantity),
          transactions,
          onEvent,
        );
        const failed = outcomeError("approve", approval);
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
      const failed = outcomeError("stake", stake);
      if (failed) throw failed;
      return approvalHash === undefined ? { stakeHash: stake.hash } : { approvalHash, stakeHash: stake.hash };
    } catch (error) {
      throw toDomainError(error);
    }
  }
}
