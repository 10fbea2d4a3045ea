import { describe, expect, it } from "vitest";
import { FakeAccountSnapshotSource } from "../../adapters/fake/fakeAccountSnapshotSource";
import { toAddress } from "../../domain/address";
import { RpcUnavailableError } from "../../domain/errors/rpcUnavailableError";
import { UnknownError } from "../../domain/errors/unknownError";
import { LoadAccountSnapshot } from "./loadAccountSnapshot";

const account = toAddress("0x1111111111111111111111111111111111111111");

describe("LoadAccountSnapshot", () => {
  it("reads the snapshot with exactly one request", async () => {
    const snapshots = new FakeAccountSnapshotSource().setSnapshot(account, { pooBalance: 5n, rewards: 7n });
    const snapshot = await new LoadAccountSnapshot(snapshots).execute(account, 31337);
    expect(snapshot).toMatchObject({ pooBalance: 5n, rewards: 7n, stakedAmount: 0n });
    expect(snapshots.loads).toEqual([account]);
    expect(snapshots.chains).toEqual([31337]);
  });

  it("keeps domain errors and wraps others", async () => {
    const snapshots = new FakeAccountSnapshotSource();
    const useCase = new LoadAccountSnapshot(snapshots);
    snapshots.failNext(new RpcUnavailableError());
    await expect(useCase.execute(account, 31337)).rejects.toBeInstanceOf(RpcUnavailableError);
    snapshots.failNext(new Error("?"));
    await expect(useCase.execute(account, 31337)).rejects.toBeInstanceOf(UnknownError);
  });
});
