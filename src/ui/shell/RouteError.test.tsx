// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteErrorBoundary } from "./RouteError";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error("figures went missing");
}

describe("RouteErrorBoundary", () => {
  it("shows its children while nothing fails", () => {
    render(
      <RouteErrorBoundary>
        <p>Stake page</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText("Stake page")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a render error with a way back instead of a blank page, and logs it", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <RouteErrorBoundary>
        <Broken />
      </RouteErrorBoundary>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Unexpected Application Error!");
    expect(alert.textContent).toContain("figures went missing");
    expect(screen.getByRole("link", { name: "Back to the Stake page" }).getAttribute("href")).toBe("/");
    expect(logged.mock.calls.some((args) => args[0] instanceof Error)).toBe(true);
  });
});
