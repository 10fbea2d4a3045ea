// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { useEffect, useState, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toAddress } from "../../domain/address";
import {
  RESTORE_PATIENCE_MS,
  usePublishWalletState,
  WalletProvider,
  WalletStackHost,
  type WalletStackComponent,
} from "./WalletProvider";
import { useWallet, type WalletState } from "../../ui/hooks/WalletContext";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ACCOUNT = toAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");

/**
 * A stand-in for the wallet stack: publishes what a disconnected RainbowKit would, with a spy opener;
 * `restoring`: wagmi has not answered a reconnect yet.
 */
function fakeStack(openConnectModal: () => void, restoring = false): WalletStackComponent {
  return function FakeStack(): null {
    const publish = usePublishWalletState();
    useEffect(() => {
      publish({
        account: { address: undefined, chainId: undefined, isConnected: false },
        restoring,
        connectModalOpen: false,
        openConnectModal,
      });
    }, [publish]);
    return null;
  };
}

let latest: WalletState | undefined;
function Probe(): ReactNode {
  latest = useWallet();
  return <span data-testid="status">{latest.status}</span>;
}

function renderProvider(
  load: () => Promise<WalletStackComponent>,
  autoConnect: boolean,
  warmUp = false,
  prefetch?: () => void,
) {
  return render(
    <WalletProvider load={load} autoConnect={autoConnect} warmUp={warmUp} prefetch={prefetch}>
      <Probe />
      <WalletStackHost />
    </WalletProvider>,
  );
}

