// Builds the web app for the local chain and Sepolia with made-up server secrets in the environment
// (as a careless deploy would: the chain provider's key among them, which the browser no longer
// needs) and fails if any of them shows up in a built file, if the page's start-up code comes as
// more than the entry and Rolldown's runtime (scripts/lib/startupChunk.ts), or if a dependency's
// development build is bundled; and checks that a build given the provider's key in a VITE_ RPC
// variable is refused. Part of `npm test`.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { documentScripts } from "../bench/startupJs";

const providerKey = randomBytes(16).toString("hex");
const secrets: Record<string, string> = {
  CHAIN_RPC_URL_11155111: `https://sepolia.infura.io/v3/${providerKey}`,
  "the provider's key": providerKey,
  CMC_API_KEY: randomBytes(18).toString("hex"),
  SESSION_SECRET: randomBytes(24).toString("hex"),
  DATABASE_URL: `postgres://poo:${randomBytes(12).toString("hex")}@db.internal:5432/poo`,
  ETHERSCAN_API_KEY: randomBytes(17).toString("hex"),
  SEPOLIA_PRIVATE_KEY: `0x${randomBytes(32).toString("hex")}`,
};
Object.assign(process.env, {
  ...secrets,
  CHAIN_RPC_URLS: JSON.stringify({ 11155111: [`https://eth-sepolia.g.alchemy.com/v2/${providerKey}`] }),
});
// A build must say which chains it is for and find their deployment files (vite.config.ts stops
// otherwise): the local one, as the tests, and Sepolia, whose reads go through the site's gateway
// (/api/rpc/11155111) and its public RPC; made-up addresses in a folder of their own.
process.env.VITE_CHAINS = "local,sepolia";
delete process.env.VITE_SEPOLIA_RPC_URL;
const deploymentsDir = mkdtempSync(path.join(tmpdir(), "poo-bundle-deployments-"));
for (const chainId of [31337, 11155111]) {
  writeFileSync(
    path.join(deploymentsDir, `${chainId}.json`),
    JSON.stringify({
      chainId,
      pooToken: `0x${"11".repeat(20)}`,
      crapToken: `0x${"22".repeat(20)}`,
      staking: `0x${"33".repeat(20)}`,
      deployBlock: 1,
    }),
  );
}
process.env.POO_DEPLOYMENTS_DIR = deploymentsDir;
// Negative control for the check itself: `BUNDLE_CHECK_SELF_TEST=1` leaks two secrets on purpose (the
// market-data key in the app's name, the provider's URL as the public RPC, let through by the override
// that also lets the keyed VITE_SEPOLIA_RPC_URL build): every check below must then fail.
const selfTest = process.env.BUNDLE_CHECK_SELF_TEST === "1";
if (selfTest) {
  process.env.VITE_APP_NAME = `POO ${secrets.CMC_API_KEY}`;
  process.env.ALLOW_KEY_LIKE_VITE_RPC_URL = "true";
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const outDir = mkdtempSync(path.join(tmpdir(), "poo-bundle-check-"));
try {
  // The provider's URL in a VITE_ variable is refused before anything is bundled.
  process.env.VITE_SEPOLIA_RPC_URL = secrets.CHAIN_RPC_URL_11155111;
  const refused = await build({ logLevel: "silent", build: { outDir, emptyOutDir: true } }).then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  delete process.env.VITE_SEPOLIA_RPC_URL;
  if (
    refused?.includes("VITE_SEPOLIA_RPC_URL: looks like it holds a provider's key") &&
    !refused.includes(providerKey)
  ) {
    console.log("A VITE_ RPC URL with the provider's key: the build is refused, the key not repeated.");
  } else {
    console.error(
      `A build with the provider's key in VITE_SEPOLIA_RPC_URL was not refused as expected: ${refused ?? "it built"}`,
    );
    process.exitCode = 1;
  }

  if (selfTest) process.env.VITE_SEPOLIA_FALLBACK_RPC_URL = secrets.CHAIN_RPC_URL_11155111;
  await build({ logLevel: "error", build: { outDir, emptyOutDir: true } });
  const files = filesUnder(outDir);
  // What a Sepolia build must hold: the gateway's path and the public fallback (the check looks at the right build).
  const bundle = files
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
  for (const expected of ["/rpc/", "https://ethereum-sepolia-rpc.publicnode.com"]) {
    if (!bundle.includes(expected)) {
      console.error(
        `The build lacks ${expected}: is it still built for Sepolia, reading through the site's gateway?`,
      );
      process.exitCode = 1;
    }
  }
  const leaks: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "latin1");
    for (const [name, value] of Object.entries(secrets)) {
      if (text.includes(value) || text.includes(value.replace(/^0x/, "")))
        leaks.push(`${name} in ${path.relative(outDir, file)}`);
    }
  }
  // Start-up code split over more files is the same code compressed in parts: more bytes to load
  // before first paint (rolldown/rolldown#10731; the startup chunk keeps it one file).
  const named = [...documentScripts(readFileSync(path.join(outDir, "index.html"), "utf8"), "http://app/")];
  const extra = named.filter((file) => !/\/assets\/(index|rolldown-runtime)-[\w-]{8}\.js$/.test(file));
  if (extra.length > 0) {
    console.error(
      `index.html loads start-up code from ${named.length} files, not the entry and Rolldown's runtime ` +
        `alone: ${named.join(", ")}. Does vite.config.ts still group the start-up modules (startupChunk)?`,
    );
    process.exitCode = 1;
  } else {
    console.log(`Start-up code: ${named.join(" + ")}.`);
  }
  // A dependency's development build (dev warnings and checks on every render) in a production
  // bundle: React Router 7's package exports name only that one (vite.config.ts aliases its
  // production build). The source maps list the files each chunk was built from.
  const bundledSources = files
    .filter((file) => file.endsWith(".js.map"))
    .flatMap((file) => (JSON.parse(readFileSync(file, "utf8")) as { sources: string[] }).sources)
    .map((source) => source.replace(/^.*node_modules\//, ""));
  const developmentBuilds = new Set(
    bundledSources.filter((source) => /^.+\/(dist\/)?development\//.test(source)),
  );
  if (developmentBuilds.size > 0) {
    console.error(
      `The build bundles development builds of dependencies: ${[...developmentBuilds].join(", ")}. ` +
        "Alias their production builds in vite.config.ts (as for react-router).",
    );
    process.exitCode = 1;
  } else {
    console.log("Dependencies: production builds only (no development/ files in the source maps).");
  }
  // The web app's schemas use zod's mini build (src/domain/zod.ts); the classic one costs start-up
  // time on phones even when only one schema imports it.
  const classicZod = [...new Set(bundledSources.filter((source) => source.startsWith("zod/v4/classic/")))];
  if (classicZod.length > 0) {
    console.error(
      `The build bundles zod's classic API (${classicZod.slice(0, 3).join(", ")}${classicZod.length > 3 ? "…" : ""}): import { z } from ` +
        'src/domain/zod.ts (zod/mini) in web code, not from "zod".',
    );
    process.exitCode = 1;
  } else {
    console.log("zod: the mini build only.");
  }
  if (leaks.length > 0) {
    console.error(`Secrets found in the built app:\n${leaks.join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log(
      `Bundle secret check: ${Object.keys(secrets).length} secrets set during the build, none found in ${files.length} built files.`,
    );
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(deploymentsDir, { recursive: true, force: true });
}
