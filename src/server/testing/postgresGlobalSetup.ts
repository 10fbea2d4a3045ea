import type { TestProject } from "vitest/node";
import { startTestPostgres } from "./startTestPostgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The test PostgreSQL server's admin URL; suites create their own database on it. */
    postgresAdminUrl: string;
  }
}

/** Vitest globalSetup: one real PostgreSQL server for the whole run, removed afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = await startTestPostgres();
  project.provide("postgresAdminUrl", postgres.adminUrl);
  return () => postgres.stop();
}
