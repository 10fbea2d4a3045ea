// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PriceHistory } from "../../../domain/priceHistory";
import { PriceHistoryChart } from "./PriceHistoryChart";

afterEach(cleanup);

const DAY = 86_400_000;
const TO = Date.UTC(2026, 10, 24);

function history(days: number, period: PriceHistory["period"] = "1M", sample = false): PriceHistory {
  const from = TO - 30 * DAY;
  return {
    period,
    from: new Date(from),
    to: new Date(TO),
    points: Array.from({ length: days }, (_, i) => ({
      t: new Date(TO - (days - i) * DAY + DAY / 2),
      usd: 1 + i,
    })),
    sample,
    sampleUntil: sample ? new Date(TO) : null,
    firstPointAt: days > 0 ? new Date(TO - days * DAY + DAY / 2) : null,
  };
}

describe("PriceHistoryChart", () => {
  it("draws one point per day, the change over the period and the current price", () => {
    render(<PriceHistoryChart period="1M" history={history(30)} failed={false} currentUsd={20} />);
    expect(document.querySelector("svg")?.getAttribute("data-point-count")).toBe("30");
    expect(screen.getByTestId("price-change").textContent).toBe("+2900.00%");
    expect(screen.getByText("Now $20.00")).toBeTruthy();
    expect(screen.queryByText("Sample data", { exact: false })).toBeNull();
  });

  it("moves between points with the arrow keys and announces each one", () => {
    render(<PriceHistoryChart period="1M" history={history(5)} failed={false} currentUsd={undefined} />);
    const chart = screen.getByRole("group", { name: /POO price over the last 1 month/ });
    const tooltip = screen.getByTestId("chart-tooltip");
    expect(tooltip.hidden).toBe(true);
    fireEvent.focus(chart);
    expect(tooltip.textContent).toMatch(/\$5\.00$/); // the latest point first
    fireEvent.keyDown(chart, { key: "ArrowLeft" });
    expect(tooltip.textContent).toMatch(/\$4\.00$/);
    fireEvent.keyDown(chart, { key: "Home" });
    expect(tooltip.textContent).toMatch(/\$1\.00$/);
    fireEvent.keyDown(chart, { key: "ArrowLeft" });
    expect(tooltip.textContent).toMatch(/\$1\.00$/);
    fireEvent.keyDown(chart, { key: "End" });
    expect(tooltip.textContent).toMatch(/\$5\.00$/);
    expect(tooltip.getAttribute("role")).toBe("status");
    fireEvent.keyDown(chart, { key: "Escape" });
    expect(tooltip.hidden).toBe(true);
  });

  it("writes its dates in English in the visitor's time zone, without Intl (its first formatter is a long task)", () => {
    const intl = [
      vi.spyOn(Intl, "DateTimeFormat"),
      vi.spyOn(Date.prototype, "toLocaleDateString"),
      vi.spyOn(Date.prototype, "toLocaleString"),
    ];
    render(<PriceHistoryChart period="1M" history={history(5)} failed={false} currentUsd={undefined} />);
    fireEvent.focus(screen.getByRole("group", { name: /POO price over the last 1 month/ }));
    // The latest point is at noon UTC on 23 November 2026: that day from UTC−11 to UTC+11.
    expect(screen.getByTestId("chart-tooltip").textContent).toBe("Nov 23, 2026: $5.00");
    for (const spy of intl) expect(spy).not.toHaveBeenCalled();
  });

  it("says when history starts while it is too short to draw, and marks sample data", () => {
    render(<PriceHistoryChart period="3M" history={history(1, "3M", true)} failed={false} currentUsd={1} />);
    expect(screen.getByText(/^History starts on /)).toBeTruthy();
    expect(screen.getByText(/^Sample data/)).toBeTruthy();
    expect(document.querySelector("svg")).toBeNull();
  });

  it("says so when there is no history at all, or when it failed to load", () => {
    const { rerender } = render(
      <PriceHistoryChart period="1M" history={history(0)} failed={false} currentUsd={undefined} />,
    );
    expect(screen.getByText(/No price history yet/)).toBeTruthy();
    rerender(<PriceHistoryChart period="1M" history={undefined} failed currentUsd={undefined} />);
    expect(screen.getByText("The price history is unavailable right now.")).toBeTruthy();
  });
});
