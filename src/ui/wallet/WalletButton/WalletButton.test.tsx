// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useEffect, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  usePublishWalletState,
  useWallet,
  WalletProvider,
  WalletStackHost,
  type WalletStackComponent,
} from "../../../app/wallet/WalletContext";
import { WalletButton } from "./WalletButton";

afterEach(cleanup);

/** Stands in for the wallet stack: draws its own button into the header's slot, as RainbowKit's is. */
function StackWithButton(): ReactNode {
  const publish = usePublishWalletState();
  const { buttonSlot } = useWallet();
  useEffect(() => {
    publish({
      account: { address: undefined, chainId: undefined, isConnected: false },
      connectModalOpen: false,
      openConnectModal: () => undefined,
    });
  }, [publish]);
  return buttonSlot ? createPortal(<button type="button">RainbowKit button</button>, buttonSlot) : null;
}

function renderButton(load: () => Promise<WalletStackComponent>, autoConnect = false) {
  return render(
    <WalletProvider load={load} autoConnect={autoConnect}>
      <WalletButton />
      <WalletStackHost />
    </WalletProvider>,
  );
}

describe("WalletButton", () => {
  it("stands in with Connect Wallet; pressing it loads the stack, whose button then takes its place", async () => {
    const load = vi.fn(async () => StackWithButton);
    renderButton(load);
    const placeholder = screen.getByRole("button", { name: "Connect Wallet" });
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(placeholder);
    // The stack's button is drawn into the (hidden) slot first; the stand-in leaves once it reports in.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Connect Wallet" })).toBeNull());
    const real = screen.getByRole("button", { name: "RainbowKit button" });
    expect(real.parentElement?.hasAttribute("data-rk")).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("starts the download when the pointer or the keyboard reaches it", async () => {
    const load = vi.fn(async () => StackWithButton);
    renderButton(load);
    fireEvent.focus(screen.getByRole("button", { name: "Connect Wallet" }));
    await screen.findByRole("button", { name: "RainbowKit button" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("pressed while the wallet code loads: busy, says Loading wallets… until the stack is in", async () => {
    let finish: (stack: WalletStackComponent) => void = () => undefined;
    const load = vi.fn(() => new Promise<WalletStackComponent>((resolve) => (finish = resolve)));
    renderButton(load);
    const button = screen.getByRole("button", { name: "Connect Wallet" });
    // Pointing at it only preloads: no pending state for a press that did not happen.
    fireEvent.pointerEnter(button);
    expect(button.getAttribute("aria-busy")).toBe("false");
    expect(screen.getByRole("status").textContent).toBe("");

    fireEvent.click(button);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.hasAttribute("data-pending")).toBe(true);
    expect(screen.getByRole("status").textContent).toBe("Loading wallets…");
    expect(button.getAttribute("aria-describedby")).toBe(screen.getByRole("status").id);

    await act(async () => finish(StackWithButton));
    expect(await screen.findByRole("button", { name: "RainbowKit button" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Connect Wallet" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("says Connecting… (disabled) while a returning wallet reconnects", async () => {
    let finish: (stack: WalletStackComponent) => void = () => undefined;
    const load = vi.fn(() => new Promise<WalletStackComponent>((resolve) => (finish = resolve)));
    renderButton(load, true);
    expect(screen.getByRole("button", { name: "Connecting…" })).toHaveProperty("disabled", true);
    await act(async () => finish(StackWithButton));
    expect(await screen.findByRole("button", { name: "RainbowKit button" })).toBeTruthy();
  });

  it("says when the wallet stack could not be loaded, and keeps Connect Wallet to retry", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const load = vi.fn(async (): Promise<WalletStackComponent> => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    renderButton(load);
    fireEvent.click(screen.getByRole("button", { name: "Connect Wallet" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The wallet could not be loaded.");
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeTruthy();
    logged.mockRestore();
  });
});
