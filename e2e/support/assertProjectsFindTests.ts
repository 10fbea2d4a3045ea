import { globSync } from "node:fs";
import path from "node:path";

/**
 * Throws unless every project's testMatch names at least one file under testDir: a pattern broken by a
 * rename or a typo would otherwise run nothing for that project while the others pass.
 */
export function assertProjectsFindTests(
  testDir: string,
  projects: ReadonlyArray<{ name?: string; testMatch?: unknown }>,
): void {
  for (const project of projects) {
    const pattern = project.testMatch;
    if (typeof pattern !== "string") {
      throw new Error(`Playwright project "${project.name}": give it a testMatch glob (a string).`);
    }
    if (globSync(pattern, { cwd: testDir }).length === 0) {
      throw new Error(
        `Playwright project "${project.name}": testMatch "${pattern}" matches no file under ${path.relative(process.cwd(), testDir) || "."}/. Fix the pattern or the project.`,
      );
    }
  }
}
