// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResultDialog } from "./ResultDialog";

afterEach(cleanup);

const hash = `0x${"ab".repeat(32)}`;

describe("ResultDialog", () => {
  it("is titled Success and links the transaction on the explorer as 'here'", () => {
    render(
      <ResultDialog
        outcome="success"
        message="Stake successful"
        transaction={{ hash, explorerUrl: "https://sepolia.etherscan.io" }}
        onDismiss={() => {}}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "Success" });
    expect(dialog.textContent).toContain("Stake successful");
    const link = screen.getByRole("link", { name: "here" });
    expect(link.getAttribute("href")).toBe(`https://sepolia.etherscan.io/tx/${hash}`);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("does not double the slash of an explorer URL that ends with one", () => {
    render(
      <ResultDialog
        outcome="success"
        message="Stake successful"
        transaction={{ hash, explorerUrl: "https://explorer.example/" }}
        onDismiss={() => {}}
      />,
    );
    expect(screen.getByRole("link", { name: "here" }).getAttribute("href")).toBe(
      `https://explorer.example/tx/${hash}`,
    );
  });

  it("shows the shortened hash instead of a link when the chain has no explorer", () => {
    render(
      <ResultDialog
        outcome="success"
        message="Unstake successful"
        transaction={{ hash, explorerUrl: undefined }}
        onDismiss={() => {}}
      />,
    );
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText("0xabab…abab").getAttribute("title")).toBe(hash);
  });

  it("is titled Error with the message, as an alert dialog, without a link when there is no transaction", () => {
    render(
      <ResultDialog
        outcome="error"
        message="You rejected the request in your wallet."
        onDismiss={() => {}}
      />,
    );
    const dialog = screen.getByRole("alertdialog", { name: "Error" });
    expect(dialog.textContent).toContain("You rejected the request in your wallet.");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("closes with Dismiss (focused first) or Escape", () => {
    const onDismiss = vi.fn();
    render(<ResultDialog outcome="success" message="Done" onDismiss={onDismiss} />);
    const dismiss = screen.getByRole("button", { name: "Dismiss" });
    expect(document.activeElement).toBe(dismiss);
    fireEvent.click(dismiss);
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });
});
