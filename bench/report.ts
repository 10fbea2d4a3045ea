import type { PackageShare } from "./composition";
import type { LighthouseSummary, Preset } from "./lighthouseRuns";
import { READING_MS, type ConnectModalResults, type ModalTiming } from "./connectModal";
import type { LatencyResults } from "./stakeLatency";
import type { RpcResults, RpcWindow } from "./rpcFlows";
import type { ActivityResults } from "./activityHistory";
import type { SepoliaResults, SepoliaStakeSeries } from "./sepolia";
import type { GatewayResults } from "./gatewayTabs";
import { gatewayTableLines } from "./gatewayTable";
import type { ServeResults } from "./serveLoad";
import { indexRow, serveTableLines } from "./serveTable";
import type { StartupJs } from "./startupJs";
import { TARGETS } from "./config";
import { countBy, median, ratio } from "./stats";

export type Page = "/" | "/launch";

export interface TargetResult {
  name: string;
  /** null: not measured (a phase failed). */
  met: boolean | null;
  detail: string;
}

export interface BenchResult {
  meta: {
    startedAt: string;
    wallMs: number;
    commit: string;
    uncommittedPaths: number;
    node: string;
    chromium: string;
    lighthouse: string;
    cpus: number;
    loadAverage: { start: number[]; end: number[] };
    bareApp: string;
    bareAppSecond: string;
    buildsMs: Record<string, number>;
    ports: Record<string, number>;
    notes: string[];
  };
  startupJs?: {
    ours: Record<Page, StartupJs>;
    bare: StartupJs;
    bareDefault?: StartupJs;
    /** Start-up JS of / by npm package (from the source maps). */
    composition: { ours: Record<string, PackageShare>; bare: Record<string, PackageShare> };
  };
  lighthouse?: {
    ours: Record<Preset, Record<Page, LighthouseSummary>>;
    bare: Record<Preset, LighthouseSummary>;
  };
  /** Phase connect-modal: navigation → wallet modal under mobile throttling. */
  connectModal?: ConnectModalResults;
  rpc?: RpcResults;
  latency?: LatencyResults;
  /** Phase sepolia: 12-second blocks. */
  sepolia?: SepoliaResults;
  /** Phase activity: "Your activity" on an old chain, the indexer against the chain scan. */
  activity?: ActivityResults;
  /** Phase serve: `npm run serve` beside nginx, same dist/. */
  serve?: ServeResults;
  /** Phase rpc-gateway: provider requests per block for N open tabs, straight and through the gateway. */
  gateway?: GatewayResults;
  gas?: Record<string, number | null>;
  targets: TargetResult[];
  errors: { phase: string; message: string }[];
}

const kib = (bytes: number | null | undefined): string =>
  bytes === null || bytes === undefined
    ? "—"
    : `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} KiB`;
const ms = (value: number | null | undefined): string =>
  value === null || value === undefined ? "—" : `${Math.round(value).toLocaleString("en-US")} ms`;
const num = (value: number | null | undefined, digits = 0): string =>
  value === null || value === undefined ? "—" : value.toFixed(digits);
const times = (value: number | null): string => (value === null ? "—" : `${value.toFixed(2)}×`);
const status = (met: boolean | null | undefined): string =>
  met === null || met === undefined ? "n/a" : met ? "met" : "NOT MET";

const GATEWAY_TARGET = `Through the gateway, the most tabs on one account cost the provider ≤ ${TARGETS.gatewayMessagesPerBlock} messages per block`;
const SERVE_TARGET = `npm run serve: index.html ≥ ${TARGETS.serveIndexVsNginx * 100}% of nginx's rps (browser Accept-Encoding)`;
const START_JS_TARGET = `Start-up JS of / ≤ ${TARGETS.startupJsVsBare}× bare app (gzip)`;

