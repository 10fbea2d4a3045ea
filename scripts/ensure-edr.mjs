// npm running on Node 20 silently skips Hardhat EDR's native binary (its engines field asks for
// Node 22), which leaves Hardhat unable to start. This postinstall step runs on the Node 22 that the
// `node` dev dependency puts first on PATH; if the binding cannot be loaded it runs npm once more
// under Node 22, which adds the binary without touching the lockfile.
import { execSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

function edrLoads() {
  try {
    require("@nomicfoundation/edr");
    return true;
  } catch {
    return false;
  }
}

if (process.env.POO_ENSURE_EDR_NESTED === "1") process.exit(0);

let hardhatPresent = true;
try {
  require.resolve("hardhat/package.json");
} catch {
  hardhatPresent = false;
}
if (!hardhatPresent) process.exit(0); // production install without dev dependencies

const major = Number(process.versions.node.split(".")[0]);
if (edrLoads()) process.exit(0);

if (major < 22) {
  console.warn(
    `[ensure-edr] running on Node ${process.versions.node}; Hardhat needs Node 22 (the "node" dev dependency). ` +
      "Run `npm install` again once it is installed.",
  );
  process.exit(0);
}

console.log(
  "[ensure-edr] Hardhat EDR native binary missing; installing it with Node " + process.versions.node,
);
const bin = path.resolve("node_modules/.bin");
execSync("npm install --no-audit --no-fund", {
  stdio: "inherit",
  env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, POO_ENSURE_EDR_NESTED: "1" },
});
if (!edrLoads()) {
  console.error(
    "[ensure-edr] EDR native binary still missing after a second install; Hardhat will not start.",
  );
  process.exit(1);
}
console.log("[ensure-edr] EDR native binary installed.");
