import { forwardTcp, type TcpEndpoint } from "./forwardTcp";

// `node --import tsx scripts/lib/netns/tcpForwardProcess.ts 127.0.0.1:8685=10.77.0.1:8685 …`, run inside
// a test host's namespace: forwards each listed port, prints "forwarding" once all listen, and exits on
// SIGTERM or when its parent's pipe closes.
const endpoint = (text: string): TcpEndpoint => {
  const at = text.lastIndexOf(":");
  return { host: text.slice(0, at), port: Number(text.slice(at + 1)) };
};
await Promise.all(
  process.argv.slice(2).map((pair) => {
    const [from = "", to = ""] = pair.split("=");
    return forwardTcp(endpoint(from), endpoint(to));
  }),
);
process.stdout.write("forwarding\n");
process.on("SIGTERM", () => process.exit(0));
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
