// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PriceView } from "../priceView";
import {
  CONNECT_HINT,
  MyStakePanel,
  REFRESHING_TEXT,
  ZERO_FIGURES,
  type MyStakePanelProps,
  type StakeFigures,
} from "./MyStakePanel";

afterEach(cleanup);

const E18 = 10n ** 18n;
const figures: StakeFigures = {
  rewards: 12_345_678n * 10n ** 12n, // 12.345678 CRAP
  crapBalance: 1_500n * E18 + 5n * 10n ** 13n, // 1,500.00005 CRAP
  stakedAmount: 2_500n * E18,
  pooBalance: 1_000_000n * E18,
};
const price: PriceView = { status: "available", usd: 0.01, stale: false, updatedAt: new Date(0) };

function renderPanel(props: Partial<MyStakePanelProps> = {}) {
  const onStake = vi.fn();
  const onUnstake = vi.fn();
  render(
    <MyStakePanel
      figures={figures}
      state={{ kind: "loaded" }}
      price={price}
      unstake={{ kind: "available" }}
      now={new Date("2026-11-22T12:00:00Z")}
      onStake={onStake}
      onUnstake={onUnstake}
      {...props}
    />,
  );
  const figure = (name: string): string =>
    screen.getByRole("group", { name }).querySelector("[data-figure-value]")?.textContent ?? "";
  const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
  return { onStake, onUnstake, figure, button };
}

describe("MyStakePanel", () => {
  it("shows rewards and CRAP to 4 decimals, staked and available in dollars and abbreviated POO", () => {
    const { figure } = renderPanel();
    expect(screen.getByRole("region", { name: "My Stake" })).toBeTruthy();
    expect(figure("Your Rewards")).toBe("12.3456");
    expect(figure("CRAP balance")).toBe("1,500.0000 CRAP");
    expect(figure("Staked")).toBe("$25.002.5k POO");
    expect(figure("Available")).toBe("$10,000.001m POO");
  });

  it("says 'Price unavailable' instead of a dollar figure, never $NaN or $0", () => {
    const { figure } = renderPanel({ price: { status: "unavailable" } });
    expect(figure("Staked")).toBe("Price unavailable2.5k POO");
    expect(figure("Available")).not.toMatch(/\$/);
  });

  it("shows zeros and a disabled Stake with a connect hint when disconnected", () => {
    const { figure, button } = renderPanel({ figures: ZERO_FIGURES, state: { kind: "disconnected" } });
    expect(figure("Your Rewards")).toBe("0");
    expect(figure("CRAP balance")).toBe("0 CRAP");
    expect(button("Stake").disabled).toBe(true);
    const hintId = button("Stake").getAttribute("aria-describedby");
    expect(hintId && document.getElementById(hintId)?.textContent).toBe(CONNECT_HINT);
  });

  it("keeps Stake disabled until the balances have loaded", () => {
    const { button } = renderPanel({ figures: ZERO_FIGURES, state: { kind: "loading" } });
    expect(button("Stake").disabled).toBe(true);
    expect(button("Unstake").disabled).toBe(true);
  });

  it("marks figures restored from a previous visit as refreshing, with Stake disabled", () => {
    const { button } = renderPanel({ state: { kind: "refreshing" } });
    expect(screen.getByRole("status").textContent).toBe(REFRESHING_TEXT);
    expect(button("Stake").disabled).toBe(true);
  });

  it("opens the stake dialog and sends an unstake through the callbacks", () => {
    const { button, onStake, onUnstake } = renderPanel();
    fireEvent.click(button("Stake"));
    fireEvent.click(button("Unstake"));
    expect(onStake).toHaveBeenCalledTimes(1);
    expect(onUnstake).toHaveBeenCalledTimes(1);
  });

  it("disables Unstake when nothing is staked", () => {
    const { button } = renderPanel({ unstake: { kind: "nothing-staked" } });
    expect(button("Unstake").disabled).toBe(true);
  });

  it("says when unstaking becomes possible instead of sending a withdraw", () => {
    const { button, onUnstake } = renderPanel({
      unstake: { kind: "locked", unlocksAt: new Date("2026-11-23T09:30:00Z") },
    });
    expect(button("Unstake").disabled).toBe(true);
    fireEvent.click(button("Unstake"));
    expect(onUnstake).not.toHaveBeenCalled();
    const hintId = button("Unstake").getAttribute("aria-describedby");
    expect(hintId && document.getElementById(hintId)?.textContent).toMatch(
      /^Unstaking possible from .+ \(in 21 h 30 min\)$/,
    );
  });
});
