import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { missingTestSteps, scriptSteps, workflowProblems } from "./workflowProblems";

const valid = `on: push
jobs:
  unit:
    runs-on: ubuntu-latest
    steps:
      - run: npm run compile
      - run: npm run test:unit
  browser:
    needs: unit
    runs-on: ubuntu-latest
    strategy:
      matrix:
        shard: [1, 2]
    steps:
      - run: npx playwright test --shard=\${{ matrix.shard }}/\${{ strategy.job-total }}
`;

describe("workflowProblems (actionlint)", () => {
  it("finds nothing in a valid workflow", async () => {
    expect(await workflowProblems(valid, "ok.yml")).toEqual([]);
  });

  it("names the line and the kind of each mistake", async () => {
    const broken = valid
      .replace("needs: unit", "needs: units")
      .replace("matrix.shard }}/", "matrix.shards }}/");
    const problems = await workflowProblems(broken, "broken.yml");
    expect(problems.map(({ line, kind }) => `${line} ${kind}`)).toEqual(["8 job-needs", "15 expression"]);
    expect(problems[0]?.message).toBe(
      'job "browser" needs job "units" which does not exist in this workflow',
    );
  });

  it("refuses YAML that is not a workflow", async () => {
    const problems = await workflowProblems("on: push\njobs:\n  a:\n    step: []\n", "bad.yml");
    expect(problems.length).toBeGreaterThan(0);
  });

  it("finds nothing in the repository's own workflow", async () => {
    const file = ".github/workflows/ci.yml";
    expect(await workflowProblems(readFileSync(file, "utf8"), file)).toEqual([]);
  });
});

describe("scriptSteps", () => {
  it("replaces a script made only of other scripts by theirs, in order, through run-p and run-s", () => {
    const scripts = {
      test: "npm run compile && run-p --print-label checks test:e2e",
      checks: "npm run typecheck && run-s lint test:unit",
      compile: "tsx scripts/compile.ts",
      typecheck: "tsc --noEmit",
      lint: "eslint . && npm run lint:workflows",
      "test:unit": "vitest run",
      "test:e2e": "playwright test",
    };
    expect(scriptSteps(scripts, "test")).toEqual(["compile", "typecheck", "lint", "test:unit", "test:e2e"]);
  });
});

describe("missingTestSteps", () => {
  it("lists the npm test steps a workflow does not run", () => {
    const steps = ["compile", "typecheck", "test:unit", "test:e2e"];
    expect(missingTestSteps(valid, steps)).toEqual(["typecheck"]);
    expect(missingTestSteps(valid.replace("npx playwright test", "echo"), steps)).toEqual([
      "typecheck",
      "test:e2e (no step runs `playwright test`)",
    ]);
  });

  it("does not take a longer script's name for a shorter one", () => {
    expect(missingTestSteps(valid, ["test"])).toEqual(["test"]);
  });

  it("finds every part of the repository's npm test in ci.yml", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    const steps = scriptSteps(pkg.scripts, "test");
    expect(steps).toEqual([
      "compile",
      "typecheck",
      "lint",
      "test:unit",
      "test:contracts",
      "test:bundle",
      "test:e2e",
    ]);
    expect(missingTestSteps(readFileSync(".github/workflows/ci.yml", "utf8"), steps)).toEqual([]);
  });
});
