import {
  createAuthenticationAdapter,
  RainbowKitAuthenticationProvider,
  type AuthenticationStatus,
} from "@rainbow-me/rainbowkit";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useAccount } from "wagmi";
import type { SignInSession } from "../../application/ports/signInGateway";
import { TOKENS } from "../container/tokens";
import { useInjection } from "../container/useInjection";
import { createSignInMessage } from "./createSignInMessage";

const sessionKey = ["auth", "session"] as const;

export interface SignInState {
  /** authenticated only when the server's session belongs to the connected account. */
  status: AuthenticationStatus;
  session: SignInSession | null;
  /** True while the user asked to sign in and the "Verify your account" dialog should show. */
  requested: boolean;
  requestSignIn(): void;
  cancelRequest(): void;
  signOut(): Promise<void>;
}

const SignInContext = createContext<SignInState | null>(null);

export function useSignIn(): SignInState {
  const state = useContext(SignInContext);
  if (!state) throw new Error("useSignIn: no SignInProvider above this component.");
  return state;
}

/**
 * Sign-In with Ethereum through RainbowKit's authentication adapter, on demand: RainbowKit's
 * authentication is enabled only after the user asks to sign in (e.g. to register for a launch), so
 * connecting a wallet to stake never requires a signature.
 */
export function SignInProvider({ children }: { children: ReactNode }): ReactNode {
  const gateway = useInjection(TOKENS.signInGateway);
  const queryClient = useQueryClient();
  const { address } = useAccount();
  const [requested, setRequested] = useState(false);
  const sessionQuery = useQuery({
    queryKey: sessionKey,
    queryFn: () => gateway.currentSession(),
    staleTime: 60_000,
  });
  const session = sessionQuery.data ?? null;
  const status: AuthenticationStatus = sessionQuery.isPending
    ? "loading"
    : session && address && session.address.toLowerCase() === address.toLowerCase()
      ? "authenticated"
      : "unauthenticated";

  const adapter = useMemo(
    () =>
      createAuthenticationAdapter<string>({
        getNonce: () => gateway.getNonce(),
        createMessage: (args) => createSignInMessage(args, window.location),
        verify: async ({ message, signature }) => {
          try {
            const newSession = await gateway.verify(message, signature as `0x${string}`);
            queryClient.setQueryData(sessionKey, newSession);
            setRequested(false);
            return true;
          } catch {
            return false; // RainbowKit shows "Error verifying signature, please retry!"
          }
        },
        signOut: async () => {
          await gateway.signOut();
          queryClient.setQueryData(sessionKey, null);
        },
      }),
    [gateway, queryClient],
  );

  const signOut = useCallback(async () => {
    await adapter.signOut();
  }, [adapter]);
  const requestSignIn = useCallback(() => setRequested(true), []);
  const cancelRequest = useCallback(() => setRequested(false), []);
  const state = useMemo(
    () => ({ status, session, requested, requestSignIn, cancelRequest, signOut }),
    [status, session, requested, requestSignIn, cancelRequest, signOut],
  );

  return (
    <SignInContext.Provider value={state}>
      <RainbowKitAuthenticationProvider adapter={adapter} status={status} enabled={requested}>
        {children}
      </RainbowKitAuthenticationProvider>
    </SignInContext.Provider>
  );
}
