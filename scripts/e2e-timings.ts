/**
 * `npx tsx scripts/e2e-timings.ts [report.json] [N]`: where a Playwright run's time went, from the JSON
 * report every run writes (test-results/results.json, playwright.config.ts): per project its tests,
 * their summed time and its slowest test; then the N slowest tests (default 15). docs/testing.md lists
 * the slowest specs from it.
 */
import { readFileSync } from "node:fs";

interface JsonResult {
  readonly duration: number;
  readonly status: string;
  readonly retry: number;
}
interface JsonTest {
  readonly projectName: string;
  readonly results: readonly JsonResult[];
}
interface JsonSpec {
  readonly title: string;
  readonly file: string;
  readonly tests: readonly JsonTest[];
}
interface JsonSuite {
  readonly title: string;
  readonly specs?: readonly JsonSpec[];
  readonly suites?: readonly JsonSuite[];
}
interface JsonReport {
  readonly suites: readonly JsonSuite[];
  readonly stats: {
    readonly duration: number;
    readonly expected: number;
    readonly unexpected: number;
    readonly flaky: number;
  };
}

export interface TestTiming {
  readonly project: string;
  readonly file: string;
  readonly title: string;
  /** Every attempt's time, retries included. */
  readonly ms: number;
  readonly status: string;
}

/** Every test of the report, with the time of all its attempts. */
export function testTimings(report: JsonReport): TestTiming[] {
  const out: TestTiming[] = [];
  const walk = (suite: JsonSuite, titles: readonly string[]): void => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        out.push({
          project: test.projectName,
          file: spec.file,
          title: [...titles, spec.title].filter(Boolean).join(" › "),
          ms: test.results.reduce((sum, result) => sum + result.duration, 0),
          status: test.results.at(-1)?.status ?? "skipped",
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  return out;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? "test-results/results.json";
  const top = Number(process.argv[3] ?? 15);
  const report = JSON.parse(readFileSync(file, "utf8")) as JsonReport;
  const timings = testTimings(report);
  const projects = [...new Set(timings.map((timing) => timing.project))];
  console.log(
    `Run: ${seconds(report.stats.duration)}; ${report.stats.expected} passed, ${report.stats.unexpected} failed, ${report.stats.flaky} flaky`,
  );
  console.log("\nproject      tests   test time   slowest");
  for (const project of projects) {
    const mine = timings.filter((timing) => timing.project === project);
    const total = mine.reduce((sum, timing) => sum + timing.ms, 0);
    const slowest = mine.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.log(
      `${project.padEnd(12)} ${String(mine.length).padStart(5)} ${seconds(total).padStart(11)}   ${seconds(slowest.ms)} ${slowest.title}`,
    );
  }
  console.log(`\nThe ${top} slowest tests (the first test of a project also pays for its stack):`);
  for (const timing of [...timings].sort((a, b) => b.ms - a.ms).slice(0, top)) {
    console.log(
      `${seconds(timing.ms).padStart(8)}  ${timing.project.padEnd(11)} ${timing.file} › ${timing.title}`,
    );
  }
}
