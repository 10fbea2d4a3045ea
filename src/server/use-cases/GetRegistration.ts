import type { Session } from "../model/Session";
import type { Registration, RegistrationStore } from "../ports/RegistrationStore";
import { fail, type Failure } from "./Failure";

/** The signed-in wallet's registration for a launch on its session's chain. */
export class GetRegistration {
  constructor(private readonly store: RegistrationStore) {}

  async execute(input: {
    launchId: string;
    session: Session;
  }): Promise<{ ok: true; registration: Registration } | Failure> {
    const registration = await this.store.find({
      launchId: input.launchId,
      chainId: input.session.chainId,
      address: input.session.address,
    });
    return registration ? { ok: true, registration } : fail(404, "You have no registration for this launch.");
  }
}
