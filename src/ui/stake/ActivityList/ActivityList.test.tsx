// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activityEntry as entry, E18, txHash as hash } from "../../../domain/testing/activityEntries";
import { ActivityList } from "./ActivityList";

afterEach(cleanup);

describe("ActivityList", () => {
  it("shows the newest 5, then all on Show all; each row says what, how much, when, and links the transaction", () => {
    const entries = [
      entry(7, "reward", E18 / 4n, 1),
      entry(7, "unstake", 150n * E18),
      ...[6, 5, 4, 3, 2].map((n) => entry(n, "stake", BigInt(n) * E18)),
    ];
    render(<ActivityList entries={entries} error={undefined} explorerUrl="https://sepolia.etherscan.io" />);
    const rows = () => screen.getAllByRole("listitem");
    expect(rows()).toHaveLength(5);
    expect(rows()[0]?.textContent).toContain("Reward0.2500 CRAP");
    expect(rows()[1]?.textContent).toContain("Unstake150.0000 POO");
    expect(within(rows()[2]!).getByRole("link", { name: "here" }).getAttribute("href")).toBe(
      `https://sepolia.etherscan.io/tx/${hash(6)}`,
    );
    expect(rows()[0]?.querySelector("time")?.getAttribute("datetime")).toBe("2026-11-07T00:00:00.000Z");
    const more = screen.getByRole("button", { name: "Show all (7)" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(more);
    expect(rows()).toHaveLength(7);
    expect(screen.getByRole("button", { name: "Show fewer" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("says when there is nothing yet, while it loads, and why it failed", () => {
    const { rerender } = render(<ActivityList entries={[]} error={undefined} explorerUrl={undefined} />);
    expect(screen.getByText(/No stakes, unstakes or rewards/)).toBeTruthy();
    rerender(<ActivityList entries={undefined} error={undefined} explorerUrl={undefined} />);
    expect(screen.getByRole("status").textContent).toBe("Reading your activity from the chain…");
    rerender(
      <ActivityList entries={undefined} error="The network is unreachable." explorerUrl={undefined} />,
    );
    expect(screen.getByRole("status").textContent).toBe("The network is unreachable.");
  });
});
