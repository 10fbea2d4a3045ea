// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useEffect, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toAddress } from "../../domain/address";
import {
  usePublishWalletState,
  WalletProvider,
  WalletStackHost,
  type WalletStackComponent,
} from "./WalletProvider";
import { useWallet } from "../../ui/hooks/WalletContext";
import { WalletButton } from "../../ui/wallet/WalletButton/WalletButton";

afterEach(cleanup);

const ACCOUNT = toAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");

/**
 * Stands in for the wallet stack: publishes RainbowKit's opener while disconnected; connected, it
 * publishes the account and draws its account button into the header's slot, as RainbowKit's is.
 */
function fakeStack(open: () => void, connected = false): WalletStackComponent {
  return function FakeStack(): ReactNode {
    const publish = usePublishWalletState();
    const { buttonSlot } = useWallet();
    useEffect(() => {
      publish({
        account: connected
          ? { address: ACCOUNT, chainId: 31337, isConnected: true }
          : { address: undefined, chainId: undefined, isConnected: false },
        restoring: false,
        connectModalOpen: false,
        openConnectModal: connected ? undefined : open,
      });
    }, [publish]);
    return buttonSlot && connected
      ? createPortal(<button type="button">0xf3…2266</button>, buttonSlot)
      : null;
  };
}

function renderButton(load: () => Promise<WalletStackComponent>, autoConnect = false) {
  return render(
    <WalletProvider load={load} autoConnect={autoConnect} warmUp={false}>
      <WalletButton />
      <WalletStackHost />
    </WalletProvider>,
  );
}

describe("WalletButton", () => {
  it("pressing Connect Wallet loads the stack and opens RainbowKit's modal; the button stays the same element", async () => {
    const open = vi.fn();
    const load = vi.fn(async () => fakeStack(open));
    renderButton(load);
    const button = screen.getByRole("button", { name: "Connect Wallet" });
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(button);
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    // Never swapped while disconnected: a press on it can never land on a button that replaced it.
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBe(button);
    fireEvent.click(button);
    expect(open).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("once a wallet is connected, RainbowKit's account button takes the slot and Connect Wallet leaves", async () => {
    const load = vi.fn(async () => fakeStack(vi.fn(), true));
    renderButton(load, true);
    const account = await screen.findByRole("button", { name: "0xf3…2266" });
    expect(account.parentElement?.hasAttribute("data-rk")).toBe(true);
    expect(screen.queryByRole("button", { name: "Connect Wallet" })).toBeNull();
  });

  it("starts the download when the pointer or the keyboard reaches it, and opens nothing", async () => {
    const open = vi.fn();
    const load = vi.fn(async () => fakeStack(open));
    renderButton(load);
    const button = screen.getByRole("button", { name: "Connect Wallet" });
    fireEvent.focus(button);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBe(button);
  });

  it("pressed while the wallet code loads: busy, says Loading wallets… until the stack is in", async () => {
    const open = vi.fn();
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

    await act(async () => finish(fakeStack(open)));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(button.getAttribute("aria-busy")).toBe("false");
    expect(button.hasAttribute("data-pending")).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("says Connecting… (disabled) while a returning wallet reconnects", async () => {
    let finish: (stack: WalletStackComponent) => void = () => undefined;
    const load = vi.fn(() => new Promise<WalletStackComponent>((resolve) => (finish = resolve)));
    renderButton(load, true);
    expect(screen.getByRole("button", { name: "Connecting…" })).toHaveProperty("disabled", true);
    await act(async () => finish(fakeStack(vi.fn(), true)));
    expect(await screen.findByRole("button", { name: "0xf3…2266" })).toBeTruthy();
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
