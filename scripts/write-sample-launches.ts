// Regenerates launchpad/launches.json (the committed catalogue) from the sample data, with sale times
// relative to a fixed date so the file is stable: `tsx scripts/write-sample-launches.ts 2027-01-01T00:00:00Z`.
import { writeFileSync } from "node:fs";
import { sampleLaunchCatalogue } from "./lib/sample-launches";

const at = Date.parse(process.argv[2] ?? "2027-01-01T00:00:00Z");
if (Number.isNaN(at)) {
  console.error("Usage: tsx scripts/write-sample-launches.ts <ISO date>");
  process.exit(2);
}
writeFileSync("launchpad/launches.json", `${JSON.stringify(sampleLaunchCatalogue(at), null, 2)}\n`);
console.log("Wrote launchpad/launches.json");
