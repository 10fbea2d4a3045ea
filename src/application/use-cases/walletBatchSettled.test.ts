import { describe, expect, it } from "vitest";
import { walletBatchSettled } from "./walletBatchSettled";

describe("walletBatchSettled", () => {
  it("1xx (pending) is never settled, with or without receipts", () => {
    expect(walletBatchSettled(100, 0)).toBe(false);
    expect(walletBatchSettled(100, 2)).toBe(false);
  });

  it("2xx is settled only with a receipt to check", () => {
    expect(walletBatchSettled(200, 0)).toBe(false);
    expect(walletBatchSettled(200, 1)).toBe(true);
    expect(walletBatchSettled(200, 2)).toBe(true);
  });

  it("400, 500, 600 and any other failure code are settled, even without receipts", () => {
    for (const code of [300, 400, 500, 600, 700]) expect(walletBatchSettled(code, 0)).toBe(true);
  });

  it("a status code that is not a number (a malformed answer) is waited on, never settled", () => {
    expect(walletBatchSettled(Number.NaN, 1)).toBe(false);
  });
});
