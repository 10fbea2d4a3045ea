import { formatTokenExact } from "../../domain/displayFormat";
import { toDomainError } from "../../domain/errors/toDomainError";
import type { Launch } from "../../domain/launch/launchCatalogue";
import { LaunchpadRequestError } from "../../domain/launch/launchpadRequestError";
import { contributionLimits } from "../../domain/launch/whitelistAmount";
import type { LaunchpadGateway, WhitelistRegistrationSaved } from "../ports/launchpadGateway";

export interface RegisterForWhitelistInput {
  readonly launch: Pick<Launch, "id" | "name" | "whitelistOpen" | "details">;
  /** ETH the wallet intends to contribute, wei. */
  readonly amountWei: bigint;
}

/**
 * Registers (or changes) the signed-in wallet's whitelist amount for a launch. Refuses up front what
 * the server would refuse for certain (closed whitelist, amount outside the launch's bounds); the
 * server re-checks those and the wallet's eligibility.
 */
export class RegisterForWhitelist {
  constructor(private readonly gateway: LaunchpadGateway) {}

  async execute({ launch, amountWei }: RegisterForWhitelistInput): Promise<WhitelistRegistrationSaved> {
    if (!launch.whitelistOpen) {
      throw new LaunchpadRequestError("not-open", `The ${launch.name} whitelist is not open.`);
    }
    const { minWei, maxWei } = contributionLimits(launch.details.contribution);
    if (amountWei < minWei || amountWei > maxWei) {
      throw new LaunchpadRequestError(
        "invalid",
        `The amount must be between ${formatTokenExact(minWei)} and ${formatTokenExact(maxWei)} ETH.`,
      );
    }
    try {
      return await this.gateway.register(launch.id, amountWei);
    } catch (error) {
      throw toDomainError(error);
    }
  }
}
