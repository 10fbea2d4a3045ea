// `npm run build`, second step: the API server and the site serving, compiled to dist-server/ for
// `npm run serve` (scripts/lib/buildServer.ts).
import { performance } from "node:perf_hooks";
import { buildServer } from "./lib/buildServer";

const started = performance.now();
const built = await buildServer({ rootDir: process.cwd(), outDir: "dist-server" }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
console.log(
  `Server compiled to ${built.entry} in ${Math.round(performance.now() - started)} ms (run-time packages: ${built.packages.join(", ")}).`,
);
