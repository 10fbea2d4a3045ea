import type { GatewayResults, GatewayScenario } from "./gatewayTabs";

const perBlock = (n: number | undefined): string => (n === undefined ? "—" : n.toFixed(1));

/** The rpc-gateway phase as lines of a small table: each number of tabs, read straight and through the gateway. */
export function gatewayTableLines(results: GatewayResults): string[] {
  const find = (tabs: number, accounts: GatewayScenario["accounts"], path: GatewayScenario["path"]) =>
    results.scenarios.find((s) => s.tabs === tabs && s.accounts === accounts && s.path === path);
  const rows: string[][] = [
    [
      "tabs",
      "accounts",
      "direct msg/block",
      "gateway msg/block",
      "gateway/direct",
      "gateway's by method",
      "tab reads/block",
    ],
  ];
  const seen = new Set<string>();
  for (const { tabs, accounts } of results.scenarios) {
    const key = `${tabs}:${accounts}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const direct = find(tabs, accounts, "direct");
    const gateway = find(tabs, accounts, "gateway");
    const ratio =
      direct && gateway && direct.providerMessagesPerBlock > 0
        ? `${(gateway.providerMessagesPerBlock / direct.providerMessagesPerBlock).toFixed(3)}×`
        : "—";
    rows.push([
      tabs.toLocaleString("en-US"),
      accounts === "one" ? "one" : "one each",
      perBlock(direct?.providerMessagesPerBlock),
      perBlock(gateway?.providerMessagesPerBlock),
      ratio,
      gateway
        ? Object.entries(gateway.byMethodPerBlock)
            .sort((a, b) => b[1] - a[1])
            .map(([method, n]) => `${method} ${n.toFixed(1)}`)
            .join(", ")
        : "—",
      `${perBlock(direct?.tabReadsPerBlock)} / ${perBlock(gateway?.tabReadsPerBlock)}`,
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => (column === 5 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  "),
  );
  const failed = results.scenarios.reduce((sum, s) => sum + s.failedReads, 0);
  const serverOwn = Math.max(...results.scenarios.map((s) => s.serverOwnPerBlock));
  lines.push(
    `tab reads/block: direct / gateway (each tab about one); failed reads in the windows: ${failed}; blocks per row: ${results.scenarios.map((s) => s.blocks).join(", ")}`,
    `not counted: the API's own eth_chainId (its dependency check every 15 s), at most ${serverOwn.toFixed(1)} per block in any row`,
  );
  return lines;
}
