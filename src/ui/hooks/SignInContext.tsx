import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { SignInSession } from "../../application/ports/signInGateway";
import { TOKENS } from "../../application/serviceTokens";
import { useInjection } from "../services/useInjection";
import { authKeys } from "../query/queryKeys";
import { useWalletAccount } from "./WalletContext";

/** RainbowKit's authentication states, which its dialogs follow. */
export type SignInStatus = "loading" | "unauthenticated" | "authenticated";

export interface SignInState {
  /** authenticated only when the server's session belongs to the connected account. */
  status: SignInStatus;
  session: SignInSession | null;
  /** True while the user asked to sign in and the "Verify your account" dialog should show. */
  requested: boolean;
  requestSignIn(): void;
  cancelRequest(): void;
  /** Has the server verify a signed message; true when it started a session (the request is done). */
  completeSignIn(message: string, signature: `0x${string}`): Promise<boolean>;
  signOut(): Promise<void>;
  /** Ends every session of the wallet (every browser and device); resolves with how many ended. */
  signOutEverywhere(): Promise<number>;
}

const SignInContext = createContext<SignInState | null>(null);

export function useSignIn(): SignInState {
  const state = useContext(SignInContext);
  if (!state) throw new Error("useSignIn: no SignInProvider above this component.");
  return state;
}

/**
 * Sign-In with Ethereum state, on demand: the wallet stack hands it to RainbowKit's authentication,
 * which is enabled only after the user asks to sign in (e.g. to register for a launch), so connecting
 * a wallet to stake never requires a signature. The server's session is asked for only once a wallet
 * is connected: it means nothing without one.
 */
export function SignInProvider({ children }: { children: ReactNode }): ReactNode {
  const gateway = useInjection(TOKENS.signInGateway);
  const queryClient = useQueryClient();
  const { address } = useWalletAccount();
  const [requested, setRequested] = useState(false);
  const sessionQuery = useQuery({
    queryKey: authKeys.session(),
    queryFn: () => gateway.currentSession(),
    staleTime: 60_000,
    enabled: address !== undefined,
  });
  const session = sessionQuery.data ?? null;
  const status: SignInStatus =
    address === undefined
      ? "unauthenticated"
      : sessionQuery.isPending
        ? "loading"
        : session && session.address.toLowerCase() === address.toLowerCase()
          ? "authenticated"
          : "unauthenticated";

  const completeSignIn = useCallback(
    async (message: string, signature: `0x${string}`) => {
      try {
        const newSession = await gateway.verify(message, signature);
        queryClient.setQueryData(authKeys.session(), newSession);
        setRequested(false);
        return true;
      } catch {
        return false; // RainbowKit shows "Error verifying signature, please retry!"
      }
    },
    [gateway, queryClient],
  );
  const signOut = useCallback(async () => {
    await gateway.signOut();
    queryClient.setQueryData(authKeys.session(), null);
  }, [gateway, queryClient]);
  const signOutEverywhere = useCallback(async () => {
    try {
      const ended = await gateway.signOutEverywhere();
      queryClient.setQueryData(authKeys.session(), null);
      return ended;
    } catch (error) {
      // The session may have ended meanwhile (idle, or signed out from another device): ask again.
      void queryClient.invalidateQueries({ queryKey: authKeys.session() });
      throw error;
    }
  }, [gateway, queryClient]);
  const requestSignIn = useCallback(() => setRequested(true), []);
  const cancelRequest = useCallback(() => setRequested(false), []);
  const state = useMemo(
    () => ({
      status,
      session,
      requested,
      requestSignIn,
      cancelRequest,
      completeSignIn,
      signOut,
      signOutEverywhere,
    }),
    [status, session, requested, requestSignIn, cancelRequest, completeSignIn, signOut, signOutEverywhere],
  );

  return <SignInContext.Provider value={state}>{children}</SignInContext.Provider>;
}
