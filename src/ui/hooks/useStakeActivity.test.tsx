// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountSnapshot } from "../../application/ports/accountSnapshotSource";
import type { ActivityEntry, StakeActivity } from "../../domain/stakeActivity";
import { stakeKeys } from "../query/queryKeys";
import { useStakeActivity } from "./useStakeActivity";

const ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const CHAIN = 31337;
const execute = vi.fn<(account: string, chainId: number) => Promise<StakeActivity>>();

vi.mock("./WalletContext", () => ({
  useWalletAccount: () => ({ address: ACCOUNT, chainId: CHAIN, isConnected: true }),
}));
vi.mock("../services/useInjection", () => ({
  useInjection: () => [{ id: CHAIN }],
  useLazyInjection: () => () => ({ execute }),
}));

const snapshot = (changes: Partial<AccountSnapshot> = {}): AccountSnapshot =>
  ({
    stakedAmount: 10n,
    stakedTime: 100n,
    crapBalance: 0n,
    rewards: 1n,
    blockNumber: 5n,
    ...changes,
  }) as AccountSnapshot;
const entry = (blockNumber: bigint): ActivityEntry => ({
  kind: "stake",
  amount: 10n,
  hash: `0x${"1".repeat(64)}`,
  blockNumber,
  logIndex: 0,
  timestamp: undefined,
});

const listed = (...entries: ActivityEntry[]): StakeActivity => ({ entries, incomplete: false });

let client: QueryClient;
const snapshotKey = stakeKeys.snapshot(CHAIN, ACCOUNT);
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  execute.mockReset();
  execute.mockResolvedValue(listed(entry(1n)));
});
afterEach(() => {
  cleanup();
  client.clear();
  vi.useRealTimers();
});

describe("useStakeActivity", () => {
  it("reads the activity once and not again on a timer (an idle page sends nothing more)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    client.setQueryData(snapshotKey, snapshot());
    const { result } = renderHook(() => useStakeActivity(), { wrapper });
    await waitFor(() => expect(result.current.data?.entries).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(execute).toHaveBeenCalledOnce();
    expect(execute).toHaveBeenCalledWith(ACCOUNT, CHAIN);
  });

  it("reads it again when the snapshot shows a stake, not when only rewards grew", async () => {
    client.setQueryData(snapshotKey, snapshot());
    const { result } = renderHook(() => useStakeActivity(), { wrapper });
    await waitFor(() => expect(result.current.data?.entries).toHaveLength(1));

    act(() => client.setQueryData(snapshotKey, snapshot({ rewards: 9n, blockNumber: 6n })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(execute).toHaveBeenCalledOnce();

    let answer!: (activity: StakeActivity) => void;
    execute.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    act(() => client.setQueryData(snapshotKey, snapshot({ stakedAmount: 20n, blockNumber: 7n })));
    await waitFor(() => expect(execute).toHaveBeenCalledTimes(2));
    // The entries stay on screen while the list is read again.
    expect(result.current.data?.entries).toHaveLength(1);
    act(() => answer(listed(entry(7n), entry(1n))));
    await waitFor(() => expect(result.current.data?.entries).toHaveLength(2));
  });

  it("reads it again after a CRAP payout (the CRAP balance changed)", async () => {
    client.setQueryData(snapshotKey, snapshot());
    const { result } = renderHook(() => useStakeActivity(), { wrapper });
    await waitFor(() => expect(result.current.data?.entries).toHaveLength(1));
    act(() => client.setQueryData(snapshotKey, snapshot({ crapBalance: 5n })));
    await waitFor(() => expect(execute).toHaveBeenCalledTimes(2));
  });

  it("reads once on a connected load: the first figures arriving are no new activity", async () => {
    let deliver!: (value: AccountSnapshot) => void;
    void client.fetchQuery({
      queryKey: snapshotKey,
      queryFn: () => new Promise<AccountSnapshot>((resolve) => (deliver = resolve)),
    });
    const { result } = renderHook(() => useStakeActivity(), { wrapper });
    await waitFor(() => expect(result.current.data?.entries).toHaveLength(1));
    act(() => deliver(snapshot()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(execute).toHaveBeenCalledOnce();
  });

  it("shares one read between the lists on screen", async () => {
    client.setQueryData(snapshotKey, snapshot());
    const { result } = renderHook(() => [useStakeActivity(), useStakeActivity()], { wrapper });
    await waitFor(() => expect(result.current[1]?.data?.entries).toHaveLength(1));
    act(() => client.setQueryData(snapshotKey, snapshot({ stakedAmount: 20n })));
    await waitFor(() => expect(execute).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it("leaves the snapshot's own read alone: a stake's invalidation still reads the chain", async () => {
    const readSnapshot = vi.fn(async () => snapshot({ stakedAmount: 20n }));
    client.setQueryData(snapshotKey, snapshot());
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: snapshotKey, queryFn: readSnapshot, staleTime: Infinity });
        return useStakeActivity();
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.data?.entries).toHaveLength(1));
    await act(() => client.invalidateQueries({ queryKey: stakeKeys.all }));
    expect(readSnapshot).toHaveBeenCalledOnce();
    expect(client.getQueryState(snapshotKey)?.status).toBe("success");
    await waitFor(() => expect(execute).toHaveBeenCalledTimes(2));
  });

  it("still reads the activity where nothing reads the snapshot (the launchpad)", async () => {
    const { result } = renderHook(() => useStakeActivity(), { wrapper });
    await waitFor(() => expect(result.current.data?.entries).toHaveLength(1));
    expect(execute).toHaveBeenCalledOnce();
  });
});
