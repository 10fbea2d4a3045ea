// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SignInState } from "../hooks/SignInContext";
import { useSignInGate } from "./useSignInGate";
import { spySignInState } from "./testing/spySignInState";

let signIn: SignInState;
vi.mock("../hooks/SignInContext", () => ({ useSignIn: () => signIn }));

beforeEach(() => {
  signIn = spySignInState({});
});
afterEach(cleanup);

describe("useSignInGate", () => {
  it("runs the action at once when signed in", () => {
    signIn = spySignInState({ status: "authenticated" });
    const { result } = renderHook(() => useSignInGate());
    const action = vi.fn();
    act(() => result.current.run(action));
    expect(action).toHaveBeenCalledOnce();
    expect(signIn.requestSignIn).not.toHaveBeenCalled();
    expect(result.current.waiting).toBe(false);
  });

  it("asks to sign in, waits, then runs the action once signed in", () => {
    const { result, rerender } = renderHook(() => useSignInGate());
    const action = vi.fn();
    act(() => result.current.run(action));
    expect(signIn.requestSignIn).toHaveBeenCalledOnce();
    expect(result.current.waiting).toBe(true);
    expect(action).not.toHaveBeenCalled();

    signIn = { ...signIn, requested: true };
    rerender();
    expect(action).not.toHaveBeenCalled();

    signIn = { ...signIn, status: "authenticated", requested: false };
    rerender();
    expect(action).toHaveBeenCalledOnce();
    expect(result.current.waiting).toBe(false);
  });

  it("drops the action and calls onCancel when the sign-in dialog closes without a session", () => {
    const { result, rerender } = renderHook(() => useSignInGate());
    const action = vi.fn();
    const onCancel = vi.fn();
    act(() => result.current.run(action, onCancel));
    signIn = { ...signIn, requested: true };
    rerender();
    signIn = { ...signIn, requested: false };
    rerender();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(action).not.toHaveBeenCalled();
    expect(result.current.waiting).toBe(false);
  });

  it("clears a leftover request when the session was already being restored", () => {
    signIn = spySignInState({ status: "loading" });
    const { result, rerender } = renderHook(() => useSignInGate());
    const action = vi.fn();
    act(() => result.current.run(action));
    signIn = { ...signIn, status: "authenticated", requested: true };
    rerender();
    expect(action).toHaveBeenCalledOnce();
    expect(signIn.cancelRequest).toHaveBeenCalledOnce();
  });
});
