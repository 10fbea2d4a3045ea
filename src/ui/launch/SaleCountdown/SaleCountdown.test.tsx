// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SaleCountdown } from "./SaleCountdown";

const startsAt = "2026-01-01T00:20:15.000Z";
const endsAt = "2026-01-01T00:20:20.000Z";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-01-01T00:00:00.000Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const timer = (): string | null => screen.queryByRole("timer")?.textContent ?? null;

describe("SaleCountdown", () => {
  it("shows Sale Starts In with the time left, as a timer named by its label", () => {
    render(<SaleCountdown startsAt={startsAt} endsAt={endsAt} />);
    expect(screen.getByText("Sale Starts In")).toBeTruthy();
    expect(screen.getByRole("timer", { name: "Sale Starts In" }).textContent).toBe("20m 15s");
  });

  it("ticks every second", () => {
    render(<SaleCountdown startsAt={startsAt} endsAt={endsAt} />);
    act(() => void vi.advanceTimersByTime(1000));
    expect(timer()).toBe("20m 14s");
    act(() => void vi.advanceTimersByTime(15_000));
    expect(timer()).toBe("19m 59s");
  });

  it("turns into Sale started at the start, then Sale ended", () => {
    render(<SaleCountdown startsAt={startsAt} endsAt={endsAt} />);
    act(() => void vi.advanceTimersByTime((20 * 60 + 17) * 1000));
    expect(screen.getByRole("timer", { name: "Sale started" }).textContent).toBe("2s ago");
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getByText("Sale ended")).toBeTruthy();
    expect(timer()).toBeNull();
  });

  it("stops its timer when unmounted", () => {
    const { unmount } = render(<SaleCountdown startsAt={startsAt} endsAt={endsAt} />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
