import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "e2e/wallet/**/*.test.ts"],
    environment: "node",
    restoreMocks: true,
  },
});
