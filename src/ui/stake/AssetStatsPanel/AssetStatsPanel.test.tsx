// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountSnapshot } from "../../../application/ports/accountSnapshotSource";
import { EMPTY_ACCOUNT_SNAPSHOT } from "../../../application/testing/emptyAccountSnapshot";
import type { PriceView } from "../priceView";
import PoolFiguresList from "./PoolFiguresList";
import {
  AssetStatsPanel,
  BUY_SUCCESS_MESSAGE,
  PLACEHOLDER_RESULT_DELAY_MS,
  RECEIVE_ERROR_MESSAGE,
} from "./AssetStatsPanel";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const E18 = 10n ** 18n;
// A contract without the optional reads (no reward rate): the panel shows the staked total alone.
const EMPTY_SNAPSHOT: AccountSnapshot = {
  ...EMPTY_ACCOUNT_SNAPSHOT,
  rewardRate: undefined,
  totalStaked: undefined,
  rewardsAvailable: undefined,
};
const price: PriceView = { status: "available", usd: 0.0123, stale: false, updatedAt: new Date(0) };

describe("AssetStatsPanel", () => {
  it("uses the spec's texts and 4000 ms", () => {
    expect(PLACEHOLDER_RESULT_DELAY_MS).toBe(4000);
    expect(BUY_SUCCESS_MESSAGE).toBe(
      "Your POO staking request was successful. View your transaction details on the blockchain below.",
    );
    expect(RECEIVE_ERROR_MESSAGE).toBe(
      "Your POO staking request could not be processed due to an unexpected network or system error. Please try your staking request again.",
    );
  });

  it("Buy: progress 67, then after 4000 ms Success with the fixed text", () => {
    render(<AssetStatsPanel price={price} />);
    fireEvent.click(screen.getByRole("button", { name: "Buy" }));
    const bar = screen.getByRole("progressbar", { name: "Processing..." });
    expect(bar.getAttribute("aria-valuenow")).toBe("67");
    expect(bar.className).not.toMatch(/error/);
    act(() => void vi.advanceTimersByTime(PLACEHOLDER_RESULT_DELAY_MS - 1));
    expect(screen.queryByRole("dialog", { name: "Success" })).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("dialog", { name: "Success" }).textContent).toContain(BUY_SUCCESS_MESSAGE);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Receive: error-styled progress 37, then after 4000 ms Error with the fixed text", () => {
    render(<AssetStatsPanel price={price} />);
    fireEvent.click(screen.getByRole("button", { name: "Receive" }));
    const bar = screen.getByRole("progressbar", { name: "Processing..." });
    expect(bar.getAttribute("aria-valuenow")).toBe("37");
    expect(bar.getAttribute("aria-valuetext")).toBe("37%, failed");
    act(() => void vi.advanceTimersByTime(PLACEHOLDER_RESULT_DELAY_MS));
    expect(screen.getByRole("alertdialog", { name: "Error" }).textContent).toContain(RECEIVE_ERROR_MESSAGE);
  });

  it("cannot be dismissed while the progress shows", () => {
    render(<AssetStatsPanel price={price} />);
    fireEvent.click(screen.getByRole("button", { name: "Buy" }));
    fireEvent.keyDown(screen.getByRole("dialog", { name: "Buy POO" }), { key: "Escape" });
    expect(screen.getByRole("progressbar")).toBeTruthy();
  });

  it("clears its timer when unmounted", () => {
    const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
    const clearTimeoutSpy = vi.spyOn(globalThis, "clearTimeout");
    const { unmount } = render(<AssetStatsPanel price={price} />);
    fireEvent.click(screen.getByRole("button", { name: "Buy" }));
    const call = setTimeoutSpy.mock.calls.findIndex(([, delay]) => delay === PLACEHOLDER_RESULT_DELAY_MS);
    expect(call).toBeGreaterThanOrEqual(0);
    const timer = setTimeoutSpy.mock.results[call]?.value as unknown;
    unmount();
    expect(clearTimeoutSpy).toHaveBeenCalledWith(timer);
  });

  it("marks the selected period as pressed and draws the chart of that period", () => {
    render(<AssetStatsPanel price={price} renderChart={(period) => <p>chart of {period}</p>} />);
    const pressed = (): string[] =>
      screen.getAllByRole("button", { pressed: true }).map((b) => b.textContent ?? "");
    expect(pressed()).toEqual(["1M"]);
    fireEvent.click(screen.getByRole("button", { name: "3M" }));
    expect(pressed()).toEqual(["3M"]);
    expect(screen.getByRole("group", { name: "Chart period" })).toBeTruthy();
    expect(screen.getByText("chart of 3M")).toBeTruthy();
  });

  it("shows the pool's figures, and the rate and APR only when the contract has a rate", () => {
    const snapshot = { ...EMPTY_SNAPSHOT, poolStaked: 2_000n * E18 };
    const { rerender } = render(
      <AssetStatsPanel price={price} pool={<PoolFiguresList snapshot={snapshot} price={price} />} />,
    );
    expect(screen.getByTestId("pool-staked").textContent).toBe("2k POO $24.60");
    expect(screen.queryByText("Reward rate")).toBeNull();
    expect(screen.queryByText("APR (in CRAP)")).toBeNull();
    const withRate = { ...snapshot, rewardRate: E18 / 100n, totalStaked: 1_000n * E18 };
    rerender(<AssetStatsPanel price={price} pool={<PoolFiguresList snapshot={withRate} price={price} />} />);
    expect(screen.getByTestId("pool-reward-rate").textContent).toBe("864 CRAP a day");
    expect(screen.getByTestId("pool-apr").textContent).toBe("31.53k%");
  });

  it("shows the price, or says it is unavailable, or flags it as stale", () => {
    const { rerender } = render(<AssetStatsPanel price={price} />);
    const shown = (): string =>
      screen.getByRole("group", { name: "POO price" }).querySelector("[data-figure-value]")?.textContent ??
      "";
    expect(shown()).toBe("$0.012");
    rerender(<AssetStatsPanel price={{ status: "unavailable" }} />);
    expect(shown()).toBe("Price unavailable");
    rerender(<AssetStatsPanel price={{ ...price, stale: true }} />);
    expect(screen.getByText(/^Last updated/)).toBeTruthy();
  });
});
