import { runServerProcess } from "./runServerProcess";

// `npm run api`: the API alone, for development (an unset NODE_ENV means development). Production runs
// `npm run serve` (src/server/serve.ts, compiled by `npm run build`).
runServerProcess({ defaultNodeEnv: "development", serveSite: false }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
