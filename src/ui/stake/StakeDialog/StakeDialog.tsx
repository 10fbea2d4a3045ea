import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { parseTokenQuantity } from "../../../domain/parseTokenQuantity";
import { AmountField } from "../../components/AmountField/AmountField";
import { Button } from "../../components/Button/Button";
import { Dialog } from "../../components/Dialog/Dialog";
import type { FeeNotice } from "../feeNotice";
import { usdValueText, type PriceView } from "../priceView";
import { maxStakeText, validateStakeInput, type StakeLimits } from "../validateStakeInput";
import styles from "./StakeDialog.module.css";

export interface StakeDialogProps {
  /** From the account snapshot; undefined while it loads (Enter stays disabled). */
  limits: StakeLimits | undefined;
  price: PriceView;
  /** When the stake can be unstaked (a new stake restarts the lock), said before Enter. */
  lockNotice?: string;
  /** The quantity that passed every check as typed (undefined while none does), for the fee. */
  onQuantityChange?: (quantity: bigint | undefined) => void;
  /** The network fee of what Enter sends; when the account cannot pay it, Enter stays disabled. */
  fee?: FeeNotice;
  /** Said before Enter when the wallet will offer an account upgrade to batch the two steps. */
  upgradeNotice?: string;
  /** Called only by Enter, with a quantity that passed every check. */
  onSubmit: (quantity: bigint) => void;
  onCancel: () => void;
}

/** The spec's Stake dialog: quantity, Max, Enter and Cancel, with every refusal explained up front. */
export function StakeDialog({
  limits,
  price,
  lockNotice,
  onQuantityChange,
  fee,
  upgradeNotice,
  onSubmit,
  onCancel,
}: StakeDialogProps): ReactNode {
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const valueId = useId();
  const lockId = useId();
  const feeId = useId();
  const upgradeId = useId();
  const check = validateStakeInput(text, limits);
  const validQuantity = check.ok ? check.quantity : undefined;
  useEffect(() => onQuantityChange?.(validQuantity), [onQuantityChange, validQuantity]);
  const blocked = fee?.short === true;
  const message = check.ok ? undefined : check.message;
  const parsed = parseTokenQuantity(text);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (check.ok && !blocked) onSubmit(check.quantity);
  };

  const fillMax = (): void => {
    if (limits) setText(maxStakeText(limits.pooBalance));
    inputRef.current?.focus();
  };

  return (
    <Dialog title="Stake" onClose={onCancel} initialFocusRef={inputRef}>
      <form onSubmit={submit} noValidate>
        <AmountField
          label="Quantity of $POO you would like to stake"
          value={text}
          onChange={setText}
          placeholder="Enter quantity here..."
          message={message}
          onMax={fillMax}
          maxDisabled={!limits}
          describedBy={valueId}
          inputRef={inputRef}
        />
        <p id={valueId} className={styles.value}>
          {parsed.ok ? `Value: ${usdValueText(parsed.value, price)}` : null}
        </p>
        {lockNotice && (
          <p id={lockId} className={styles.lock}>
            {lockNotice}
          </p>
        )}
        {upgradeNotice && (
          <p id={upgradeId} className={styles.lock}>
            {upgradeNotice}
          </p>
        )}
        {fee && (
          <p
            id={feeId}
            className={blocked ? styles.feeShort : styles.fee}
            role={blocked ? "alert" : undefined}
          >
            {fee.text}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" width="md" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            width="md"
            disabled={!check.ok || blocked}
            aria-describedby={
              [lockNotice ? lockId : "", upgradeNotice ? upgradeId : "", fee ? feeId : ""]
                .filter(Boolean)
                .join(" ") || undefined
            }
          >
            Enter
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
