import { bootServer, type BootOptions } from "./bootServer";

/**
 * The server as a process: boots it from the environment and exits 1 when it cannot start. SIGTERM or
 * SIGINT shuts it down (readiness 503, no new connections, requests in flight finished within
 * SHUTDOWN_TIMEOUT_MS, database closed) and exits 0.
 */
export async function runServerProcess(
  options: Pick<BootOptions, "defaultNodeEnv" | "serveSite">,
): Promise<void> {
  const booted = await bootServer(process.env, options);
  if (!booted) {
    process.exitCode = 1;
    return;
  }
  const { server, logger } = booted;
  const shutDown = (signal: string) => {
    logger.info(`${signal} received: shutting down`, { signal });
    server.close().then(
      async () => {
        await logger.flush();
        process.exit(0);
      },
      async (error: unknown) => {
        logger.fatal("Shutdown failed", { reason: error instanceof Error ? error.message : String(error) });
        await logger.flush();
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => shutDown("SIGINT"));
  process.once("SIGTERM", () => shutDown("SIGTERM"));
}
