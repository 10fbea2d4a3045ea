import { useEffect, useId, useRef, type FormEvent, type ReactNode, type RefObject } from "react";
import { formatCompact, formatTokenAmount, formatTokenExact, formatUsd } from "../../../domain/displayFormat";
import { WHITELIST_THRESHOLD_USD } from "../../../domain/isWhitelistEligible";
import {
  maxWhitelistAmountWei,
  validateWhitelistAmount,
  weiToAmountText,
  WHITELIST_GAS_RESERVE_WEI,
  type ContributionLimits,
} from "../../../domain/launch/whitelistAmount";
import { AmountField } from "../../components/AmountField/AmountField";
import { Button } from "../../components/Button/Button";
import { Dialog } from "../../components/Dialog/Dialog";
import { FormAlert } from "../../components/FormAlert/FormAlert";
import styles from "./WhitelistDialog.module.css";
import type { BalanceView, EligibilityView, RegistrationView, WhitelistStep } from "./whitelistViews";

/** Spec section 8, word for word; the sentence after it says what the threshold is. */
export const INELIGIBLE_MESSAGE = "You are ineligible for a whitelist...";

const THRESHOLD_TEXT = `${WHITELIST_THRESHOLD_USD} USD`;

function usdText(value: number): string {
  return formatUsd(value) ?? "an unknown amount";
}

export interface WhitelistDialogProps {
  /** The launch's asset, e.g. "CRAP Token". */
  assetName: string;
  pooBalance: BalanceView;
  /** Wei; undefined while loading. */
  ethBalance: bigint | undefined;
  limits: ContributionLimits;
  step: WhitelistStep;
  eligibility: EligibilityView;
  registration: RegistrationView;
  amountText: string;
  /** A status line on the message step, e.g. after a registration. */
  notice?: string;
  /** Why the last registration failed, shown on the amount step. */
  error?: string;
  onAmountTextChange: (text: string) => void;
  /** Message step -> amount step. */
  onDismiss: () => void;
  /** Amount step -> message step, amount cleared. */
  onCancel: () => void;
  /** Called only with an amount that passed every check, for an eligible wallet. */
  onConfirm: (amountWei: bigint) => void;
  onClose: () => void;
  onRetryEligibility: () => void;
  onSignIn: () => void;
}

/** The spec's "Confirm Whitelist" modal: an explicit step and one switch that renders it. */
export function WhitelistDialog(props: WhitelistDialogProps): ReactNode {
  const focusRef = useRef<HTMLElement | null>(null);
  const { step } = props;
  // Each step starts where the user acts next: Dismiss on the message, the input on the amount.
  useEffect(() => {
    focusRef.current?.focus();
  }, [step]);

  return (
    <Dialog title="Confirm Whitelist" onClose={props.onClose} initialFocusRef={focusRef}>
      <AssetSummary assetName={props.assetName} pooBalance={props.pooBalance} />
      {renderStep(props, focusRef)}
    </Dialog>
  );
}

function renderStep(props: WhitelistDialogProps, focusRef: RefObject<HTMLElement | null>): ReactNode {
  switch (props.step) {
    case "message":
      return <MessageStep {...props} focusRef={focusRef} />;
    case "amount":
      return <AmountStep {...props} focusRef={focusRef} />;
  }
}

function AssetSummary({ assetName, pooBalance }: { assetName: string; pooBalance: BalanceView }): ReactNode {
  // Abbreviated (spec: balances with k, m, b, t); the exact figure is the tooltip.
  const balance =
    pooBalance === "loading" ? (
      "Loading\u2026"
    ) : pooBalance === "unavailable" ? (
      "Unavailable"
    ) : (
      <span title={`${formatTokenAmount(pooBalance)} POO`}>{formatCompact(pooBalance)} POO</span>
    );
  return (
    <dl className={styles.summary}>
      <div>
        <dt>Asset</dt>
        <dd>{assetName}</dd>
      </div>
      <div>
        <dt>Your POO balance</dt>
        <dd>{balance}</dd>
      </div>
    </dl>
  );
}

type StepProps = WhitelistDialogProps & { focusRef: RefObject<HTMLElement | null> };

function MessageStep(props: StepProps): ReactNode {
  const { eligibility, registration, notice, focusRef } = props;
  return (
    <div className={styles.step}>
      <EligibilityMessage
        eligibility={eligibility}
        assetName={props.assetName}
        onRetry={props.onRetryEligibility}
      />
      <RegistrationMessage registration={registration} onSignIn={props.onSignIn} />
      <p className={styles.notice} role="status">
        {notice}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" width="md" onClick={props.onClose}>
          Close
        </Button>
        <Button
          width="md"
          onClick={props.onDismiss}
          ref={(element) => {
            focusRef.current = element;
          }}
        >
          Dismiss
        </Button>
      </div>
    </div>
  );
}

