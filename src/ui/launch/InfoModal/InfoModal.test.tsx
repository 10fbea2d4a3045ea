// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InfoModal } from "./InfoModal";

afterEach(cleanup);

describe("InfoModal", () => {
  it("shows the description, a link that opens a new tab safely, and Dismiss", () => {
    const onDismiss = vi.fn();
    render(
      <InfoModal
        title="CRAP Token"
        description="CRAP is the reward token of POO Finance staking."
        link={{ href: "https://poo.finance", label: "Visit the CRAP Token website" }}
        onDismiss={onDismiss}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "CRAP Token" });
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "CRAP is the reward token of POO Finance staking.",
    );
    const link = screen.getByRole("link", { name: "Visit the CRAP Token website" });
    expect(link.getAttribute("href")).toBe("https://poo.finance");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
