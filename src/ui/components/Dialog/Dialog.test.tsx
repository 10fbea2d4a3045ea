// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Dialog } from "./Dialog";

afterEach(cleanup);

function Harness({
  dismissible = true,
  onClose,
}: {
  dismissible?: boolean;
  onClose?: () => void;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const close = (): void => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog title="Confirm" onClose={close} dismissible={dismissible}>
          <input aria-label="Amount" />
          <button type="button">Middle</button>
          <button type="button" onClick={close}>
            Cancel
          </button>
        </Dialog>
      )}
    </>
  );
}

function openFromButton(): HTMLElement {
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe("Dialog", () => {
  it("is a dialog named by its title and moves focus inside", () => {
    render(<Harness />);
    openFromButton();
    const dialog = screen.getByRole("dialog", { name: "Confirm" });
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Amount" }));
  });

  it("opens with showModal where the browser has it", () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    });
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute("open");
    });
    Object.assign(HTMLDialogElement.prototype, { showModal, close });
    try {
      render(<Harness />);
      openFromButton();
      expect(showModal).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
      expect(close).toHaveBeenCalledTimes(1);
    } finally {
      delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
      delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).close;
    }
  });

  it("keeps Tab inside: from the last control to the first and back", () => {
    render(<Harness />);
    openFromButton();
    const dialog = screen.getByRole("dialog");
    const first = screen.getByRole("textbox", { name: "Amount" });
    const last = screen.getByRole("button", { name: "Cancel" });
    last.focus();
    fireEvent.keyDown(dialog, { key: "Tab" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(dialog, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it("closes on Escape and gives focus back to the opener", () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = openFromButton();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("gives focus back after closing with a button too", () => {
    render(<Harness />);
    const opener = openFromButton();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(document.activeElement).toBe(opener);
  });

  it("ignores Escape while not dismissible, and cancels the browser's own close", () => {
    const onClose = vi.fn();
    render(<Harness dismissible={false} onClose={onClose} />);
    openFromButton();
    const dialog = screen.getByRole("dialog");
    const escape = fireEvent.keyDown(dialog, { key: "Escape" });
    expect(escape).toBe(false); // default prevented
    expect(fireEvent(dialog, new Event("cancel", { cancelable: true }))).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("focuses the dialog itself when it holds no control", () => {
    render(
      <Dialog title="Working" dismissible={false}>
        <p>Please wait</p>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole("dialog", { name: "Working" }));
  });
});
