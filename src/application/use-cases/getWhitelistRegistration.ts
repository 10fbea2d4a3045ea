import { toDomainError } from "../../domain/errors/toDomainError";
import type { WhitelistRegistration } from "../../domain/launch/whitelistRegistration";
import type { LaunchpadGateway } from "../ports/launchpadGateway";

/** The signed-in wallet's registration for a launch, or null when it has none. */
export class GetWhitelistRegistration {
  constructor(private readonly gateway: LaunchpadGateway) {}

  async execute(launchId: string): Promise<WhitelistRegistration | null> {
    try {
      return await this.gateway.getRegistration(launchId);
    } catch (error) {
      throw toDomainError(error);
    }
  }
}
