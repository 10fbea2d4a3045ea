import type { DatabaseCount } from "./databaseChecks";
import type { Role, Route, RushResult, Sample } from "./rush";

export type RunSummary = {
  name: string;
  wallets: number;
  result: RushResult;
  database: DatabaseCount;
  rpcCalls: number;
  failovers: number;
  note?: string;
};

/** Nearest-rank percentile of the values, in ms with one decimal; null for none. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[rank] ?? 0) * 10) / 10;
}

function statuses(samples: Sample[], role: Role, route?: Route): string {
  const counts = new Map<number, number>();
  for (const sample of samples) {
    if (sample.role !== role || (route && sample.route !== route)) continue;
    counts.set(sample.status, (counts.get(sample.status) ?? 0) + 1);
  }
  if (counts.size === 0) return "—";
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? "no answer" : status}×${n}`)
    .join(" ");
}

function latency(samples: Sample[], route: Route): string {
  const ms = samples.filter((s) => s.role === "honest" && s.route === route && s.status > 0).map((s) => s.ms);
  return `${percentile(ms, 50) ?? "—"} / ${percentile(ms, 99) ?? "—"}`;
}

/** The comparison table: one column per run. */
export function rushTable(runs: RunSummary[], rpcPerSignIn: { calls: number; signIns: number }): string {
  const rows: Array<[string, (run: RunSummary) => string]> = [
    [
      "wallets (registered / failed)",
      (r) => `${r.wallets} (${r.result.registered.size} / ${r.result.failed})`,
    ],
    ["wall time, s", (r) => (r.result.wallMs / 1000).toFixed(1)],
    ["sign-ins / s", (r) => (r.result.signIns / (r.result.wallMs / 1000)).toFixed(1)],
    ["registrations / s", (r) => (r.result.registered.size / (r.result.wallMs / 1000)).toFixed(1)],
    ["p50 / p99 ms  GET nonce", (r) => latency(r.result.samples, "nonce")],
    ["p50 / p99 ms  POST verify", (r) => latency(r.result.samples, "verify")],
    ["p50 / p99 ms  PUT registration", (r) => latency(r.result.samples, "registration")],
    ["honest answers: nonce", (r) => statuses(r.result.samples, "honest", "nonce")],
    ["honest answers: verify", (r) => statuses(r.result.samples, "honest", "verify")],
    ["honest answers: registration", (r) => statuses(r.result.samples, "honest", "registration")],
    ["client retries / LB failovers", (r) => `${r.result.retries} / ${r.failovers}`],
    ["replayed nonces (verify)", (r) => statuses(r.result.samples, "replay")],
    ["junk bodies", (r) => statuses(r.result.samples, "junk")],
    ["one client hammering", (r) => statuses(r.result.samples, "hammer")],
    [
      "registrations in DB / expected",
      (r) => `${r.database.rows} / ${r.wallets} (missing ${r.database.missing})`,
    ],
    ["duplicate rows", (r) => String(r.database.duplicates)],
    [
      "JSON-RPC calls per registration",
      (r) => (r.rpcCalls / Math.max(1, r.result.registered.size)).toFixed(2),
    ],
  ];
  const width = 34;
  const column = 40;
  const lines = [
    `${"".padEnd(width)}${runs.map((run) => run.name.padEnd(column)).join("")}`,
    ...rows.map(
      ([label, cell]) => `${label.padEnd(width)}${runs.map((run) => cell(run).padEnd(column)).join("")}`,
    ),
    `JSON-RPC calls per sign-in (key-pair wallets, ${rpcPerSignIn.signIns} sign-ins alone): ${(
      rpcPerSignIn.calls / Math.max(1, rpcPerSignIn.signIns)
    ).toFixed(2)} (${rpcPerSignIn.calls} calls)`,
  ];
  for (const run of runs) if (run.note) lines.push(`${run.name}: ${run.note}`);
  return lines.join("\n");
}