/** The targets of the brief, judged from what was measured. */
export function judgeTargets(result: BenchResult): TargetResult[] {
  const targets: TargetResult[] = [];
  const js = result.startupJs;
  const oursJs = js?.ours["/"].gzipBytes;
  targets.push({
    name: START_JS_TARGET,
    met: js ? (oursJs ?? Infinity) <= js.bare.gzipBytes * TARGETS.startupJsVsBare : null,
    detail: js
      ? `${kib(oursJs)} vs ${kib(js.bare.gzipBytes)} (${times(ratio(oursJs, js.bare.gzipBytes))})`
      : "not measured",
  });
  for (const [preset, min] of [
    ["mobile", TARGETS.lighthouseMobile],
    ["desktop", TARGETS.lighthouseDesktop],
  ] as const) {
    for (const page of ["/", "/launch"] as const) {
      const score = result.lighthouse?.ours[preset][page].median.score;
      targets.push({
        name: `Lighthouse ${preset} ${page} ≥ ${min}`,
        met: score === null || score === undefined ? null : score >= min,
        detail: `median score ${num(score)}`,
      });
    }
  }
  for (const page of ["/", "/launch"] as const) {
    const ours = result.lighthouse?.ours.mobile[page].median.score;
    const bare = result.lighthouse?.bare.mobile.median.score;
    targets.push({
      name: `Lighthouse mobile ${page} ≥ bare app`,
      met: ours === null || ours === undefined || bare === null || bare === undefined ? null : ours >= bare,
      detail: `median score ${num(ours)} vs bare ${num(bare)}`,
    });
  }
  {
    const cls = result.lighthouse
      ? (["mobile", "desktop"] as const).flatMap((preset) =>
          (["/", "/launch"] as const).map((page) => result.lighthouse?.ours[preset][page].median.cls ?? null),
        )
      : [];
    const worst = cls.length > 0 && cls.every((c) => c !== null) ? Math.max(...(cls as number[])) : null;
    targets.push({
      name: `No layout shift (Lighthouse CLS < ${TARGETS.maxCls}, / and /launch, mobile and desktop)`,
      met: worst === null ? null : worst < TARGETS.maxCls,
      detail: `largest median CLS ${num(worst, 3)}`,
    });
  }
  const modal = result.connectModal;
  targets.push({
    name: "Connect Wallet → modal, cold, mobile throttling: ours ≤ bare app (navigation → modal)",
    met: modal ? modal.ours.median.cold.modalMs <= modal.bare.median.cold.modalMs : null,
    detail: modal
      ? `median ${ms(modal.ours.median.cold.modalMs)} vs bare ${ms(modal.bare.median.cold.modalMs)}`
      : "not measured",
  });
  targets.push({
    name: `Connect Wallet → modal, warm cache, mobile throttling: ≤ ${TARGETS.warmModalAfterClickMs} ms after the click`,
    met: modal ? modal.ours.median.warm.clickToModalMs <= TARGETS.warmModalAfterClickMs : null,
    detail: modal
      ? `median ${ms(modal.ours.median.warm.clickToModalMs)} (bare ${ms(modal.bare.median.warm.clickToModalMs)})`
      : "not measured",
  });
  const reads = result.rpc?.connectedLoad.snapshotReads;
  targets.push({
    name: "One account-snapshot request on a connected load",
    met: reads === undefined ? null : reads === TARGETS.snapshotRequestsOnLoad,
    detail:
      reads === undefined ? "not measured" : `${reads} snapshot read(s) (Multicall3 aggregate3 eth_call)`,
  });
  const noApproval = result.latency?.withoutApproval.medianMs;
  targets.push({
    name: `Stake without approval < ${TARGETS.stakeNoApprovalMs} ms (local)`,
    met: noApproval === null || noApproval === undefined ? null : noApproval < TARGETS.stakeNoApprovalMs,
    detail: `median ${ms(noApproval)}`,
  });
  const sep = result.sepolia;
  for (const [kind, label] of SEPOLIA_STAKE_KINDS) {
    const series = sep?.stake[kind];
    const over = series?.medianOverLimitMs;
    targets.push({
      name: `12-s blocks: stake ${label} ≤ physical limit + ${TARGETS.sepoliaStakeOverLimitMs / 1000} s`,
      met: over === null || over === undefined ? null : over <= TARGETS.sepoliaStakeOverLimitMs,
      detail: series
        ? `median ${ms(series.medianLatencyMs)} vs limit ${ms(series.medianLimitMs)}; over the limit by ${ms(over)} (median of runs)`
        : "not measured",
    });
  }
  const visible = sep?.idle.visible;
  targets.push({
    name: `12-s blocks: idle ≤ one snapshot per new block (≤ ${TARGETS.sepoliaIdlePerMinute} msg/min)`,
    met: visible
      ? visible.perMinute <= TARGETS.sepoliaIdlePerMinute && visible.snapshotReads <= visible.newBlocks
      : null,
    detail: visible
      ? `${num(visible.perMinute, 1)} msg/min; ${visible.snapshotReads} snapshot reads for ${visible.newBlocks} new blocks`
      : "not measured",
  });
  const hidden = sep?.idle.hidden;
  targets.push({
    name: "12-s blocks: no JSON-RPC while the tab is hidden",
    met: hidden
      ? hidden.messages <= TARGETS.sepoliaHiddenMessages && hidden.visibilityState === "hidden"
      : null,
    detail: hidden
      ? `${hidden.messages} msg in ${hidden.windowMs / 1000} s (visibilityState ${hidden.visibilityState})`
      : "not measured",
  });
  const gateway = result.gateway;
  const most = gateway
    ? gateway.scenarios
        .filter((s) => s.accounts === "one" && s.path === "gateway")
        .sort((a, b) => b.tabs - a.tabs)[0]
    : undefined;
  targets.push({
    name: GATEWAY_TARGET,
    met: most ? most.providerMessagesPerBlock <= TARGETS.gatewayMessagesPerBlock : null,
    detail: most
      ? `${most.tabs.toLocaleString("en-US")} tabs: ${most.providerMessagesPerBlock.toFixed(1)} messages per block`
      : "not measured",
  });
  const index = indexRow(result.serve);
  targets.push({
    name: SERVE_TARGET,
    met:
      index?.rpsRatio === null || index?.rpsRatio === undefined
        ? null
        : index.rpsRatio >= TARGETS.serveIndexVsNginx,
    detail: index
      ? `${Math.round(index.serve.rps)} vs ${Math.round(index.nginx.rps)} rps (${times(index.rpsRatio)})`
      : "not measured",
  });
  return targets;
}

