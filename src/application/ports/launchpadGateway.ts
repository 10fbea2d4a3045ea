import type { LaunchApplication } from "../../domain/launch/launchApplication";
import type { WhitelistRegistration } from "../../domain/launch/whitelistRegistration";

export interface WhitelistRegistrationSaved {
  readonly registration: WhitelistRegistration;
  /** True for a first registration, false when an existing one changed. */
  readonly created: boolean;
}

/**
 * The launchpad service, for the signed-in wallet (the session belongs to the server; the gateway
 * sends the browser's cookie). Refusals reject with LaunchpadRequestError (reason "sign-in-required"
 * when there is no session); an unreachable service rejects with another domain error.
 */
export interface LaunchpadGateway {
  /** Creates or changes the wallet's registration for `launchId` with `amountWei` of ETH. */
  register(launchId: string, amountWei: bigint): Promise<WhitelistRegistrationSaved>;
  /** The wallet's registration for `launchId`, or null when it has none. */
  getRegistration(launchId: string): Promise<WhitelistRegistration | null>;
  /** Sends a project's application for a launch; resolves with its reference. */
  submitApplication(application: LaunchApplication): Promise<{ readonly id: string }>;
}
