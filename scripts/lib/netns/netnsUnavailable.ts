import { execFileSync } from "node:child_process";
import { userInfo } from "node:os";

/**
 * Why this machine cannot make test hosts as Linux network namespaces (one line), or undefined when it
 * can: it needs root (as CI runs) and iproute2's `ip` with netns support.
 */
export function netnsUnavailable(): string | undefined {
  if (process.platform !== "linux") return `network namespaces need Linux, this is ${process.platform}`;
  if (userInfo().uid !== 0) return "network namespaces need root (CI runs as root; run the test as root)";
  try {
    execFileSync("ip", ["netns", "list"], { stdio: "pipe" });
  } catch (error) {
    const text = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return `iproute2's \`ip netns\` does not work here (apt-get install -y iproute2): ${text}`;
  }
  return undefined;
}
