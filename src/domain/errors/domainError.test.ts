import { describe, expect, it } from "vitest";
import type { DomainError } from "./domainError";
import { InsufficientFundsError } from "./insufficientFundsError";
import { PriceUnavailableError } from "./priceUnavailableError";
import { RequestTimeoutError } from "./requestTimeoutError";
import { RpcUnavailableError } from "./rpcUnavailableError";
import { UnknownError } from "./unknownError";
import { UserRejectedError } from "./userRejectedError";
import { WrongChainError } from "./wrongChainError";

describe("domain errors", () => {
  it.each<[DomainError, string, string, string]>([
    [
      new UserRejectedError(),
      "user-rejected",
      "UserRejectedError",
      "You rejected the request in your wallet.",
    ],
    [
      new InsufficientFundsError(),
      "insufficient-funds",
      "InsufficientFundsError",
      "Not enough ETH to pay the network fee. Add ETH to your wallet and try again.",
    ],
    [
      new WrongChainError(),
      "wrong-chain",
      "WrongChainError",
      "Wrong network detected, switch or disconnect to continue.",
    ],
    [
      new RpcUnavailableError(),
      "rpc-unavailable",
      "RpcUnavailableError",
      "The network is not responding. Try again in a moment.",
    ],
    [
      new RequestTimeoutError(),
      "request-timeout",
      "RequestTimeoutError",
      "The request took too long. Check your wallet's activity, then try again.",
    ],
    [
      new PriceUnavailableError(),
      "price-unavailable",
      "PriceUnavailableError",
      "The POO price is unavailable right now.",
    ],
    [new UnknownError(), "unknown", "UnknownError", "Something went wrong. Please try again."],
  ])("%s has kind, name and a short message", (error, kind, name, shortMessage) => {
    expect(error).toBeInstanceOf(Error);
    expect(error.kind).toBe(kind);
    expect(error.name).toBe(name);
    expect(error.shortMessage).toBe(shortMessage);
    expect(error.message).toBe(shortMessage);
    expect(error.details).toBeUndefined();
    expect("cause" in error).toBe(false);
  });

  it("keeps details and cause like viem's BaseError", () => {
    const cause = new Error("rpc said no");
    const error = new RpcUnavailableError({ details: "HTTP 503", cause });
    expect(error.shortMessage).toBe("The network is not responding. Try again in a moment.");
    expect(error.details).toBe("HTTP 503");
    expect(error.cause).toBe(cause);
    expect(error.message).toBe("The network is not responding. Try again in a moment.\n\nDetails: HTTP 503");
  });

  it("describes the chains of a wrong-chain error", () => {
    const error = new WrongChainError({ expectedChainId: 11155111, actualChainId: 1 });
    expect(error.details).toBe("wallet chain 1, expected 11155111");
    expect(error.actualChainId).toBe(1);
  });

  it("names the timeout", () => {
    expect(new RequestTimeoutError({ timeoutMs: 5000 }).details).toBe("timeout of 5000ms exceeded");
  });
});
