// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PriceView } from "../priceView";
import { StakeDialog } from "./StakeDialog";

afterEach(cleanup);

const E18 = 10n ** 18n;
const limits = { pooBalance: 1000n * E18 + 123n, minStake: 100n * E18 };
const price: PriceView = { status: "available", usd: 0.5, stale: false, updatedAt: new Date(0) };

function setup(overrides: Partial<Parameters<typeof StakeDialog>[0]> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(
    <StakeDialog limits={limits} price={price} onSubmit={onSubmit} onCancel={onCancel} {...overrides} />,
  );
  const input = screen.getByRole("textbox", { name: "Quantity of $POO you would like to stake" });
  const enter = screen.getByRole("button", { name: "Enter" }) as HTMLButtonElement;
  const type = (text: string): void => void fireEvent.change(input, { target: { value: text } });
  const submitWithKeyboard = (): void => void fireEvent.submit(input.closest("form") as HTMLFormElement);
  const description = (): string =>
    (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" | ");
  return {
    onSubmit,
    onCancel,
    input: input as HTMLInputElement,
    enter,
    type,
    submitWithKeyboard,
    description,
  };
}

describe("StakeDialog", () => {
  it("shows the spec's title, label, placeholder and buttons", () => {
    const { input } = setup();
    expect(screen.getByRole("dialog", { name: "Stake" })).toBeTruthy();
    expect(input.placeholder).toBe("Enter quantity here...");
    expect(input.type).toBe("text");
    expect(input.inputMode).toBe("decimal");
    expect(document.activeElement).toBe(input);
    for (const name of ["Max", "Enter", "Cancel"]) expect(screen.getByRole("button", { name })).toBeTruthy();
  });

  it("keeps Enter disabled, silently, while the quantity is empty", () => {
    const { enter, description, submitWithKeyboard, onSubmit } = setup();
    expect(enter.disabled).toBe(true);
    expect(description()).toBe(" | ");
    submitWithKeyboard();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ["0", "Enter a quantity greater than 0."],
    ["12.5.3", "Enter a number, e.g. 12.5."],
    ["150.0000000000000000001", "At most 18 decimal places are allowed."],
    ["99", "The minimum stake is 100 POO."],
    ["1000.000000000000000124", "You have only 1000.000000000000000123 POO available."],
  ])("refuses %j with a message tied to the input, and sends nothing", (text, message) => {
    const { type, enter, input, description, submitWithKeyboard, onSubmit } = setup();
    type(text);
    expect(enter.disabled).toBe(true);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(description()).toContain(message);
    fireEvent.click(enter);
    submitWithKeyboard();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("fills the exact available balance with Max, which Enter then sends to the base unit", () => {
    const { enter, input, onSubmit } = setup();
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect(input.value).toBe("1000.000000000000000123");
    expect(enter.disabled).toBe(false);
    fireEvent.click(enter);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(limits.pooBalance);
  });

  it("shows the dollar value of the typed quantity", () => {
    const { type, description } = setup();
    type("250");
    expect(description()).toContain("Value: $125.00");
  });

  it("says the price is unavailable instead of a dollar figure", () => {
    const { type, description } = setup({ price: { status: "unavailable" } });
    type("250");
    expect(description()).toContain("Value: Price unavailable");
    expect(description()).not.toContain("$");
  });

  it("sends nothing until the balances are loaded", () => {
    const { type, enter, description } = setup({ limits: undefined });
    type("150");
    expect(enter.disabled).toBe(true);
    expect(description()).toContain("Your balances are still loading.");
    expect((screen.getByRole("button", { name: "Max" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("cancels with Cancel or Escape, sending nothing", () => {
    const { type, onCancel, onSubmit } = setup();
    type("150");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits a valid quantity with the keyboard's Enter too", () => {
    const { type, submitWithKeyboard, onSubmit } = setup();
    type(" 150.5 ");
    submitWithKeyboard();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(1505n * 10n ** 17n);
  });

  it("hands the valid quantity over for the fee, and nothing while the input is refused", () => {
    const onQuantityChange = vi.fn();
    const { type } = setup({ onQuantityChange });
    expect(onQuantityChange).toHaveBeenLastCalledWith(undefined);
    type("150");
    expect(onQuantityChange).toHaveBeenLastCalledWith(150n * E18);
    type("50");
    expect(onQuantityChange).toHaveBeenLastCalledWith(undefined);
  });

  it("says the fee before Enter, and keeps Enter disabled when the account cannot pay it", () => {
    const onSubmit = vi.fn();
    const fee = { text: "Network fee: about 0.000293 ETH for the stake.", short: false };
    const upgradeNotice = "Your wallet will offer to upgrade this account.";
    const first = setup({ fee, upgradeNotice, onSubmit });
    first.type("150");
    expect(first.enter.disabled).toBe(false);
    const described = (first.enter.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([upgradeNotice, fee.text]);
    cleanup();

    const short = { text: "Network fee: about 0.000293 ETH. Not enough ETH to pay it.", short: true };
    const second = setup({ fee: short, onSubmit });
    second.type("150");
    expect(second.enter.disabled).toBe(true);
    expect(screen.getByRole("alert").textContent).toBe(short.text);
    second.submitWithKeyboard();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
