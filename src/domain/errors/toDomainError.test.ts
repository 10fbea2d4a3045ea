import { describe, expect, it } from "vitest";
import { toDomainError } from "./toDomainError";
import { UnknownError } from "./unknownError";
import { UserRejectedError } from "./userRejectedError";

describe("toDomainError", () => {
  it("passes domain errors through", () => {
    const error = new UserRejectedError();
    expect(toDomainError(error)).toBe(error);
  });

  it("wraps anything else as UnknownError with the cause", () => {
    const cause = new Error("boom");
    const wrapped = toDomainError(cause);
    expect(wrapped).toBeInstanceOf(UnknownError);
    expect(wrapped.cause).toBe(cause);
    expect(wrapped.details).toBe("boom");
    expect(toDomainError("text").details).toBe("text");
    expect(toDomainError(42).details).toBeUndefined();
  });
});