function EligibilityMessage({
  eligibility,
  assetName,
  onRetry,
}: {
  eligibility: EligibilityView;
  assetName: string;
  onRetry: () => void;
}): ReactNode {
  const threshold = THRESHOLD_TEXT;
  switch (eligibility.status) {
    case "loading":
      return (
        <p className={styles.message} role="status">
          Checking your eligibility&hellip;
        </p>
      );
    case "failed":
      return (
        <div className={styles.messageBlock} role="alert">
          <p className={styles.message}>Your eligibility could not be checked: {eligibility.message}</p>
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      );
    case "price-unavailable":
      return (
        <div className={styles.messageBlock} role="alert">
          <p className={styles.message}>
            The POO price is unavailable right now, so your eligibility cannot be checked. Please try again
            later.
          </p>
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      );
    case "ineligible":
      return (
        <div className={styles.messageBlock}>
          <p className={`${styles.message} ${styles.ineligible}`}>{INELIGIBLE_MESSAGE}</p>
          <p className={styles.detail}>
            {`Hold at least ${threshold} worth of POO to register (you hold ${usdText(eligibility.valueUsd)}).`}{" "}
            You can buy POO on a decentralised exchange.
          </p>
        </div>
      );
    case "eligible":
      return (
        <div className={styles.messageBlock}>
          <p className={`${styles.message} ${styles.eligible}`}>
            You are eligible for the {assetName} whitelist.
          </p>
          <p className={styles.detail}>
            {`You hold ${usdText(eligibility.valueUsd)} worth of POO; at least ${threshold} is required.`}
          </p>
        </div>
      );
  }
}

function RegistrationMessage({
  registration,
  onSignIn,
}: {
  registration: RegistrationView;
  onSignIn: () => void;
}): ReactNode {
  switch (registration.status) {
    case "signed-out":
      return (
        <p className={styles.detail}>
          <button type="button" className={styles.linkButton} onClick={onSignIn}>
            Sign in to see your registration
          </button>
        </p>
      );
    case "loading":
      return <p className={styles.detail}>Looking up your registration&hellip;</p>;
    case "failed":
      return <p className={styles.detail}>Your registration could not be loaded: {registration.message}</p>;
    case "none":
      return (
        <p className={styles.detail}>You are not registered yet. Dismiss this message to enter an amount.</p>
      );
    case "registered":
      return (
        <div className={styles.messageBlock}>
          <p className={styles.registered}>
            You are registered with <strong>{formatTokenExact(registration.amountWei)} ETH</strong>. Dismiss
            this message to change the amount.
          </p>
          <RegistrationStanding registration={registration} />
        </div>
      );
  }
}

/** What the server found at its last check: the standing, the POO balance and the block it was read at. */
function RegistrationStanding({
  registration,
}: {
  registration: Extract<RegistrationView, { status: "registered" }>;
}): ReactNode {
  const { standing, lastCheck } = registration;
  if (lastCheck === null) return null;
  const balance = (
    <span title={`${formatTokenAmount(lastCheck.pooBalanceWei)} POO`}>
      {formatCompact(lastCheck.pooBalanceWei)} POO
    </span>
  );
  const block = `block ${lastCheck.blockNumber.toString()}`;
  if (standing === "eligible") {
    return (
      <p className={styles.detail}>
        Standing: eligible. This wallet held {balance} at {block}.
      </p>
    );
  }
  return (
    <p className={`${styles.detail} ${styles.ineligible}`} role="status">
      Standing: below the threshold. At {block} this wallet held {balance}, less than {THRESHOLD_TEXT} worth,
      so this registration does not count. Changing the amount does not change this: the launch&apos;s next
      re-check looks at this wallet again, so hold at least {THRESHOLD_TEXT} of POO by then.
    </p>
  );
}

function AmountStep(props: StepProps): ReactNode {
  const { amountText, limits, ethBalance, eligibility, error, focusRef } = props;
  const hintId = useId();
  const check = validateWhitelistAmount(amountText, limits, ethBalance);
  const eligible = eligibility.status === "eligible";
  const message = check.ok ? undefined : check.message;
  const canConfirm = check.ok && eligible;

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (check.ok && eligible) props.onConfirm(check.amountWei);
  };

  const fillMax = (): void => {
    if (ethBalance === undefined) return;
    props.onAmountTextChange(weiToAmountText(maxWhitelistAmountWei(ethBalance, limits)));
    focusRef.current?.focus();
  };

  return (
    <form className={styles.step} onSubmit={submit} noValidate>
      <AmountField
        label="ETH amount to invest"
        value={amountText}
        onChange={props.onAmountTextChange}
        placeholder={`${formatTokenExact(limits.minWei)} to ${formatTokenExact(limits.maxWei)}`}
        message={message}
        onMax={fillMax}
        maxDisabled={ethBalance === undefined}
        describedBy={hintId}
        inputRef={(element) => {
          focusRef.current = element;
        }}
      />
      <p id={hintId} className={styles.hint}>
        Between {formatTokenExact(limits.minWei)} and {formatTokenExact(limits.maxWei)} ETH. Your balance:{" "}
        {ethBalance === undefined ? "loading\u2026" : `${formatTokenAmount(ethBalance)} ETH`}. Max keeps{" "}
        {formatTokenExact(WHITELIST_GAS_RESERVE_WEI)} ETH for gas.
      </p>
      {!eligible && eligibility.status !== "loading" && (
        <p className={styles.hint}>
          Only wallets holding at least {THRESHOLD_TEXT} worth of POO can register.
        </p>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <div className={styles.actions}>
        <Button variant="secondary" width="md" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" width="md" disabled={!canConfirm}>
          Confirm
        </Button>
      </div>
    </form>
  );
}
