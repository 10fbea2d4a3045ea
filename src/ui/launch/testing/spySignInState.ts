import { vi } from "vitest";
import type { SignInState } from "../../hooks/SignInContext";

/** Sign-in state for component tests: signed out, every action a spy, `overrides` on top. */
export function spySignInState(overrides: Partial<SignInState> = {}): SignInState {
  return {
    status: "unauthenticated",
    session: null,
    requested: false,
    requestSignIn: vi.fn(),
    cancelRequest: vi.fn(),
    completeSignIn: vi.fn(async () => true),
    signOut: vi.fn(async () => {}),
    signOutEverywhere: vi.fn(async () => 1),
    ...overrides,
  };
}
