// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contributionLimits } from "../../../domain/launch/whitelistAmount";
import { WhitelistDialog, type WhitelistDialogProps } from "./WhitelistDialog";
import type { EligibilityView, RegistrationView, WhitelistStep } from "./whitelistViews";

afterEach(cleanup);

const E18 = 10n ** 18n;
const eligible: EligibilityView = { status: "eligible", valueUsd: 4200, priceUsd: 0.0042 };
const ineligible: EligibilityView = {
  status: "ineligible",
  valueUsd: 42,
  priceUsd: 0.0042,
  shortfallUsd: 58,
};

type Overrides = Partial<Omit<WhitelistDialogProps, "step" | "amountText" | "onAmountTextChange">> & {
  step?: WhitelistStep;
  amountText?: string;
};

/** The dialog with the modal's own step and amount state (Dismiss -> amount, Cancel -> message, cleared). */
function Harness(props: Overrides & { onConfirm: (wei: bigint) => void }): ReactNode {
  const [step, setStep] = useState<WhitelistStep>(props.step ?? "message");
  const [amountText, setAmountText] = useState(props.amountText ?? "");
  return (
    <WhitelistDialog
      assetName="CRAP Token"
      pooBalance={1_000_000n * E18}
      ethBalance={1n * E18 + 234n * 10n ** 15n}
      limits={contributionLimits({ minEth: 0.01, maxEth: 2 })}
      eligibility={eligible}
      registration={{ status: "none" }}
      onClose={() => {}}
      onRetryEligibility={() => {}}
      onSignIn={() => {}}
      {...props}
      step={step}
      amountText={amountText}
      onAmountTextChange={setAmountText}
      onDismiss={() => setStep("amount")}
      onCancel={() => {
        setAmountText("");
        setStep("message");
      }}
    />
  );
}

function setup(overrides: Overrides = {}) {
  const onConfirm = vi.fn();
  render(<Harness {...overrides} onConfirm={onConfirm} />);
  const dialog = screen.getByRole("dialog", { name: "Confirm Whitelist" });
  const input = (): HTMLInputElement => screen.getByRole("textbox", { name: "ETH amount to invest" });
  const confirm = (): HTMLButtonElement => screen.getByRole("button", { name: "Confirm" });
  const type = (text: string): void => void fireEvent.change(input(), { target: { value: text } });
  const description = (): string =>
    (input().getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" | ");
  return { dialog, onConfirm, input, confirm, type, description };
}

