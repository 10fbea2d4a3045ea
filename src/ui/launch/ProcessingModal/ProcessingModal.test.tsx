// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProcessingModal } from "./ProcessingModal";

afterEach(cleanup);

describe("ProcessingModal", () => {
  it("defaults to the label Processing... and 300000 POO at the bar's end, 376 px wide", () => {
    render(<ProcessingModal progress={67} />);
    const bar = screen.getByRole("progressbar", { name: "Processing..." });
    expect(bar.getAttribute("aria-valuenow")).toBe("67");
    expect(bar.getAttribute("aria-valuetext")).toBe("67%");
    expect((bar.parentElement as HTMLElement).style.getPropertyValue("--scale")).toBe("376px");
    expect(screen.getByRole("dialog", { name: "Processing" }).textContent).toContain("300000 POO");
    expect(screen.queryByRole("button", { name: "Dismiss" })).toBeNull();
  });

  it("shows the given value and label", () => {
    render(<ProcessingModal progress={50} value="0.5 ETH" label="Registering" />);
    expect(screen.getByRole("progressbar", { name: "Registering" })).toBeTruthy();
    expect(screen.getByRole("dialog").textContent).toContain("0.5 ETH");
    expect(screen.getByRole("dialog").textContent).not.toContain("300000 POO");
  });

  it("cannot be closed with Escape while processing", () => {
    const onDismiss = vi.fn();
    render(<ProcessingModal progress={50} onDismiss={onDismiss} />);
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it("takes the error style on status error, with the message as an alert and Dismiss", () => {
    const onDismiss = vi.fn();
    render(
      <ProcessingModal
        progress={100}
        status="error"
        message="Sign in with your wallet first."
        onDismiss={onDismiss}
      />,
    );
    expect(screen.getByRole("progressbar").getAttribute("aria-valuetext")).toBe("100%, failed");
    expect(screen.getByRole("alert").textContent).toBe("Sign in with your wallet first.");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    fireEvent.keyDown(screen.getByRole("alertdialog"), { key: "Escape" });
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });
});
