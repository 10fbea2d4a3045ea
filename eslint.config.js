import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The hexagonal dependency rule (see docs/architecture.md):
// domain <- application <- adapters <- app; ui -> application/domain only. app, the composition root,
// is imported by the entry point alone; it supplies what ui's contexts read (services, wallet).
const adapters = { group: ["**/adapters", "**/adapters/**"], message: "Only src/app may import adapters." };
const app = {
  group: ["**/app", "**/app/**"],
  message:
    "Only the entry point may import src/app (the composition root). ui reaches use cases through src/ui/services.",
};
const ui = { group: ["**/ui", "**/ui/**"], message: "Only src/app (the router) may import ui." };
const application = {
  group: ["**/application", "**/application/**"],
  message: "domain imports nothing of the project.",
};
const server = {
  group: ["**/server", "**/server/**"],
  message: "The browser app must not import the API server.",
};

// Web code takes zod's mini build through src/domain/zod.ts (the classic build costs phones start-up
// time; scripts/check-bundle.ts checks the bundle too). The API server keeps the classic one.
const classicZod = {
  name: "zod",
  message: 'Import { z } from src/domain/zod.ts (zod/mini, English messages), not from "zod".',
};

const restrict = (...patterns) => ({ "no-restricted-imports": ["error", { paths: [classicZod], patterns }] });
const restrictServer = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "dist",
      "dist-*",
      "artifacts",
      "cache",
      "coverage",
      "types",
      "bench/results",
      "test-results",
      "playwright-report",
      // The MetaMask extension and Synpress's wallet cache (built by the MetaMask project on first use).
      ".cache-synpress",
      // Written by Ponder (the indexer's virtual modules' types) on each start.
      "indexer/ponder-env.d.ts",
      "indexer/.ponder",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  { files: ["src/domain/**"], rules: restrict(application, adapters, app, ui, server) },
  { files: ["src/application/**"], rules: restrict(adapters, app, ui, server) },
  // Use-case tests wire the in-memory fakes (src/adapters/fake), never a real adapter.
  {
    files: ["src/application/**/*.test.ts"],
    rules: restrict({ ...adapters, group: ["**/adapters/*", "!**/adapters/fake"] }, app, ui, server),
  },
  { files: ["src/adapters/**"], rules: restrict(app, ui, server) },
  { files: ["src/ui/**"], rules: restrict(adapters, app, server) },
  { files: ["src/app/**"], rules: restrict(server) },
  // The API server has its own adapters/ folder; what it must not reach is the browser app's layers,
  // which sit one level further up the relative path at each depth.
  ...["", "*/", "*/*/"].map((depth) => {
    const up = "../".repeat(depth.split("/").length);
    return {
      files: [`src/server/${depth}*.ts`],
      rules: restrictServer({
        group: [`${up}adapters`, `${up}adapters/**`, `${up}app`, `${up}app/**`, `${up}ui`, `${up}ui/**`],
        message: "The API server must not import the browser app's adapters, app or ui.",
      }),
    };
  }),
);
