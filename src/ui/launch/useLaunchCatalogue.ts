import type { LaunchCatalogue } from "../../domain/launch/launchCatalogue";
import { TOKENS } from "../../application/serviceTokens";
import { useInjection } from "../services/useInjection";

/** The launchpad catalogue, validated at start-up (launchpad/launches*.json). */
export function useLaunchCatalogue(): LaunchCatalogue {
  return useInjection(TOKENS.launchCatalogue);
}
