import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseSettings } from "../openStores";
import { createPostgresDatabase } from "./createPostgresDatabase";

export type StoreEngine = {
  name: "sqlite" | "postgres";
  /** A new, empty database; `remove` deletes what it left on disk (PostgreSQL's goes with the server). */
  newDatabase(): Promise<{ settings: DatabaseSettings; remove(): void }>;
};

/** Both engines behind the same ports; suites run once per engine with describe.each. */
export const STORE_ENGINES: readonly StoreEngine[] = [
  {
    name: "sqlite",
    async newDatabase() {
      const dir = mkdtempSync(join(tmpdir(), "poo-sqlite-"));
      return {
        settings: { url: undefined, path: join(dir, "data", "poo.sqlite") },
        remove: () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "postgres",
    async newDatabase() {
      const url = await createPostgresDatabase("poo_test");
      return { settings: { url, path: "unused.sqlite", poolSize: 5 }, remove: () => undefined };
    },
  },
];
