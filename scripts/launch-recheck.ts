import { runLaunchRecheck } from "../src/server/runLaunchRecheck";

// npm run launch:recheck -- <launchId>: the API's environment (.env / DATABASE_URL, CHAIN_RPC_URL_*) applies.
runLaunchRecheck(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