interface Row {
  metric: string;
  ours: string;
  bare: string;
  ratio: string;
  target: string;
  /** Printed as one line ("metric: ours"), outside the columns: section titles and long details. */
  free?: boolean;
}

function section(title: string): Row {
  return { metric: title, ours: "", bare: "", ratio: "", target: "", free: true };
}

function detail(label: string, text: string): Row {
  return { metric: `${label}: ${text}`, ours: "", bare: "", ratio: "", target: "", free: true };
}

/** `/assets/PriceHistoryPanel-FrIgDc2m.js` → `PriceHistoryPanel` (the chunk's name without its hash). */
export function chunkName(file: string): string {
  const base = file.slice(file.lastIndexOf("/") + 1).replace(/\.js$/, "");
  return base.replace(/-[\w-]{8}$/, "");
}

function rpcCell(w: RpcWindow | undefined): string {
  if (!w) return "—";
  return `${w.messages} msg / ${w.httpRequests} http`;
}

function methods(byMethod: Record<string, number> | undefined): string {
  if (!byMethod) return "—";
  return Object.entries(byMethod)
    .sort((a, b) => b[1] - a[1])
    .map(([m, n]) => `${m}×${n}`)
    .join(" ");
}

/** The table printed at the end of a run (also stored in the JSON as text). */
export function renderTable(result: BenchResult): string {
  const targets = new Map(result.targets.map((t) => [t.name, t]));
  const t = (name: string): string => {
    const target = targets.get(name);
    return target ? status(target.met) : "";
  };
  const rows: Row[] = [];
  const js = result.startupJs;

  rows.push(section("1. Start-up JS (first load until 1 s network idle; gzip = zlib -9 per file)"));
  for (const page of ["/", "/launch"] as const) {
    const ours = js?.ours[page];
    rows.push({
      metric: `   ${page} gzip`,
      ours: kib(ours?.gzipBytes),
      bare: kib(js?.bare.gzipBytes),
      ratio: times(ratio(ours?.gzipBytes, js?.bare.gzipBytes)),
      target: page === "/" ? `≤ ${TARGETS.startupJsVsBare}× bare: ${t(START_JS_TARGET)}` : "",
    });
    rows.push({
      metric: `   ${page} raw (files)`,
      ours: ours ? `${kib(ours.rawBytes)} (${ours.files.length})` : "—",
      bare: js ? `${kib(js.bare.rawBytes)} (${js.bare.files.length})` : "—",
      ratio: times(ratio(ours?.rawBytes, js?.bare.rawBytes)),
      target: "",
    });
    rows.push({
      metric: `     named by the HTML (before first paint), gzip`,
      ours: ours?.inDocument ? `${kib(ours.inDocument.gzipBytes)} (${ours.inDocument.files.length})` : "—",
      bare: js?.bare.inDocument
        ? `${kib(js.bare.inDocument.gzipBytes)} (${js.bare.inDocument.files.length})`
        : "—",
      ratio: times(ratio(ours?.inDocument?.gzipBytes, js?.bare.inDocument?.gzipBytes)),
      target: "",
    });
    if (ours?.afterDocument && ours.afterDocument.files.length > 0) {
      rows.push(
        detail(
          `     loaded after first paint, ${kib(ours.afterDocument.gzipBytes)} gzip`,
          ours.afterDocument.files.map((f) => `${chunkName(f.file)} ${kib(f.gzipBytes)}`).join(", "),
        ),
      );
    }
  }
  if (js?.bareDefault) {
    rows.push({
      metric: "   2nd baseline: getDefaultConfig, gzip",
      ours: kib(js.ours["/"].gzipBytes),
      bare: `${kib(js.bareDefault.gzipBytes)} (${js.bareDefault.files.length} files)`,
      ratio: times(ratio(js.ours["/"].gzipBytes, js.bareDefault.gzipBytes)),
      target: "",
    });
  }

  if (js) {
    rows.push(
      section(
        "   / by npm package, largest differences (gzip -9 of each package's code alone, from source maps)",
      ),
    );
    const keys = new Set([...Object.keys(js.composition.ours), ...Object.keys(js.composition.bare)]);
    const diffs = [...keys]
      .map((key) => ({
        key,
        ours: js.composition.ours[key]?.gzipBytes ?? 0,
        bare: js.composition.bare[key]?.gzipBytes ?? 0,
      }))
      .sort((a, b) => Math.abs(b.ours - b.bare) - Math.abs(a.ours - a.bare))
      .slice(0, 10);
    for (const d of diffs) {
      const delta = d.ours - d.bare;
      rows.push({
        metric: `     ${d.key}`,
        ours: kib(d.ours),
        bare: kib(d.bare),
        ratio: `${delta >= 0 ? "+" : "−"}${kib(Math.abs(delta))}`,
        target: "",
      });
    }
  }

  const lh = result.lighthouse;
  for (const preset of ["mobile", "desktop"] as const) {
    const min = preset === "mobile" ? TARGETS.lighthouseMobile : TARGETS.lighthouseDesktop;
    const summaries = lh ? [lh.ours[preset]["/"], lh.ours[preset]["/launch"], lh.bare[preset]] : [];
    const counts = lh ? summaries.map((x) => x.validRuns).join("/") : "—";
    rows.push(
      section(`2. Lighthouse ${preset} (median of valid runs: ${counts} for / /launch bare; bare = its /)`),
    );
    if (lh) {
      const seconds = summaries.map((x) => num(x.medianWallMs === null ? null : x.medianWallMs / 1000, 1));
      rows.push(detail("   one run takes (median)", `${seconds.join(" s / ")} s for / /launch bare`));
    }
    for (const page of ["/", "/launch"] as const) {
      const ours = lh?.ours[preset][page].median;
      const bare = lh?.bare[preset].median;
      rows.push({
        metric: `   ${page} performance score`,
        ours: num(ours?.score),
        bare: num(bare?.score),
        ratio: times(ratio(ours?.score, bare?.score)),
        target: `≥ ${min}: ${t(`Lighthouse ${preset} ${page} ≥ ${min}`)}`,
      });
      rows.push({
        metric: `   ${page} LCP`,
        ours: ms(ours?.lcpMs),
        bare: ms(bare?.lcpMs),
        ratio: times(ratio(ours?.lcpMs, bare?.lcpMs)),
        target: "",
      });
      const elements = lh?.ours[preset][page].lcpElements;
      if (elements) rows.push(detail("     LCP element (runs)", methods(elements)));
      rows.push({
        metric: `   ${page} TBT`,
        ours: ms(ours?.tbtMs),
        bare: ms(bare?.tbtMs),
        ratio: times(ratio(ours?.tbtMs, bare?.tbtMs)),
        target: "",
      });
      rows.push({
        metric: `   ${page} CLS`,
        ours: num(ours?.cls, 3),
        bare: num(bare?.cls, 3),
        ratio: "",
        target: "",
      });
      const shifts = lh?.ours[preset][page].runs
        .map((r) => r.largestShift)
        .filter((x): x is string => Boolean(x));
      if (shifts && shifts.length > 0 && (ours?.cls ?? 0) >= 0.05)
        rows.push(detail("     largest shift (runs)", methods(countBy(shifts))));
    }
  }

  const modal = result.connectModal;
  rows.push(
    section(
      `2b. Connect Wallet → wallet modal, pressed as soon as it can be (phone screen, ${modal?.throttling ?? "mobile throttling"}; median of ${modal?.ours.runs.cold.length ?? "—"})`,
    ),
  );
  for (const [kind, label] of [
    ["cold", "cold (empty cache)"],
    ["warm", "warm (2nd visit: HTTP cache)"],
    ["again", "3rd visit (HTTP + code cache)"],
    ["reading", `cold, a swipe, tapped ${READING_MS / 1000} s after it can be (no target)`],
  ] as const) {
    const ours = modal?.ours.median[kind];
    const bare = modal?.bare.median[kind];
    rows.push({
      metric: `   ${label}: navigation → modal`,
      ours: ms(ours?.modalMs),
      bare: ms(bare?.modalMs),
      ratio: times(ratio(ours?.modalMs, bare?.modalMs)),
      target:
        kind === "cold"
          ? `≤ bare: ${t("Connect Wallet → modal, cold, mobile throttling: ours ≤ bare app (navigation → modal)")}`
          : "",
    });
    rows.push({
      metric: `     navigation → click`,
      ours: ms(ours?.clickMs),
      bare: ms(bare?.clickMs),
      ratio: times(ratio(ours?.clickMs, bare?.clickMs)),
      target: "",
    });
    rows.push({
      metric: `     click → modal`,
      ours: ms(ours?.clickToModalMs),
      bare: ms(bare?.clickToModalMs),
      ratio: times(ratio(ours?.clickToModalMs, bare?.clickToModalMs)),
      target:
        kind === "warm"
          ? `≤ ${TARGETS.warmModalAfterClickMs} ms: ${t(`Connect Wallet → modal, warm cache, mobile throttling: ≤ ${TARGETS.warmModalAfterClickMs} ms after the click`)}`
          : "",
    });
    if (modal) {
      const runs = (list: ModalTiming[]): string =>
        list.map((r) => `${Math.round(r.clickMs)}+${Math.round(r.clickToModalMs)}`).join(", ");
      rows.push(
        detail(
          "     runs (click + click→modal, ms)",
          `ours ${runs(modal.ours.runs[kind])}; bare ${runs(modal.bare.runs[kind])}`,
        ),
      );
    }
  }

  const rpc = result.rpc;
  rows.push(section("3. JSON-RPC at the counting proxy (messages; batches count each message)"));
  rows.push({
    metric: "   connected load (load+connect → figures, 1 s quiet)",
    ours: rpcCell(rpc?.connectedLoad),
    bare: "",
    ratio: "",
    target: "",
  });
  rows.push({
    metric: "     of which account-snapshot reads",
    ours: num(rpc?.connectedLoad.snapshotReads),
    bare: "",
    ratio: "",
    target: `= 1: ${t("One account-snapshot request on a connected load")}`,
  });
  rows.push(detail("     by method", methods(rpc?.connectedLoad.byMethod)));
  rows.push(detail("     eth_calls", rpc ? rpc.connectedLoad.ethCalls.join(", ") : "—"));
  rows.push({
    metric: `   idle polling, connected (per minute, ${rpc ? rpc.polling.windowMs / 1000 : "—"} s window)`,
    ours: rpc ? `${num(rpc.polling.perMinute, 1)} msg/min` : "—",
    bare: "",
    ratio: "",
    target: "",
  });
  rows.push(detail("     eth_calls in window", methods(rpc?.polling.ethCalls)));
  rows.push({
    metric: `   stake with approval (dialog → Success, 1 s quiet)${rpc?.stakeWithApproval.mayIncludePoll ? " *poll" : ""}`,
    ours: rpcCell(rpc?.stakeWithApproval),
    bare: "",
    ratio: "",
    target: "",
  });
  rows.push(detail("     by method", methods(rpc?.stakeWithApproval.byMethod)));
  rows.push({
    metric: `   unstake (click → Success, 1 s quiet)${rpc?.unstake.mayIncludePoll ? " *poll" : ""}`,
    ours: rpcCell(rpc?.unstake),
    bare: "",
    ratio: "",
    target: "",
  });
  rows.push(detail("     by method", methods(rpc?.unstake.byMethod)));

  const lat = result.latency;
  rows.push(
    section(
      `4. Stake latency, Enter → Success (automine; median of ${lat?.withApproval.runsMs.length ?? "—"})`,
    ),
  );
  rows.push({
    metric: "   with approval",
    ours: ms(lat?.withApproval.medianMs),
    bare: "",
    ratio: "",
    target: "",
  });
  if (lat) rows.push(detail("     runs", lat.withApproval.runsMs.map((v) => Math.round(v)).join(", ")));
  rows.push({
    metric: "   without approval",
    ours: ms(lat?.withoutApproval.medianMs),
    bare: "",
    ratio: "",
    target: `< ${TARGETS.stakeNoApprovalMs} ms: ${t(`Stake without approval < ${TARGETS.stakeNoApprovalMs} ms (local)`)}`,
  });
  if (lat) rows.push(detail("     runs", lat.withoutApproval.runsMs.map((v) => Math.round(v)).join(", ")));

  rows.push(section("5. Gas (receipts of the transactions above)"));
  for (const [call, gas] of Object.entries(result.gas ?? {})) {
    rows.push({
      metric: `   ${call}`,
      ours: gas === null ? "—" : gas.toLocaleString("en-US"),
      bare: "",
      ratio: "",
      target: "",
    });
  }

  rows.push(...sepoliaRows(result, t));

  const activity = result.activity;
  rows.push(
    section(
      `8. Your activity on an old chain (${activity ? `a stake ${activity.blocksAgo.toLocaleString("en")} blocks ago` : "not measured"}; the page's RPC answering in 100 ms, eth_getLogs capped at 10,000 blocks; a reload of the connected page)`,
    ),
  );
  if (activity) {
    const load = (label: string, l: ActivityResults["withIndexer"]) =>
      detail(
        `   ${label}`,
        `${l.toListMs === null ? "not listed in 5 min" : `${(l.toListMs / 1000).toFixed(2)} s to the list`}, ${l.requests} requests (${l.getLogs} eth_getLogs, ${l.refusedRanges} refused)`,
      );
    rows.push(load("indexer + newest blocks", activity.withIndexer));
    rows.push(load("chain scan from the deployment (before)", activity.chainScan));
    rows.push(
      detail(
        "   indexer backfill",
        `${activity.indexer.backfillBlocks.toLocaleString("en")} blocks in ${(activity.indexer.backfillMs / 1000).toFixed(1)} s = ${activity.indexer.blocksPerSecond.toLocaleString("en")} blocks/s (after ${(activity.indexer.startMs / 1000).toFixed(1)} s to start)`,
      ),
    );
  }

  const serve = result.serve;
  rows.push(
    section(
      `7. Serving: npm run serve (production) vs ${serve?.nginx ?? "nginx"} on the same dist/ (${serve ? `${serve.connections} connections, ${serve.durationS} s each after ${serve.warmupS} s warm-up; p50/p99 in ms` : "not measured"}); target ${t(SERVE_TARGET) || "n/a"}`,
    ),
  );
  if (serve) rows.push(...serveTableLines(serve).map((text) => section(`   ${text}`)));

  const gateway = result.gateway;
  rows.push(
    section(
      `9. Provider requests per block for N open tabs (each: the app's account snapshot, paced by its BlockPacer; ${gateway ? `a block every ${gateway.blockTimeMs / 1000} s, ${gateway.measuredBlocks} blocks per row after ${gateway.warmUpBlocks} to warm up` : "not measured"}); target ${t(GATEWAY_TARGET) || "n/a"}`,
    ),
  );
  if (gateway) rows.push(...gatewayTableLines(gateway).map((text) => section(`   ${text}`)));

  const header: Row = { metric: "", ours: "ours", bare: "bare", ratio: "ours/bare", target: "target" };
  const columns = [header, ...rows].filter((r) => !r.free);
  const width = (key: "metric" | "ours" | "bare" | "ratio"): number =>
    Math.max(...columns.map((r) => r[key].length));
  const w = { metric: width("metric"), ours: width("ours"), bare: width("bare"), ratio: width("ratio") };
  const line = (r: Row): string =>
    r.free
      ? r.metric
      : [
          r.metric.padEnd(w.metric),
          r.ours.padStart(w.ours),
          r.bare.padStart(w.bare),
          r.ratio.padStart(w.ratio),
          r.target,
        ]
          .join("  ")
          .trimEnd();
  const all = [header, ...rows];
  const m = result.meta;
  const lines = [
    `POO Finance benchmark — ${m.startedAt} — commit ${m.commit}${m.uncommittedPaths ? ` + ${m.uncommittedPaths} uncommitted paths` : ""} — wall ${(m.wallMs / 1000).toFixed(0)} s`,
    `${m.cpus} CPUs, load average ${m.loadAverage.start.map((v) => v.toFixed(1)).join("/")} at start, ${m.loadAverage.end.map((v) => v.toFixed(1)).join("/")} at end; Node ${m.node}; ${m.chromium}; Lighthouse ${m.lighthouse}`,
    `bare = ${m.bareApp}`,
    "",
    ...all.map(line),
    "",
    "Targets:",
    ...result.targets.map(
      (target) => `  [${status(target.met).padEnd(7)}] ${target.name} — ${target.detail}`,
    ),
  ];
  if (result.errors.length > 0) {
    lines.push("", "Errors:", ...result.errors.map((e) => `  ${e.phase}: ${e.message}`));
  }
  if (m.notes.length > 0) lines.push("", "Notes:", ...m.notes.map((n) => `  - ${n}`));
  return lines.join("\n");
}