describe("WalletProvider", () => {
  it("loads nothing at start for a first visit: no account, status idle", async () => {
    const load = vi.fn(async () => fakeStack(vi.fn()));
    renderProvider(load, false);
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByTestId("status").textContent).toBe("idle");
    expect(latest?.account).toEqual({ address: undefined, chainId: undefined, isConnected: false });
    expect(latest?.reconnecting).toBe(false);
  });

  it("loads the stack at once for a returning user, to reconnect", async () => {
    const load = vi.fn(async () => fakeStack(vi.fn()));
    renderProvider(load, true);
    expect(latest?.reconnecting).toBe(true);
    await screen.findByText("ready");
    expect(load).toHaveBeenCalledTimes(1);
    expect(latest?.reconnecting).toBe(false);
  });

  it("a returning user stays 'reconnecting' while the loaded stack says wagmi is still restoring the connection", async () => {
    let setRestoring: (restoring: boolean) => void = () => undefined;
    function RestoringStack(): null {
      const publish = usePublishWalletState();
      const [restoring, set] = useState(true);
      setRestoring = set;
      useEffect(() => {
        publish({
          account: { address: undefined, chainId: undefined, isConnected: false },
          restoring,
          connectModalOpen: false,
          openConnectModal: vi.fn(),
        });
      }, [publish, restoring]);
      return null;
    }
    renderProvider(async () => RestoringStack, true);
    await screen.findByText("ready");
    expect(latest?.reconnecting).toBe(true);
    act(() => setRestoring(false));
    expect(latest?.reconnecting).toBe(false);
  });

  it("stops saying 'reconnecting' after RESTORE_PATIENCE_MS when the wallet never answers", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderProvider(async () => fakeStack(vi.fn(), true), true);
      await screen.findByText("ready");
      expect(latest?.reconnecting).toBe(true);
      act(() => vi.advanceTimersByTime(RESTORE_PATIENCE_MS / 2));
      expect(latest?.reconnecting).toBe(true);
      act(() => vi.advanceTimersByTime(RESTORE_PATIENCE_MS / 2));
      expect(latest?.reconnecting).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("warms up for a visitor whose browser ran the stack before: loads it on the load event, opens nothing", async () => {
    const open = vi.fn();
    const load = vi.fn(async () => fakeStack(open));
    const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    renderProvider(load, false, true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(load).not.toHaveBeenCalled(); // not during start-up, before the page has loaded
    readyState.mockReturnValue("complete");
    act(() => window.dispatchEvent(new Event("load")));
    expect(load).toHaveBeenCalledTimes(1); // on the event, not later in idle time
    await screen.findByText("ready");
    expect(load).toHaveBeenCalledTimes(1);
    expect(latest?.connectPending).toBe(false);
    expect(latest?.reconnecting).toBe(false);
    expect(open).not.toHaveBeenCalled();
    // Connect Wallet then opens the modal at once, with nothing more to load.
    act(() => latest?.requestConnect());
    expect(open).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  /** Past the wait after an interaction (500 ms). */
  const pastPrefetchWait = () => act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
  const touchPage = () => document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));

  it("without a warm-up (first visit), nothing loads even after the page has been idle; the files are prefetched once the visitor touches the page", async () => {
    const load = vi.fn(async () => fakeStack(vi.fn()));
    const prefetch = vi.fn();
    renderProvider(load, false, false, prefetch);
    await pastPrefetchWait();
    expect(prefetch).not.toHaveBeenCalled(); // a visitor who does nothing costs no wallet bytes
    touchPage();
    expect(prefetch).not.toHaveBeenCalled(); // not in the interaction's own task
    await pastPrefetchWait();
    expect(prefetch).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event("scroll"));
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    await pastPrefetchWait();
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByTestId("status").textContent).toBe("idle");
  });

  it("a scroll, a wheel turn or a key counts as the first interaction too", async () => {
    for (const interact of [
      () => document.dispatchEvent(new Event("scroll")),
      () => document.body.dispatchEvent(new Event("wheel", { bubbles: true })),
      () => document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true })),
    ]) {
      const prefetch = vi.fn();
      renderProvider(vi.fn(), false, false, prefetch);
      interact();
      await pastPrefetchWait();
      expect(prefetch).toHaveBeenCalledTimes(1);
      cleanup();
    }
  });

  it("a first touch that is a press on Connect Wallet prefetches nothing: the stack itself is loading", async () => {
    const open = vi.fn();
    const load = vi.fn(async () => fakeStack(open));
    const prefetch = vi.fn();
    renderProvider(load, false, false, prefetch);
    touchPage();
    act(() => latest?.requestConnect());
    await screen.findByText("ready");
    await pastPrefetchWait();
    expect(open).toHaveBeenCalledTimes(1);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it("prefetches nothing when the stack loads anyway (a returning user, a warm-up)", async () => {
    const prefetch = vi.fn();
    for (const { autoConnect, warmUp } of [
      { autoConnect: true, warmUp: false },
      { autoConnect: false, warmUp: true },
    ]) {
      renderProvider(
        vi.fn(async () => fakeStack(vi.fn())),
        autoConnect,
        warmUp,
        prefetch,
      );
      await screen.findByText("ready");
      touchPage();
      await pastPrefetchWait();
      cleanup();
    }
    expect(prefetch).not.toHaveBeenCalled();
  });

  it("Connect before the stack is there: loads it once, then opens RainbowKit's modal once", async () => {
    const open = vi.fn();
    const load = vi.fn(async () => fakeStack(open));
    renderProvider(load, false);
    act(() => {
      latest?.requestConnect();
      latest?.requestConnect();
    });
    await screen.findByText("ready");
    expect(load).toHaveBeenCalledTimes(1);
    // The stack publishes its opener in its own effect, after "ready": the modal opens then.
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    // Once ready, Connect opens the modal directly.
    act(() => latest?.requestConnect());
    expect(open).toHaveBeenCalledTimes(2);
  });

  it("preload fetches the stack without opening the modal", async () => {
    const open = vi.fn();
    const load = vi.fn(async () => fakeStack(open));
    renderProvider(load, false);
    act(() => latest?.preload());
    await screen.findByText("ready");
    expect(open).not.toHaveBeenCalled();
  });

  it("a failed load says so, and the next Connect tries again", async () => {
    const open = vi.fn();
    const load = vi
      .fn<() => Promise<WalletStackComponent>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(fakeStack(open));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderProvider(load, false);
    act(() => latest?.requestConnect());
    await screen.findByText("failed");
    expect(logged).toHaveBeenCalled();
    act(() => latest?.requestConnect());
    await screen.findByText("ready");
    expect(load).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    logged.mockRestore();
  });

  it("passes on what the stack publishes (the connected account)", async () => {
    function ConnectedStack(): null {
      const publish = usePublishWalletState();
      useEffect(() => {
        publish({
          account: { address: ACCOUNT, chainId: 31337, isConnected: true },
          restoring: false,
          connectModalOpen: false,
          openConnectModal: undefined,
        });
      }, [publish]);
      return null;
    }
    renderProvider(async () => ConnectedStack, true);
    await screen.findByText("ready");
    expect(latest?.account).toEqual({ address: ACCOUNT, chainId: 31337, isConnected: true });
  });
});
