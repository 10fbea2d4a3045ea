import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Hash } from "viem";
import type { TransactionView } from "./readTransaction";
import { renderHomePage, renderMessagePage, renderTransactionPage, type PageContext } from "./renderPages";

export interface LocalExplorerOptions extends PageContext {
  /** Reads and decodes a transaction; undefined when the chain does not know it. */
  readonly lookup: (hash: Hash) => Promise<TransactionView | undefined>;
  /** 0 for any free port. */
  readonly port: number;
  /** Default 127.0.0.1: the explorer is for this machine only. */
  readonly host?: string;
  readonly log?: (message: string) => void;
}

export interface LocalExplorer {
  /** `http://127.0.0.1:<port>`: a transaction is at `<url>/tx/<hash>`. */
  readonly url: string;
  close(): Promise<void>;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  // Nothing but the page's own inline style: no script runs, whatever the chain data says.
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

function send(res: ServerResponse, status: number, body: string, head: boolean): void {
  res.writeHead(status, { ...HEADERS, "content-length": Buffer.byteLength(body) });
  res.end(head ? undefined : body);
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: LocalExplorerOptions,
): Promise<void> {
  const head = req.method === "HEAD";
  if (req.method !== "GET" && !head) {
    res.setHeader("allow", "GET, HEAD");
    send(res, 405, renderMessagePage("Method not allowed", "The explorer only answers GET.", options), head);
    return;
  }
  const url = new URL(req.url ?? "/", "http://explorer.invalid");
  if (url.pathname === "/") {
    send(res, 200, renderHomePage(options), head);
    return;
  }
  if (url.pathname === "/tx") {
    // The look-up form: /tx?hash=0x… -> /tx/0x…
    const hash = (url.searchParams.get("hash") ?? "").trim();
    res.writeHead(303, { location: `/tx/${encodeURIComponent(hash)}` });
    res.end();
    return;
  }
  const match = /^\/tx\/([^/]*)$/.exec(url.pathname);
  if (!match) {
    send(
      res,
      404,
      renderMessagePage("Page not found", `There is no page at ${url.pathname}.`, options),
      head,
    );
    return;
  }
  let raw: string;
  try {
    raw = decodeURIComponent(match[1] ?? "");
  } catch {
    raw = match[1] ?? ""; // malformed %-escapes: shown as they came, and refused below
  }
  if (!HASH.test(raw)) {
    const message = `"${raw}" is not a transaction hash: expected 0x followed by 64 hexadecimal digits.`;
    send(res, 400, renderMessagePage("Not a transaction hash", message, options), head);
    return;
  }
  const hash = raw.toLowerCase() as Hash;
  let view: TransactionView | undefined;
  try {
    view = await options.lookup(hash);
  } catch (error) {
    options.log?.(`explorer: reading ${hash} failed: ${String(error)}`);
    const message = "The local chain did not answer. Is the local stack still running?";
    send(res, 502, renderMessagePage("Chain unavailable", message, options), head);
    return;
  }
  if (!view) {
    const message = `Transaction ${hash} was not found on this chain (local chain ${options.chainId}).`;
    send(res, 404, renderMessagePage("Transaction not found", message, options), head);
    return;
  }
  send(res, 200, renderTransactionPage(view, options), head);
}

/** The explorer's HTTP server: `/tx/<hash>` pages, `/` with a look-up form. */
export async function startLocalExplorer(options: LocalExplorerOptions): Promise<LocalExplorer> {
  const server = createServer((req, res) => {
    handle(req, res, options).catch((error: unknown) => {
      options.log?.(`explorer: ${String(error)}`);
      if (!res.headersSent)
        send(res, 500, renderMessagePage("Error", "Something went wrong.", options), false);
      else res.end();
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
