import { ConfigError, parseServerConfig } from "./config/parseServerConfig";

// Entry point: `tsx src/server/main.ts`. Configuration comes from the environment only.
async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseServerConfig>;
  try {
    parsed = parseServerConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  for (const warning of parsed.warnings) console.warn(`warning: ${warning}`);

  // Loaded late so an older Node fails with a hint instead of "No such built-in module: node:sqlite".
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (major < 22 || (major === 22 && minor < 13)) {
    console.error(
      `The POO API needs Node 22.13+ (node:sqlite); this is ${process.version}. Start it with npx tsx.`,
    );
    process.exit(1);
  }
  const { startApiServer } = await import("./startApiServer");
  const server = await startApiServer(parsed.config);
  console.log(`POO API listening on ${server.url}`);

  const shutDown = (signal: string) => {
    console.log(`${signal} received, closing the POO API`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => shutDown("SIGINT"));
  process.once("SIGTERM", () => shutDown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
