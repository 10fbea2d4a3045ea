import type { Address } from "viem";

/** A project's request to be listed on the launchpad. */
export type LaunchApplication = {
  id: string;
  projectName: string;
  tokenSymbol: string;
  website: string;
  contact: string;
  description: string;
  submittedBy: Address;
  chainId: number;
  createdAt: Date;
};

/** Durable launch applications. */
export interface LaunchApplicationStore {
  insert(application: LaunchApplication): Promise<void>;
  findById(id: string): Promise<LaunchApplication | undefined>;
}
