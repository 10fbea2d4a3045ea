import type { WhitelistEligibility } from "../../../application/use-cases/checkWhitelistEligibility";
import type { RegistrationCheck, RegistrationStanding } from "../../../domain/launch/whitelistRegistration";

/** The dialog's two steps (spec: the eligibility message, then the amount). */
export type WhitelistStep = "message" | "amount";

export type EligibilityView =
  | { readonly status: "loading" }
  | { readonly status: "failed"; readonly message: string }
  | WhitelistEligibility;

export type RegistrationView =
  /** Registrations belong to a signed-in wallet: unknown until the user signs in. */
  | { readonly status: "signed-out" }
  | { readonly status: "loading" }
  | { readonly status: "none" }
  | {
      readonly status: "registered";
      readonly amountWei: bigint;
      /** The server's judgement at its last check (registration or a launch-wide re-check). */
      readonly standing: RegistrationStanding;
      readonly lastCheck: RegistrationCheck | null;
    }
  | { readonly status: "failed"; readonly message: string };

export type BalanceView = bigint | "loading" | "unavailable";