describe("WhitelistDialog message step", () => {
  it("is titled Confirm Whitelist and shows the asset and the POO balance", () => {
    const { dialog } = setup();
    expect(dialog.textContent).toContain("AssetCRAP Token");
    expect(dialog.textContent).toContain("Your POO balance1m POO");
    expect(screen.getByTitle("1,000,000.0000 POO")).toBeTruthy();
  });

  it("tells an ineligible wallet the spec's message, the 100 USD rule and where to buy", () => {
    const { dialog } = setup({ eligibility: ineligible });
    expect(screen.getByText("You are ineligible for a whitelist...")).toBeTruthy();
    expect(dialog.textContent).toContain("Hold at least 100 USD worth of POO to register (you hold $42.00).");
    expect(dialog.textContent).toContain("You can buy POO on a decentralised exchange.");
  });

  it("tells an eligible wallet so", () => {
    const { dialog } = setup();
    expect(dialog.textContent).toContain("You are eligible for the CRAP Token whitelist.");
    expect(dialog.textContent).toContain("You hold $4,200.00 worth of POO; at least 100 USD is required.");
    expect(dialog.textContent).not.toContain("ineligible");
  });

  it("says so when the price is unavailable, and offers a retry", () => {
    const onRetryEligibility = vi.fn();
    setup({ eligibility: { status: "price-unavailable", reason: "down" }, onRetryEligibility });
    expect(screen.getByRole("alert").textContent).toContain(
      "The POO price is unavailable right now, so your eligibility cannot be checked.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetryEligibility).toHaveBeenCalledOnce();
  });

  it("says it is checking while the eligibility loads", () => {
    setup({ eligibility: { status: "loading" } });
    expect(screen.getByText("Checking your eligibility…")).toBeTruthy();
  });

  it.each<[string, RegistrationView, string]>([
    [
      "registered",
      { status: "registered", amountWei: E18 / 2n, standing: "eligible", lastCheck: null },
      "You are registered with 0.5 ETH.",
    ],
    ["none", { status: "none" }, "You are not registered yet."],
    ["loading", { status: "loading" }, "Looking up your registration…"],
    [
      "failed",
      { status: "failed", message: "The network is not responding." },
      "could not be loaded: The network is not responding.",
    ],
  ])("shows the registration: %s", (_status, registration, text) => {
    const { dialog } = setup({ registration });
    expect(dialog.textContent).toContain(text);
  });

  it("shows the registration's standing at its last check: balance and block", () => {
    const lastCheck = { pooBalanceWei: 30_000n * E18, blockNumber: 1234n, checkedAt: new Date(0) };
    const eligible = setup({
      registration: { status: "registered", amountWei: E18, standing: "eligible", lastCheck },
    });
    expect(eligible.dialog.textContent).toContain(
      "Standing: eligible. This wallet held 30k POO at block 1234.",
    );
    cleanup();

    const below = setup({
      registration: {
        status: "registered",
        amountWei: E18,
        standing: "below-threshold",
        lastCheck: { ...lastCheck, pooBalanceWei: 1_000n * E18 },
      },
    });
    expect(below.dialog.textContent).toContain(
      "Standing: below the threshold. At block 1234 this wallet held 1k POO, less than 100 USD worth, so this registration does not count. Changing the amount does not change this: the launch's next re-check looks at this wallet again, so hold at least 100 USD of POO by then.",
    );
  });

  it("offers to sign in to see the registration", () => {
    const onSignIn = vi.fn();
    setup({ registration: { status: "signed-out" }, onSignIn });
    fireEvent.click(screen.getByRole("button", { name: "Sign in to see your registration" }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });

  it("focuses Dismiss, which moves to the amount step and focuses the input", () => {
    const { input } = setup();
    const dismiss = screen.getByRole("button", { name: "Dismiss" });
    expect(document.activeElement).toBe(dismiss);
    fireEvent.click(dismiss);
    expect(document.activeElement).toBe(input());
  });

  it("closes with Close", () => {
    const onClose = vi.fn();
    setup({ onClose });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("announces a notice", () => {
    setup({ notice: "Registration received." });
    expect(screen.getByRole("status").textContent).toBe("Registration received.");
  });
});

describe("WhitelistDialog amount step", () => {
  it("keeps Confirm disabled, silently, while the amount is empty", () => {
    const { confirm, description, onConfirm } = setup({ step: "amount" });
    expect(confirm().disabled).toBe(true);
    expect(description()).toContain(
      "Between 0.01 and 2 ETH. Your balance: 1.2340 ETH. Max keeps 0.005 ETH for gas.",
    );
    fireEvent.submit(confirm().closest("form") as HTMLFormElement);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it.each([
    ["0.009", "The minimum contribution is 0.01 ETH."],
    ["2.5", "The maximum contribution is 2 ETH."],
    ["1.5", "That is more than your balance of 1.2340 ETH."],
    ["abc", "Enter an amount of ETH, e.g. 0.5."],
    ["1,5", "Enter an amount of ETH, e.g. 0.5."],
  ])("refuses %j with a message tied to the input", (text, message) => {
    const { type, confirm, input, description, onConfirm } = setup({ step: "amount" });
    type(text);
    expect(confirm().disabled).toBe(true);
    expect(input().getAttribute("aria-invalid")).toBe("true");
    expect(description()).toContain(message);
    fireEvent.submit(confirm().closest("form") as HTMLFormElement);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("confirms a valid amount in wei", () => {
    const { type, confirm, onConfirm } = setup({ step: "amount" });
    type("0.5");
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(E18 / 2n);
  });

  it("fills Max with the balance less the gas reserve when that is below 2 ETH", () => {
    const { input, onConfirm, confirm } = setup({ step: "amount" });
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect(input().value).toBe("1.229");
    fireEvent.click(confirm());
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(1229n * 10n ** 15n);
  });

  it("fills Max with 2 ETH for a large balance", () => {
    const { input } = setup({ step: "amount", ethBalance: 500n * E18 });
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect(input().value).toBe("2");
  });

  it("disables Max and Confirm while the ETH balance loads", () => {
    const { type, confirm, description } = setup({ step: "amount", ethBalance: undefined });
    expect((screen.getByRole("button", { name: "Max" }) as HTMLButtonElement).disabled).toBe(true);
    type("0.5");
    expect(confirm().disabled).toBe(true);
    expect(description()).toContain("Your ETH balance is still loading.");
  });

  it("never lets an ineligible wallet confirm", () => {
    const { type, confirm, dialog } = setup({ step: "amount", eligibility: ineligible });
    type("0.5");
    expect(confirm().disabled).toBe(true);
    expect(dialog.textContent).toContain("Only wallets holding at least 100 USD worth of POO can register.");
  });

  it("clears the amount and returns to the message on Cancel", () => {
    const { type } = setup({ step: "amount" });
    type("0.5");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Dismiss" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect((screen.getByRole("textbox", { name: "ETH amount to invest" }) as HTMLInputElement).value).toBe(
      "",
    );
  });

  it("shows why the last registration failed", () => {
    setup({ step: "amount", error: "Sign in with your wallet first." });
    expect(screen.getByRole("alert").textContent).toBe("Sign in with your wallet first.");
  });
});
