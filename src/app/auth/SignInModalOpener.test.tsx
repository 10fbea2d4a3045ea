// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SignInStatus } from "../../ui/hooks/SignInContext";
import { SignInModalOpener } from "./SignInModalOpener";

// What the opener reads: the sign-in request, the wallet connection, RainbowKit's connect modal.
const state = {
  requested: true,
  status: "unauthenticated" as SignInStatus,
  isConnected: true,
  connectModalOpen: false,
};
const cancelRequest = vi.fn();
const openConnectModal = vi.fn();

vi.mock("../../ui/hooks/SignInContext", () => ({
  useSignIn: () => ({ requested: state.requested, status: state.status, cancelRequest }),
}));
vi.mock("wagmi", () => ({ useAccount: () => ({ isConnected: state.isConnected }) }));
vi.mock("@rainbow-me/rainbowkit", () => ({
  useConnectModal: () => ({ openConnectModal, connectModalOpen: state.connectModalOpen }),
}));

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(state, {
    requested: true,
    status: "unauthenticated",
    isConnected: true,
    connectModalOpen: false,
  });
  cancelRequest.mockReset();
  openConnectModal.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderOpener(): { update: (change: Partial<typeof state>) => void } {
  const view = render(<SignInModalOpener />);
  return {
    update: (change) => {
      Object.assign(state, change);
      view.rerender(<SignInModalOpener />);
    },
  };
}

describe("SignInModalOpener", () => {
  it("opens RainbowKit's dialog once a sign-in is requested and the wallet has no session", () => {
    renderOpener();
    act(() => vi.runAllTimers());
    expect(openConnectModal).toHaveBeenCalledTimes(1);
  });

  it("waits while the session is being checked", () => {
    state.status = "loading";
    const { update } = renderOpener();
    act(() => vi.runAllTimers());
    expect(openConnectModal).not.toHaveBeenCalled();
    update({ status: "unauthenticated" });
    act(() => vi.runAllTimers());
    expect(openConnectModal).toHaveBeenCalledTimes(1);
  });

  it("opens the dialog again when RainbowKit closes it by itself (as it does on connect): the request stands", () => {
    const { update } = renderOpener();
    act(() => vi.runAllTimers());
    update({ connectModalOpen: true });
    // RainbowKit's own closeModals(), with the wallet still connected: not the user's cancel.
    update({ connectModalOpen: false });
    act(() => vi.runAllTimers());
    expect(cancelRequest).not.toHaveBeenCalled();
    expect(openConnectModal).toHaveBeenCalledTimes(2);
  });

  it("drops the request when the user cancels (RainbowKit disconnects the wallet): nothing opens again", () => {
    const { update } = renderOpener();
    act(() => vi.runAllTimers());
    update({ connectModalOpen: true });
    update({ connectModalOpen: false, isConnected: false });
    expect(cancelRequest).toHaveBeenCalled();
    update({ requested: false });
    act(() => vi.runAllTimers());
    expect(openConnectModal).toHaveBeenCalledTimes(1);
  });

  it("after a close, waits for a cancel's disconnect: it never opens for a wallet that left", () => {
    const { update } = renderOpener();
    act(() => vi.runAllTimers());
    update({ connectModalOpen: true });
    update({ connectModalOpen: false });
    act(() => vi.advanceTimersByTime(100));
    update({ isConnected: false }); // the cancel's disconnect, a moment after the close
    act(() => vi.runAllTimers());
    expect(openConnectModal).toHaveBeenCalledTimes(1);
  });

  it("does nothing once signed in", () => {
    state.status = "authenticated";
    renderOpener();
    act(() => vi.runAllTimers());
    expect(openConnectModal).not.toHaveBeenCalled();
  });
});
