import { useId, type ReactNode, type Ref } from "react";
import { Button } from "../Button/Button";
import styles from "./AmountField.module.css";

export interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  /** Why the text is refused, shown under the field; undefined when nothing is wrong (or it is empty). */
  message: string | undefined;
  onMax: () => void;
  maxDisabled: boolean;
  /** Ids of further descriptions of the field (a value in USD, the allowed range). */
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A decimal amount typed as text (the one parser reads it, so no number input quirks), a Max button
 * beside it and the refusal under it, announced politely.
 */
export function AmountField({
  label,
  value,
  onChange,
  placeholder,
  message,
  onMax,
  maxDisabled,
  describedBy,
  inputRef,
}: AmountFieldProps): ReactNode {
  const inputId = useId();
  const messageId = useId();
  return (
    <div>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputRow}>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={message !== undefined}
          aria-describedby={[messageId, describedBy].filter(Boolean).join(" ")}
        />
        <Button variant="secondary" width="xs" onClick={onMax} disabled={maxDisabled}>
          Max
        </Button>
      </div>
      <p id={messageId} className={styles.message} aria-live="polite">
        {message}
      </p>
    </div>
  );
}