/** The Sepolia phase's stakes, as the table names them. */
const SEPOLIA_STAKE_KINDS = [
  ["withApproval", "with approval"],
  ["batched", "with approval, batched"],
  ["withoutApproval", "without approval"],
] as const;

/** Section 6: the Sepolia look-alike (12-second blocks). Limit and ratio go in the "bare" and "ours/bare" columns. */
function sepoliaRows(result: BenchResult, t: (name: string) => string): Row[] {
  const sep = result.sepolia;
  const rows: Row[] = [];
  const n = sep?.stake.withoutApproval.runs.filter((r) => !r.warmup).length;
  rows.push(
    section(
      `6. 12-second blocks (Sepolia look-alike: chain 11155111, interval mining, ReferenceStaking, app built for Sepolia reading through the API's gateway, its first provider down; median of ${n ?? "—"})`,
    ),
  );
  rows.push({ metric: "   Enter → Success", ours: "app", bare: "limit", ratio: "app−limit", target: "" });
  const limitNote = "limit = the block holding the flow's last transaction − Enter";
  for (const [kind, label] of SEPOLIA_STAKE_KINDS) {
    const s: SepoliaStakeSeries | undefined = sep?.stake[kind];
    const name = `12-s blocks: stake ${label} ≤ physical limit + ${TARGETS.sepoliaStakeOverLimitMs / 1000} s`;
    rows.push({
      metric: `   stake ${label}`,
      ours: ms(s?.medianLatencyMs),
      bare: ms(s?.medianLimitMs),
      ratio: ms(s?.medianOverLimitMs),
      target: `≤ limit + ${TARGETS.sepoliaStakeOverLimitMs / 1000} s: ${t(name)}`,
    });
    rows.push(
      detail(
        "     ratio app/limit (median of runs)",
        s?.medianRatio === null || s?.medianRatio === undefined ? "—" : `${s.medianRatio.toFixed(3)}×`,
      ),
    );
    if (s) {
      const runs = s.runs.filter((r) => !r.warmup);
      rows.push(
        detail(
          "     runs (app / limit / over, ms; Enter at ms after a block; blocks)",
          runs
            .map(
              (r) =>
                `${Math.round(r.latencyMs)}/${Math.round(r.limitMs)}/${Math.round(r.overLimitMs)} @${r.enterAfterBlockMs} ${r.blocksAfterEnter}b`,
            )
            .join(", "),
        ),
      );
      rows.push(
        detail(
          "     limit from block timestamps alone (median), app − that",
          `${ms(median(runs.map((r) => r.limitByTimestampMs)))}, ${ms(median(runs.map((r) => r.latencyMs - r.limitByTimestampMs)))}`,
        ),
      );
    }
  }
  if (sep)
    rows.push(
      detail(
        "     limit",
        `${limitNote}, the block's time being when the bench saw it at the node (polled every ${sep.watchMs} ms); the chain's timestamps are off the wall clock by ${ms(sep.chainClockLeadMs)} (timestamp − seen, median of its blocks) and have whole seconds only`,
      ),
    );
  const v = sep?.idle.visible;
  rows.push({
    metric: `   idle, tab visible (${v ? v.windowMs / 1000 : "—"} s window)`,
    ours: v ? `${num(v.perMinute, 1)} msg/min` : "—",
    bare: "",
    ratio: "",
    target: `≤ ${TARGETS.sepoliaIdlePerMinute}/min, ≤ 1 snapshot/block: ${t(`12-s blocks: idle ≤ one snapshot per new block (≤ ${TARGETS.sepoliaIdlePerMinute} msg/min)`)}`,
  });
  if (v) {
    rows.push(detail("     snapshot reads / new blocks", `${v.snapshotReads} / ${v.newBlocks}`));
    if (v.readsAfterBlock)
      rows.push(
        detail(
          "     reads (block: ms after the bench saw it)",
          v.readsAfterBlock.map((r) => `${r.block}: ${Math.round(r.afterMs)}`).join(", "),
        ),
      );
    rows.push(detail("     by method", methods(v.byMethod)));
    rows.push(
      detail(
        "     at the provider, through the gateway",
        `${num(v.provider.perMinute, 1)} msg/min (${methods(v.provider.byMethod) || "none"})`,
      ),
    );
  }
  const h = sep?.idle.hidden;
  rows.push({
    metric: `   idle, tab hidden (${h ? h.windowMs / 1000 : "—"} s window)`,
    ours: h ? `${h.messages} msg` : "—",
    bare: "",
    ratio: "",
    target: `= 0: ${t("12-s blocks: no JSON-RPC while the tab is hidden")}`,
  });
  if (h && sep) {
    rows.push(
      detail(
        "     hidden by",
        `${h.how}; visibilityState ${h.visibilityState}; events ${h.visibilityEvents.join(" → ") || "none"}`,
      ),
    );
    rows.push(detail("     by method", methods(h.byMethod)));
    rows.push(
      detail(
        "     within 3 s of coming back",
        `${sep.idle.onReturn.messages} msg (${methods(sep.idle.onReturn.byMethod) || "none"})`,
      ),
    );
  }
  return rows;
}
