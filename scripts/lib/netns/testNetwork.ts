import { execFileSync } from "node:child_process";

/** One test host: a network namespace with one address on the test network's bridge. */
export interface TestHost {
  /** The namespace's name (`ip netns exec <netns> …`). */
  readonly netns: string;
  /** Its address on the bridge, e.g. 10.77.0.11. */
  readonly address: string;
  /** The host side of its veth pair, on the bridge: setting it down cuts the host off. */
  readonly link: string;
}

export interface TestNetwork {
  /** The bridge's address in the root namespace (where the test, the browser and the chain run). */
  readonly gateway: string;
  readonly hosts: Readonly<Record<string, TestHost>>;
  /** Cuts a host off the network (its link down): packets to and from it vanish, nothing is reset. */
  cut(host: string): void;
  /** Brings its link back up. */
  restore(host: string): void;
  /** Kills what still runs in its namespaces, removes them, the bridge and the routes. */
  remove(): void;
}

export interface TestNetworkOptions {
  /** Prefix of every name this network makes ("poo-mh"): namespaces, links, bridge. At most 8 characters. */
  readonly prefix: string;
  /** The first three octets of its /24 ("10.77.0"): the bridge is .1, hosts .10 upward. */
  readonly subnet: string;
  /** Host names ("nginx", "a", …), at most 6 characters each; host i gets address .(10 + i). */
  readonly hosts: readonly string[];
  /** The whole range set aside for test networks, blackholed while they exist. */
  readonly range?: string;
  /**
   * A range of addresses the root namespace may send from (a `local` route: any address in it is this
   * machine's), e.g. many simulated clients of a benchmark; the hosts reach it through the bridge.
   */
  readonly clientRange?: string;
  readonly log?: (message: string) => void;
}

const ip = (...args: string[]): string => execFileSync("ip", args, { encoding: "utf8", stdio: "pipe" });
const tryIp = (...args: string[]): void => {
  try {
    ip(...args);
  } catch {
    // already gone
  }
};

/** Everything a network with this prefix left behind (an earlier run that was killed): removed. */
function removeLeftovers(prefix: string): void {
  const mine = (name: string) => name === prefix || name.startsWith(`${prefix}-`);
  for (const line of ip("netns", "list").split("\n")) {
    const name = line.split(" ")[0] ?? "";
    if (!mine(name)) continue;
    for (const pid of ip("netns", "pids", name).split("\n").filter(Boolean)) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // exited meanwhile
      }
    }
    tryIp("netns", "del", name);
  }
  for (const line of ip("-o", "link", "show").split("\n")) {
    const name = /^\d+: ([^:@]+)/.exec(line)?.[1];
    if (name && mine(name)) tryIp("link", "del", name);
  }
}

/**
 * A private network of test hosts on this machine, made of Linux network namespaces: a bridge in the
 * root namespace (`<prefix>-br`, address <subnet>.1) and one namespace per host (`<prefix>-<host>`),
 * each joined to the bridge by a veth pair and with its own address, its default route via the bridge.
 * Needs root. Only names with `prefix` are touched: leftovers of an earlier run with the same prefix
 * are removed first. Before anything else, the whole `range` gets a blackhole route, so that a half-made
 * network can never send a packet for those addresses out of the machine; the specific routes of the
 * bridge win over it once they exist.
 */
export function createTestNetwork(options: TestNetworkOptions): TestNetwork {
  const { prefix, subnet, log = () => undefined } = options;
  const range = options.range ?? "10.77.0.0/16";
  if (prefix.length > 8) throw new Error(`test network prefix "${prefix}" is longer than 8 characters`);
  removeLeftovers(prefix);
  let addedBlackhole = false;
  if (!ip("route", "show", "type", "blackhole").includes(range)) {
    ip("route", "add", "blackhole", range);
    addedBlackhole = true;
  }
  const bridge = `${prefix}-br`;
  const hosts: Record<string, TestHost> = {};
  const remove = () => {
    for (const host of Object.values(hosts)) {
      for (const pid of (() => {
        try {
          return ip("netns", "pids", host.netns).split("\n").filter(Boolean);
        } catch {
          return [];
        }
      })()) {
        try {
          process.kill(Number(pid), "SIGKILL");
        } catch {
          // exited meanwhile
        }
      }
      tryIp("netns", "del", host.netns);
      tryIp("link", "del", host.link);
    }
    tryIp("link", "del", bridge);
    if (options.clientRange) tryIp("route", "del", "local", options.clientRange, "dev", "lo");
    if (addedBlackhole) tryIp("route", "del", "blackhole", range);
  };
  try {
    ip("link", "add", bridge, "type", "bridge");
    ip("addr", "add", `${subnet}.1/24`, "dev", bridge);
    ip("link", "set", bridge, "up");
    options.hosts.forEach((name, index) => {
      if (name.length > 6) throw new Error(`test host name "${name}" is longer than 6 characters`);
      const host: TestHost = {
        netns: `${prefix}-${name}`,
        address: `${subnet}.${10 + index}`,
        link: `${prefix}-${name}`,
      };
      hosts[name] = host;
      const peer = `${prefix}-${name}p`.slice(0, 15);
      ip("netns", "add", host.netns);
      ip("link", "add", host.link, "type", "veth", "peer", "name", peer);
      ip("link", "set", peer, "netns", host.netns);
      ip("link", "set", host.link, "master", bridge);
      ip("link", "set", host.link, "up");
      ip("-n", host.netns, "link", "set", "lo", "up");
      ip("-n", host.netns, "link", "set", peer, "name", "eth0");
      ip("-n", host.netns, "addr", "add", `${host.address}/24`, "dev", "eth0");
      ip("-n", host.netns, "link", "set", "eth0", "up");
      ip("-n", host.netns, "route", "add", "default", "via", `${subnet}.1`);
    });
    if (options.clientRange) ip("route", "add", "local", options.clientRange, "dev", "lo");
  } catch (error) {
    remove();
    throw error;
  }
  log(
    `test network ${subnet}.0/24 on ${bridge}: ${Object.entries(hosts)
      .map(([name, host]) => `${name} ${host.address}`)
      .join(", ")}`,
  );
  const hostNamed = (name: string): TestHost => {
    const host = hosts[name];
    if (!host) throw new Error(`no test host "${name}"`);
    return host;
  };
  return {
    gateway: `${subnet}.1`,
    hosts,
    cut: (name) => void ip("link", "set", hostNamed(name).link, "down"),
    restore: (name) => void ip("link", "set", hostNamed(name).link, "up"),
    remove,
  };
}
