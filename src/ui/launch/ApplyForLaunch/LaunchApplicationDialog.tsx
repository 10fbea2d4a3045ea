import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import {
  LAUNCH_APPLICATION_FIELDS,
  validateLaunchApplication,
  type LaunchApplicationField,
  type LaunchApplicationInput,
} from "../../../domain/launch/launchApplication";
import { textLength } from "../../../domain/textLength";
import { Button } from "../../components/Button/Button";
import { Dialog } from "../../components/Dialog/Dialog";
import { FormAlert } from "../../components/FormAlert/FormAlert";
import styles from "./LaunchApplicationDialog.module.css";

export type ApplicationState =
  | { readonly status: "editing" }
  | { readonly status: "sending" }
  | { readonly status: "failed"; readonly message: string }
  | { readonly status: "sent"; readonly id: string };

interface FieldSpec {
  readonly label: string;
  readonly hint?: string;
  readonly placeholder?: string;
  readonly type?: "text" | "url" | "email";
  readonly autoComplete?: string;
  readonly multiline?: boolean;
}

const FIELDS: Record<LaunchApplicationField, FieldSpec> = {
  projectName: { label: "Project name", autoComplete: "organization" },
  tokenSymbol: { label: "Token symbol", hint: "2 to 11 uppercase letters or digits, e.g. POO." },
  website: { label: "Website", placeholder: "https://", type: "url", autoComplete: "url" },
  contact: { label: "Contact", hint: "An email address or an @handle." },
  description: {
    label: "Description",
    hint: "What the project does, in 20 to 1000 characters.",
    multiline: true,
  },
};

export interface LaunchApplicationDialogProps {
  values: LaunchApplicationInput;
  state: ApplicationState;
  onChange: (field: LaunchApplicationField, value: string) => void;
  /** Called only with values that pass every rule of the API. */
  onSubmit: (values: LaunchApplicationInput) => void;
  onClose: () => void;
}

/**
 * The launch application form. Each field is checked with the API's own rules; a field's message
 * shows once the user leaves it (or tries to send), and Send moves focus to the first problem.
 */
export function LaunchApplicationDialog({
  values,
  state,
  onChange,
  onSubmit,
  onClose,
}: LaunchApplicationDialogProps): ReactNode {
  const [touched, setTouched] = useState<ReadonlySet<LaunchApplicationField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const inputs = useRef(new Map<LaunchApplicationField, HTMLInputElement | HTMLTextAreaElement>());
  const idPrefix = useId();
  const check = validateLaunchApplication(values);
  const errors = check.ok ? {} : check.errors;
  const sending = state.status === "sending";

  if (state.status === "sent") {
    return (
      <Dialog title="Apply for a Launch" onClose={onClose}>
        <div role="status" className={styles.sent}>
          <p className={styles.sentTitle}>Application sent</p>
          <p>
            Thank you! We received the application for {values.projectName.trim()} (
            {values.tokenSymbol.trim()}) and will reply to {values.contact.trim()}.
          </p>
          <p className={styles.reference}>Reference: {state.id}</p>
        </div>
        <div className={styles.actions}>
          <Button width="md" onClick={onClose}>
            Close
          </Button>
        </div>
      </Dialog>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    setAttempted(true);
    if (check.ok) {
      onSubmit(values);
      return;
    }
    const first = LAUNCH_APPLICATION_FIELDS.find((field) => errors[field] !== undefined);
    if (first) inputs.current.get(first)?.focus();
  };

  const markTouched = (field: LaunchApplicationField): void =>
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));

  return (
    <Dialog title="Apply for a Launch" onClose={onClose}>
      <form onSubmit={submit} noValidate className={styles.form}>
        {LAUNCH_APPLICATION_FIELDS.map((field) => {
          const spec = FIELDS[field];
          const id = `${idPrefix}-${field}`;
          const hintId = `${id}-hint`;
          const errorId = `${id}-error`;
          const error = attempted || touched.has(field) ? errors[field] : undefined;
          const common = {
            id,
            name: field,
            value: values[field],
            className: styles.input,
            autoComplete: spec.autoComplete ?? "off",
            "aria-invalid": error !== undefined,
            "aria-describedby": [spec.hint ? hintId : undefined, errorId].filter(Boolean).join(" "),
            onBlur: () => markTouched(field),
            ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
              if (element) inputs.current.set(field, element);
              else inputs.current.delete(field);
            },
          };
          return (
            <div key={field} className={styles.field}>
              <label htmlFor={id} className={styles.label}>
                {spec.label}
              </label>
              {spec.multiline ? (
                <textarea {...common} rows={4} onChange={(event) => onChange(field, event.target.value)} />
              ) : (
                <input
                  {...common}
                  type={spec.type ?? "text"}
                  placeholder={spec.placeholder}
                  spellCheck={false}
                  onChange={(event) => onChange(field, event.target.value)}
                />
              )}
              {spec.hint && (
                <p id={hintId} className={styles.hint}>
                  {/* The error restates the rule; the counter stays useful beside it. */}
                  {[
                    error === undefined ? spec.hint : undefined,
                    spec.multiline
                      ? `${textLength(values[field].trim().normalize("NFC"))}/1000 characters`
                      : undefined,
                  ]
                    .filter(Boolean)
                    .join(" ")}
                </p>
              )}
              <p id={errorId} className={styles.error}>
                {error}
              </p>
            </div>
          );
        })}
        {state.status === "failed" && <FormAlert>The application was not sent: {state.message}</FormAlert>}
        <p className="visually-hidden" role="status">
          {sending ? "Sending the application\u2026" : ""}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" width="md" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" width="xl" disabled={sending}>
            {sending ? "Sending\u2026" : "Send application"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
