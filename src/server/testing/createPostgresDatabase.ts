import { inject } from "vitest";
import { createDatabaseOn } from "./startTestPostgres";

/** A new, empty database on the run's test PostgreSQL server (see postgresGlobalSetup); its URL. */
export function createPostgresDatabase(prefix: string): Promise<string> {
  return createDatabaseOn(inject("postgresAdminUrl"), prefix);
}
