import { runServerProcess } from "./runServerProcess";

// `npm run serve` (dist-server/serve.js, compiled by `npm run build`): the built web app and the API
// from one process, one origin. An unset NODE_ENV means production.
runServerProcess({ defaultNodeEnv: "production", serveSite: true }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
