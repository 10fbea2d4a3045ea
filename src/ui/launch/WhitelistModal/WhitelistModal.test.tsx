// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SignInState } from "../../hooks/SignInContext";
import committed from "../../../../launchpad/launches.json";
import { launchCatalogueSchema, type Launch } from "../../../domain/launch/launchCatalogue";
import { LaunchpadRequestError } from "../../../domain/launch/launchpadRequestError";
import type { WhitelistRegistration } from "../../../domain/launch/whitelistRegistration";
import { WhitelistModal } from "./WhitelistModal";
import { spySignInState } from "../testing/spySignInState";

const E18 = 10n ** 18n;
const crap: Launch = (() => {
  const launch = launchCatalogueSchema.parse(committed).launches.find((l) => l.id === "crap");
  if (!launch) throw new Error("the committed catalogue has no CRAP launch");
  return launch;
})();

interface MutateCallbacks {
  onSuccess?: (result: { created: boolean }) => void;
  onError?: (error: Error) => void;
}

let signIn: SignInState;
let registered: Pick<WhitelistRegistration, "amountWei" | "standing" | "lastCheck"> | null;
const mutate = vi.fn<(input: { amountWei: bigint }, callbacks: MutateCallbacks) => void>();

vi.mock("../../hooks/SignInContext", () => ({ useSignIn: () => signIn }));
vi.mock("../useWhitelistEligibility", () => ({
  useWhitelistEligibility: () => ({
    data: { status: "eligible", valueUsd: 4200, priceUsd: 0.0042 },
    isError: false,
    refetch: vi.fn(),
  }),
}));
vi.mock("../../hooks/useAccountSnapshot", () => ({
  useAccountSnapshot: () => ({ data: { pooBalance: 1_000_000n * E18 }, isError: false }),
}));
vi.mock("../useEthBalance", () => ({
  useEthBalance: () => ({ value: 10n * E18, isError: false }),
}));
vi.mock("../useWhitelistRegistration", () => ({
  useWhitelistRegistration: () => ({ data: registered, isError: false, error: null }),
}));
vi.mock("../useRegisterForWhitelist", () => ({
  useRegisterForWhitelist: () => ({ mutate }),
}));

beforeEach(() => {
  signIn = spySignInState({});
  registered = null;
  mutate.mockReset();
});
afterEach(cleanup);

function open() {
  const view = render(<WhitelistModal launch={crap} onClose={() => {}} />);
  const rerender = (): void => view.rerender(<WhitelistModal launch={crap} onClose={() => {}} />);
  fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
  fireEvent.change(screen.getByRole("textbox", { name: "ETH amount to invest" }), {
    target: { value: "0.5" },
  });
  fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
  return { rerender };
}

describe("WhitelistModal", () => {
  it("asks to sign in first, steps aside meanwhile, then registers the amount", () => {
    const { rerender } = open();
    expect(signIn.requestSignIn).toHaveBeenCalledOnce();
    expect(mutate).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog", { name: "Confirm Whitelist" })).toBeNull();

    signIn = { ...signIn, requested: true };
    rerender();
    signIn = { ...signIn, requested: false, status: "authenticated" };
    rerender();

    expect(mutate).toHaveBeenCalledOnce();
    expect(mutate.mock.calls[0]?.[0]).toMatchObject({ amountWei: E18 / 2n });
    expect(screen.getByRole("dialog", { name: "Registering for the whitelist" }).textContent).toContain(
      "0.5 ETH",
    );

    registered = { amountWei: E18 / 2n, standing: "eligible", lastCheck: null };
    act(() => mutate.mock.calls[0]?.[1].onSuccess?.({ created: true }));
    expect(screen.queryByRole("dialog", { name: "Registering for the whitelist" })).toBeNull();
    const dialog = screen.getByRole("dialog", { name: "Confirm Whitelist" });
    expect(dialog.textContent).toContain("You are registered with 0.5 ETH.");
    expect(screen.getByRole("status").textContent).toBe("Registration received.");
  });

  it("registers at once when signed in, and says why a refusal happened", () => {
    signIn = spySignInState({ status: "authenticated" });
    open();
    expect(signIn.requestSignIn).not.toHaveBeenCalled();
    act(() =>
      mutate.mock.calls[0]?.[1].onError?.(
        new LaunchpadRequestError("ineligible", "You are ineligible for a whitelist: hold at least 100 USD."),
      ),
    );
    const processing = screen.getByRole("alertdialog", { name: "Registering for the whitelist" });
    expect(
      screen.getByRole("progressbar", { name: "Registration failed" }).getAttribute("aria-valuetext"),
    ).toBe("100%, failed");
    expect(processing.textContent).toContain("You are ineligible for a whitelist: hold at least 100 USD.");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe(
      "You are ineligible for a whitelist: hold at least 100 USD.",
    );
    expect((screen.getByRole("textbox", { name: "ETH amount to invest" }) as HTMLInputElement).value).toBe(
      "0.5",
    );
  });

  it("drops its own session when the server has none", () => {
    signIn = spySignInState({ status: "authenticated" });
    open();
    act(() =>
      mutate.mock.calls[0]?.[1].onError?.(
        new LaunchpadRequestError("sign-in-required", "Sign in with your wallet first."),
      ),
    );
    expect(signIn.signOut).toHaveBeenCalledOnce();
  });

  it("returns to the amount with a hint when the sign-in is cancelled", () => {
    const { rerender } = open();
    signIn = { ...signIn, requested: true };
    rerender();
    signIn = { ...signIn, requested: false };
    rerender();
    expect(mutate).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toBe("Sign in with your wallet to register.");
  });

  it("prefills a registered amount to change it", () => {
    signIn = spySignInState({ status: "authenticated" });
    registered = { amountWei: 3n * 10n ** 17n, standing: "eligible", lastCheck: null };
    render(<WhitelistModal launch={crap} onClose={() => {}} />);
    expect(screen.getByRole("dialog").textContent).toContain("You are registered with 0.3 ETH.");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect((screen.getByRole("textbox", { name: "ETH amount to invest" }) as HTMLInputElement).value).toBe(
      "0.3",
    );
  });
});
