import { describe, expect, it } from "vitest";
import { toAddress } from "../../domain/address";
import { UserRejectedError } from "../../domain/errors/userRejectedError";
import { FakeTokenGateway } from "./fakeTokenGateway";

const owner = toAddress(`0x${"11".repeat(20)}`);
const spender = toAddress(`0x${"22".repeat(20)}`);
const signer = { account: owner, chainId: 31337 };

describe("FakeTokenGateway", () => {
  it("sets the signer's allowance on approve and logs every call", async () => {
    const token = new FakeTokenGateway().setBalance(owner, 5n);
    expect(await token.balanceOf(owner)).toBe(5n);
    const hash = await token.approve(signer, spender, 7n);
    expect(await token.allowance(owner, spender)).toBe(7n);
    expect(token.approvals).toEqual([
      { method: "approve", signer, spender, amount: 7n, hash, options: undefined },
    ]);
    expect(token.calls.map((c) => c.method)).toEqual(["balanceOf", "approve", "allowance"]);
  });

  it("fails the next call once, and logs no approval that was not sent", async () => {
    const token = new FakeTokenGateway().failNext("approve", new UserRejectedError());
    await expect(token.approve(signer, spender, 1n)).rejects.toBeInstanceOf(UserRejectedError);
    expect(token.approvals).toEqual([]);
    await expect(token.approve(signer, spender, 1n)).resolves.toMatch(/^0x[0-9a-f]{64}$/);
  });
});
