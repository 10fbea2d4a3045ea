import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from "react";
import styles from "./Dialog.module.css";
import { focusableElements } from "./focusable";

export interface DialogProps {
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  children: ReactNode;
  /** Called when the user asks to close (Escape). Not called while `dismissible` is false. */
  onClose?: () => void;
  /** False while something must not be interrupted (a transaction in flight): Escape does nothing. */
  dismissible?: boolean;
  /** Receives focus on open; default: the first focusable element, else the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Id of the element that describes the dialog (aria-describedby). */
  describedBy?: string;
  role?: "dialog" | "alertdialog";
  className?: string;
}

/**
 * A modal dialog on the native <dialog> element (showModal puts it in the top layer and makes the
 * page behind it inert). Render it to open it, stop rendering it to close it. Focus moves inside
 * on open, Tab cycles within it, and on close focus goes back to the element that had it before.
 * Escape is handled here rather than by the browser, so a dialog that must stay open really does.
 */
export function Dialog({
  title,
  children,
  onClose,
  dismissible = true,
  initialFocusRef,
  describedBy,
  role = "dialog",
  className,
}: DialogProps): ReactNode {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Read at event time, so the open/close effect does not re-run when these props change.
  const latest = useRef({ onClose, dismissible });
  useEffect(() => {
    latest.current = { onClose, dismissible };
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    const target = initialFocusRef?.current ?? focusableElements(dialog)[0] ?? dialog;
    target.focus();
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === "function") dialog.close();
        else dialog.removeAttribute("open");
      }
      if (opener?.isConnected) opener.focus();
    };
    // Opening and closing follow mounting; the ref object is stable, so this runs once.
  }, [initialFocusRef]);

  const requestClose = (): void => {
    if (latest.current.dismissible) latest.current.onClose?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if (event.key === "Escape") {
      // Cancelling the keydown keeps the browser from closing the dialog on its own.
      event.preventDefault();
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== "Tab") return;
    const dialog = event.currentTarget;
    const items = focusableElements(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
    } else if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A close request the keydown did not catch (e.g. a mobile back gesture).
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>): void => {
    event.preventDefault();
    requestClose();
  };

  // If the browser closed the dialog anyway, tell the owner, or reopen it when it must stay.
  const onNativeClose = (event: SyntheticEvent<HTMLDialogElement>): void => {
    const dialog = event.currentTarget;
    // Our own close on unmount, or a close already undone (StrictMode remounts and reopens).
    if (!dialog.isConnected || dialog.open) return;
    if (latest.current.dismissible) latest.current.onClose?.();
    else if (typeof dialog.showModal === "function") dialog.showModal();
  };

  return (
    <dialog
      ref={dialogRef}
      className={[styles.dialog, className].filter(Boolean).join(" ")}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onNativeClose}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
