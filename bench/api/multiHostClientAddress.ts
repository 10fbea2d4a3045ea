/** The rush's client groups (honest runs, replays, junk, the hammering client), by address prefix. */
const GROUPS = [10, 20, 30, 40, 50, 60, 66, 77, 99];

/**
 * The source address of client n of group `prefix` in the multi-host runs: 10.77.128.0/17, which the
 * test network routes to this machine (its clientRange), so nginx on its own host sees each client as a
 * distinct address and can answer it. Up to 2,000 clients per group.
 */
export function multiHostClientAddress(prefix: number, n: number): string {
  const slot = GROUPS.indexOf(prefix);
  if (slot < 0) throw new Error(`no multi-host client addresses for group ${prefix}`);
  return `10.77.${128 + slot * 8 + (Math.floor(n / 250) % 8)}.${(n % 250) + 1}`;
}
