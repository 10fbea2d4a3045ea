import type { Address } from "../../domain/address";
import { ContractRevertError } from "../../domain/errors/contractRevertError";
import { toDomainError } from "../../domain/errors/toDomainError";
import { ValidationError } from "../../domain/errors/validationError";
import type { TransactionHash } from "../../domain/transactionHash";
import type { AccountSnapshotSource } from "../ports/accountSnapshotSource";
import type { StakingGateway } from "../ports/stakingGateway";
import type { TokenGateway } from "../ports/tokenGateway";
import type { TransactionWaiter } from "../ports/transactionWaiter";

export type StakeStep = "approving" | "staking" | "done";

/**
 * Progress of a stake. "approving" and "staking" are reported twice: when the wallet is asked
 * (no hash yet) and again with the hash once the transaction is sent. "done" carries the stake hash.
 */
export interface StakeStepEvent {
  readonly step: StakeStep;
  readonly hash?: TransactionHash;
}

export interface StakeInput {
  readonly account: Address;
  /** Base units, from parseTokenQuantity. */
  readonly quantity: bigint;
  readonly onStep?: (event: StakeStepEvent) => void;
}

export interface StakeResult {
  /** Present only when an approval had to be sent first. */
  readonly approvalHash?: TransactionHash;
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
 * balance and MIN_STAKE before anything is sent; approves exactly the quantity (never an unlimited
 * allowance); sends the stake only after the approval is mined successfully. Every failure is
 * thrown as a DomainError.
 */
export class StakeWithAllowanceCheck {
  constructor(private readonly ports: StakeWithAllowanceCheckPorts) {}

  async execute({ account, quantity, onStep }: StakeInput): Promise<StakeResult> {
    try {
      if (quantity <= 0n) throw new ValidationError({ code: "not-positive" });
      const { snapshots, token, staking } = this.ports;
      const snapshot = await snapshots.loadSnapshot(account);

      if (quantity < snapshot.minStake) {
        throw new ValidationError({ code: "below-min-stake", minStake: snapshot.minStake });
      }
      if (quantity > snapshot.pooBalance) {
        throw new ValidationError({ code: "above-balance", balance: snapshot.pooBalance });
      }

      let approvalHash: TransactionHash | undefined;
      if (snapshot.allowance < quantity) {
        onStep?.({ step: "approving" });
        approvalHash = await token.approve(staking.contractAddress, quantity);
        onStep?.({ step: "approving", hash: approvalHash });
        await this.confirm(approvalHash);
      }

      onStep?.({ step: "staking" });
      const stakeHash = await staking.stake(quantity);
      onStep?.({ step: "staking", hash: stakeHash });
      await this.confirm(stakeHash);
      onStep?.({ step: "done", hash: stakeHash });

      return approvalHash === undefined ? { stakeHash } : { approvalHash, stakeHash };
    } catch (error) {
      throw toDomainError(error);
    }
  }

  private async confirm(hash: TransactionHash): Promise<void> {
    const outcome = await this.ports.transactions.waitForReceipt(hash);
    if (outcome.status === "reverted") throw new ContractRevertError({ transactionHash: hash });
  }
}
