import { toDomainError } from "../../domain/errors/toDomainError";
import {
  validateLaunchApplication,
  type LaunchApplicationInput,
} from "../../domain/launch/launchApplication";
import { LaunchpadRequestError } from "../../domain/launch/launchpadRequestError";
import type { LaunchpadGateway } from "../ports/launchpadGateway";

/**
 * Sends a project's launch application after checking it with the API's own rules; the form shows
 * those per field before calling this, so a refusal here means the form let something through.
 */
export class SubmitLaunchApplication {
  constructor(private readonly gateway: LaunchpadGateway) {}

  async execute(input: LaunchApplicationInput): Promise<{ readonly id: string }> {
    const check = validateLaunchApplication(input);
    if (!check.ok) {
      const first = Object.values(check.errors)[0] ?? "The application is incomplete.";
      throw new LaunchpadRequestError("invalid", first);
    }
    try {
      return await this.gateway.submitApplication(check.application);
    } catch (error) {
      throw toDomainError(error);
    }
  }
}
