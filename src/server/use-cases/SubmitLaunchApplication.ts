import type { Session } from "../model/Session";
import type { LaunchApplicationStore } from "../ports/LaunchApplicationStore";

export type LaunchApplicationInput = {
  projectName: string;
  tokenSymbol: string;
  website: string;
  contact: string;
  description: string;
};

/** Records a project's application for a launch, attributed to the signed-in wallet. */
export class SubmitLaunchApplication {
  constructor(
    private readonly deps: { store: LaunchApplicationStore; now: () => number; newId?: () => string },
  ) {}

  async execute(input: LaunchApplicationInput, session: Session): Promise<{ id: string }> {
    const id = (this.deps.newId ?? (() => crypto.randomUUID()))();
    await this.deps.store.insert({
      ...input,
      id,
      submittedBy: session.address,
      chainId: session.chainId,
      createdAt: new Date(this.deps.now()),
    });
    return { id };
  }
}
