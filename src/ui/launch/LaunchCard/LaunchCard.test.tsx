// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import committed from "../../../../launchpad/launches.json";
import { launchCatalogueSchema, type Launch } from "../../../domain/launch/launchCatalogue";
import { LaunchCard } from "./LaunchCard";

const catalogue = launchCatalogueSchema.parse(committed);
const launchWithId = (id: string): Launch => {
  const launch = catalogue.launches.find((l) => l.id === id);
  if (!launch) throw new Error(`no launch ${id}`);
  return launch;
};
const crap = launchWithId("crap");
const poo = launchWithId("poo");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  // 20 m 15 s before the committed CRAP sale start (2027-01-01T00:20:15Z).
  vi.setSystemTime(new Date("2027-01-01T00:00:00.000Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(launch: Launch = crap) {
  const onWhitelist = vi.fn();
  const onInfo = vi.fn();
  render(<LaunchCard launch={launch} onWhitelist={onWhitelist} onInfo={onInfo} />);
  const card = screen.getByRole("article", { name: launch.symbol });
  const front = (): HTMLElement => card.firstElementChild?.children[0] as HTMLElement;
  const back = (): HTMLElement => card.firstElementChild?.children[1] as HTMLElement;
  return { card, front, back, onWhitelist, onInfo };
}

describe("LaunchCard front", () => {
  it("shows the CRAP sale figures", () => {
    const { front } = setup();
    const view = within(front());
    expect(view.getByRole("list", { name: "Tags" }).textContent).toBe("MemeLive");
    expect(view.getByRole("heading", { level: 2, name: "CRAP" })).toBeTruthy();
    const hardcap = view.getByRole("progressbar", { name: "Hardcap 60 ETH" });
    expect(hardcap.getAttribute("aria-valuenow")).toBe("77");
    expect((hardcap.parentElement as HTMLElement).style.getPropertyValue("--scale")).toBe("220px");
    expect(view.getByText("Allocation").nextElementSibling?.textContent).toBe("60%");
    expect(view.getByText("Vesting").nextElementSibling?.textContent).toBe("30 days");
    expect(view.getByRole("timer", { name: "Sale Starts In" }).textContent).toBe("20m 15s");
    expect(view.getByRole("button", { name: "Details" })).toBeTruthy();
    expect(view.getByRole("button", { name: "Whitelist" })).toBeTruthy();
  });

  it("links the socials by name, in a new tab without an opener", () => {
    const { card } = setup();
    const links = within(card).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("aria-label"))).toEqual([
      "CRAP on X",
      "CRAP on Telegram",
      "CRAP website",
    ]);
    for (const link of links) {
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("href")).toMatch(/^https:\/\//);
    }
  });

  it("shows POO as upcoming, without a Whitelist button", () => {
    const { card } = setup(poo);
    const view = within(card);
    expect(view.getByRole("list", { name: "Tags" }).textContent).toBe("DeFiUpcoming");
    expect(view.getByRole("progressbar", { name: "Hardcap 100 ETH" }).getAttribute("aria-valuenow")).toBe(
      "0",
    );
    expect(view.getByRole("timer", { name: "Sale Starts In" }).textContent).toBe("2d 20m 15s");
    expect(view.queryByRole("button", { name: "Whitelist" })).toBeNull();
  });

  it("opens the whitelist and the info modal through its callbacks", () => {
    const { card, onWhitelist, onInfo } = setup();
    fireEvent.click(within(card).getByRole("button", { name: "Whitelist" }));
    fireEvent.click(within(card).getByRole("button", { name: "About CRAP Token" }));
    expect(onWhitelist).toHaveBeenCalledOnce();
    expect(onInfo).toHaveBeenCalledOnce();
  });
});

describe("LaunchCard flip", () => {
  it("keeps the back inert and hidden until Details", () => {
    const { card, front, back } = setup();
    expect(card.dataset.face).toBe("front");
    expect(back().hasAttribute("inert")).toBe(true);
    expect(back().getAttribute("aria-hidden")).toBe("true");
    expect(front().hasAttribute("inert")).toBe(false);
    expect(within(card).queryByRole("button", { name: "Back" })).toBeNull();
  });

  it("turns to the back on Details, hides the front and moves focus to Back", () => {
    const { card, front, back } = setup();
    const details = within(card).getByRole("button", { name: "Details" });
    details.focus();
    fireEvent.click(details);
    expect(card.dataset.face).toBe("back");
    expect(front().hasAttribute("inert")).toBe(true);
    expect(front().getAttribute("aria-hidden")).toBe("true");
    expect(back().hasAttribute("inert")).toBe(false);
    expect(back().hasAttribute("aria-hidden")).toBe(false);
    expect(document.activeElement).toBe(within(card).getByRole("button", { name: "Back" }));
    expect(within(card).queryByRole("button", { name: "Details" })).toBeNull();
  });

  it("shows the details on the back", () => {
    const { card, back } = setup();
    fireEvent.click(within(card).getByRole("button", { name: "Details" }));
    const view = within(back());
    expect(view.getByRole("list", { name: "Tags" }).textContent).toBe("Upcoming");
    expect(view.getByText("Total supply").nextElementSibling?.textContent).toBe("250B");
    expect(view.getByText("Allocation").nextElementSibling?.textContent).toBe("8%");
    expect(view.getByText("Market cap").nextElementSibling?.textContent).toBe("20K");
    const tokenomics = view.getByRole("region", { name: "Tokenomics" });
    const rows = Array.from(tokenomics.querySelectorAll("dl > div")).map((row) => row.textContent);
    expect(rows).toEqual(["Presale30%", "Marketing10%", "Ecosystem40%", "Market Making10%", "Team10%"]);
    expect(view.getByRole("region", { name: "Contribution" }).textContent).toContain("0.01 to 2 ETH");
  });

  it("turns back with the Back button and returns focus to Details", () => {
    const { card } = setup();
    fireEvent.click(within(card).getByRole("button", { name: "Details" }));
    fireEvent.click(within(card).getByRole("button", { name: "Back" }));
    expect(card.dataset.face).toBe("front");
    expect(document.activeElement).toBe(within(card).getByRole("button", { name: "Details" }));
  });

  it("turns back on a click anywhere on the back", () => {
    const { card } = setup();
    fireEvent.click(within(card).getByRole("button", { name: "Details" }));
    fireEvent.click(within(card).getByText("Tokenomics"));
    expect(card.dataset.face).toBe("front");
  });

  it("turns back on Escape from inside the back", () => {
    const { card } = setup();
    fireEvent.click(within(card).getByRole("button", { name: "Details" }));
    fireEvent.keyDown(within(card).getByRole("button", { name: "Back" }), { key: "Escape" });
    expect(card.dataset.face).toBe("front");
    expect(document.activeElement).toBe(within(card).getByRole("button", { name: "Details" }));
  });

  it("does not steal focus when it first renders", () => {
    const outside = document.createElement("button");
    document.body.append(outside);
    outside.focus();
    setup();
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
