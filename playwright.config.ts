import path from "node:path";
import { defineConfig } from "@playwright/test";
import { assertProjectsFindTests } from "./e2e/support/assertProjectsFindTests";
import { assertChromiumInstalled, chromiumPath } from "./e2e/support/chromium";
import {
  e2eMetaMaskPorts,
  e2eMultiHostPorts,
  e2ePorts,
  e2eProductionPorts,
  e2eSepoliaPorts,
  multiHostAddress,
} from "./e2e/support/ports";
import { missingNginxMessage } from "./scripts/lib/nginx/nginxBinary";

const isCI = Boolean(process.env.CI);

assertChromiumInstalled();
// The production and multihost projects run nginx: when one is selected (by default every project is)
// and nginx is missing, one line saying what to install instead of each of its tests failing.
const selectedProjects = process.argv.flatMap((arg, index, all) =>
  arg === "--project" ? [all[index + 1] ?? ""] : arg.startsWith("--project=") ? [arg.slice(10)] : [],
);
const nginxMissing = missingNginxMessage();
const needNginx = ["production", "multihost", "fresh-clone"];
if (
  nginxMissing &&
  (selectedProjects.length === 0 || selectedProjects.some((name) => needNginx.includes(name)))
) {
  throw new Error(
    `${nginxMissing} (The Playwright projects "production", "multihost" and "fresh-clone" need it; --project=<other> runs without.)`,
  );
}
const multiHostOrigin = `http://${multiHostAddress("nginx")}:${e2eMultiHostPorts.web}`;
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
// MetaMask's service-worker requests reach context.route only with this set before a browser starts.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";

const config = defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  // Two projects at a time, one worker each (`workers: 1` below): each worker starts its project's
  // stack (chain, API, build) on the project's own ports, and a project's specs share it. The specs
  // wait mostly on blocks, MetaMask and the network, so two lanes on two cores take about half the
  // wall time of one; more workers per project would each need a stack of their own. A third lane
  // was tried: the load average rose to 17, MetaMask took 189 s to unlock and app specs timed out.
  // The order below makes the lanes: app | wallet, sepolia, then metamask (measured fastest of the
  // orders tried: 16.1 min against 18 and 18.4 for app→wallet | sepolia→metamask and metamask first).
  workers: 2,
  // No retries: a flaky spec is fixed, not retried (a retry would pass a flake as green). The MetaMask
  // project alone keeps one, below.
  retries: 0,
  forbidOnly: isCI,
  // The list as the tests run, and a JSON report of every test's time for scripts/e2e-timings.ts
  // (docs/testing.md's slowest specs come from it).
  reporter: [["list"], ["json", { outputFile: "test-results/results.json" }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: {
      executablePath: chromiumPath,
      // No "--headless" here: Playwright adds it itself unless `--headed` is asked for.
      args: chromiumArgs,
    },
    // DOM snapshots of each action, without the screencast: its screenshots cost the app lane about 30%
    // more CPU (a 3-spec sample: 67.8 s of CPU against 46.6 s) on two cores shared with MetaMask.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
  },
  projects: [
    {
      // The injected test wallet's own tests: a blank page, the wallet and an in-process chain.
      name: "wallet",
      testMatch: "wallet/**/*.spec.ts",
      workers: 1,
    },
    {
      // The app's end-to-end specs. e2e/fixtures/app.ts starts the local stack (chain, and the production
      // build with the API served by the built server, as `npm run serve`) once per worker, only when an
      // app spec runs; a failed test restarts the worker, and so the stack.
      name: "app",
      testMatch: "specs/**/*.spec.ts",
      workers: 1,
      // Its longest flows (a stake, its explorer page; axe over each whitelist step) take 20–30 s, and
      // the wallet code seconds to load, while the other lane runs MetaMask on the same two cores.
      timeout: 60_000,
      expect: { timeout: 10_000 },
      use: { baseURL: `http://127.0.0.1:${e2ePorts.web}` },
    },
    {
      // The app built for Sepolia against a chain that looks like it (chain id 11155111, interval
      // mining, the spec's staking interface only, the API gateway's first provider unreachable):
      // e2e/fixtures/sepolia.ts.
      // Blocks take seconds, so tests and expectations get longer limits.
      name: "sepolia",
      testMatch: "sepolia/**/*.spec.ts",
      workers: 1,
      timeout: 120_000,
      expect: { timeout: 20_000 },
      use: { baseURL: `http://127.0.0.1:${e2eSepoliaPorts.web}` },
    },
    {
      // The same flows with the real MetaMask extension (Synpress 4's wallet cache, MetaMask 13.13.1):
      // e2e/metamask/. One MetaMask browser per spec file, one local stack per worker.
      name: "metamask",
      testMatch: "metamask/**/*.spec.ts",
      workers: 1,
      // MetaMask's own pages stall now and then for tens of seconds (snaps, offline services): a
      // failed test gets one more try on a fresh MetaMask, and the report lists it as flaky. The only
      // project with a retry; measured without it: 20/20 passed (docs/testing.md, "No retries").
      retries: 1,
      // Each step waits for MetaMask's own screens; a test covers several of them.
      timeout: 480_000,
      expect: { timeout: 20_000 },
      use: { baseURL: `http://127.0.0.1:${e2eMetaMaskPorts.web}` },
    },
    {
      // Production on one machine: nginx (deploy/nginx/poo-finance.conf) -> two `npm run serve`
      // instances (NODE_ENV=production) -> PostgreSQL (embedded) and the local chain, and nginx's
      // /indexer -> two `ponder serve` replicas of the indexer, whose `ponder start` writes to that
      // PostgreSQL: e2e/fixtures/production.ts. Last, so that it runs on whichever lane frees first, beside MetaMask.
      name: "production",
      testMatch: "production/**/*.spec.ts",
      workers: 1,
      timeout: 90_000,
      expect: { timeout: 10_000 },
      use: { baseURL: `http://127.0.0.1:${e2eProductionPorts.web}` },
    },
    {
      // Production on several hosts: nginx, two instances and PostgreSQL each on a test host of its
      // own (Linux network namespaces, root only: skipped with one line elsewhere), a host's link cut
      // mid-flow: e2e/fixtures/multihost.ts. One stack, one test; no retry (a flaky one must be fixed).
      name: "multihost",
      testMatch: "multihost/**/*.spec.ts",
      workers: 1,
      retries: 0,
      timeout: 90_000,
      expect: { timeout: 10_000 },
      use: {
        baseURL: multiHostOrigin,
        launchOptions: {
          executablePath: chromiumPath,
          // The site is on a test host's address over plain http: Chromium treats it as https would be
          // (a secure context, as the real site is), which loopback gets without asking.
          args: [...chromiumArgs, `--unsafely-treat-insecure-origin-as-secure=${multiHostOrigin}`],
        },
      },
    },
    {
      // docs/operations.md's `checked:` blocks as written, in a fresh `git clone` of HEAD: npm install,
      // the build, the production install, the systemd unit (systemctl stood in for), PostgreSQL as the
      // documented role, two instances and nginx (e2e/fresh-clone/). No browser. Its install and build
      // take minutes, so it runs last, on whichever lane frees first, one test after the other.
      name: "fresh-clone",
      testMatch: "fresh-clone/**/*.spec.ts",
      workers: 1,
      timeout: 15 * 60_000,
    },
  ],
});

// `npm test` runs no project that finds no test: a broken testMatch stops the run here, naming it.
assertProjectsFindTests(path.resolve(config.testDir ?? "e2e"), config.projects ?? []);

export default config;
