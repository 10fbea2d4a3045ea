// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UnknownError } from "../../domain/errors/unknownError";
import type { SignInState } from "../hooks/SignInContext";
import { spySignInState } from "../launch/testing/spySignInState";
import { SignInStatus } from "./SignInStatus";

let signIn: SignInState;
vi.mock("../hooks/SignInContext", () => ({ useSignIn: () => signIn }));
vi.mock("../hooks/WalletContext", () => ({ useWalletAccount: () => ({ isConnected: true }) }));

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  signIn = spySignInState({ status: "authenticated" });
});
afterEach(cleanup);

describe("SignInStatus: Sign out everywhere", () => {
  it("says it is working, ignores a second press, then reports how many sessions ended and focuses Sign in", async () => {
    const answer = deferred<number>();
    signIn = spySignInState({ status: "authenticated", signOutEverywhere: vi.fn(() => answer.promise) });
    const view = render(<SignInStatus />);
    const button = screen.getByRole("button", { name: "Sign out everywhere" });
    button.focus();
    fireEvent.click(button); // Enter or Space on a focused button
    const pending = screen.getByRole("button", { name: "Signing out everywhere…" });
    expect(pending.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(pending);
    fireEvent.click(pending);
    expect(signIn.signOutEverywhere).toHaveBeenCalledOnce();

    signIn = { ...signIn, status: "unauthenticated" };
    await act(async () => answer.resolve(3));
    view.rerender(<SignInStatus />);
    expect(screen.getByRole("status").textContent).toBe("Signed out everywhere: 3 sessions ended.");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.queryByRole("button", { name: /Sign out/ })).toBeNull();
  });

  it("says why when the server refuses, and stays signed in with the button usable again", async () => {
    const answer = deferred<number>();
    signIn = spySignInState({ status: "authenticated", signOutEverywhere: vi.fn(() => answer.promise) });
    render(<SignInStatus />);
    fireEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    await act(async () => answer.reject(new UnknownError({ details: "Too many requests; retry in 60 s." })));
    expect(screen.getByRole("alert").textContent).toBe(
      "Not signed out everywhere: Too many requests; retry in 60 s.",
    );
    expect(screen.getByRole("button", { name: "Sign out everywhere" }).getAttribute("aria-disabled")).toBe(
      "false",
    );
    expect(screen.getByText("Signed in")).toBeTruthy();
  });

  it("keeps Sign out for this browser only, beside it", () => {
    render(<SignInStatus />);
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(signIn.signOut).toHaveBeenCalledOnce();
    expect(signIn.signOutEverywhere).not.toHaveBeenCalled();
  });
});
