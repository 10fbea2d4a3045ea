import { formatEther, formatGwei } from "viem";
import type { DecodedCall, DecodedLog } from "./decode";
import { html, type SafeHtml } from "./html";
import type { NamedAddress, TransactionView } from "./readTransaction";
import { groupThousands, type ShownArg, type ShownValue } from "./shownArgs";

export interface PageContext {
  readonly chainId: number;
  /** The web app, for the link back; none when the stack runs without it. */
  readonly appUrl: string | undefined;
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0 auto; max-width: 60rem; padding: 1rem 1.25rem 3rem; }
  header { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; justify-content: space-between; }
  h1 { font-size: 1.5rem; margin: 1rem 0 0.5rem; }
  h2 { font-size: 1.15rem; margin: 1.75rem 0 0.5rem; }
  h3 { font-size: 1rem; margin: 0 0 0.25rem; }
  code { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
  dl.summary { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1.25rem; margin: 0; }
  dt { font-weight: 600; }
  dd { margin: 0; min-width: 0; }
  table { border-collapse: collapse; width: 100%; margin: 0.25rem 0 0.5rem; }
  th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.6rem; border-bottom: 1px solid #8884; }
  th { font-weight: 600; }
  .raw { opacity: 0.75; font-size: 0.875em; }
  .status-success { color: #137333; font-weight: 700; }
  .status-reverted { color: #c5221f; font-weight: 700; }
  .status-pending { color: #a05a00; font-weight: 700; }
  @media (prefers-color-scheme: dark) {
    .status-success { color: #81c995; } .status-reverted { color: #f28b82; } .status-pending { color: #fdd663; }
  }
  ol.logs { padding-left: 1.25rem; }
  ol.logs > li { margin-bottom: 1rem; }
  a:focus-visible, input:focus-visible, button:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
  form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.75rem 0; }
  input { font: inherit; min-width: min(100%, 36rem); padding: 0.3rem 0.5rem; }
  button { font: inherit; padding: 0.3rem 0.9rem; }
`;

function lookupForm(): SafeHtml {
  return html`<form action="/tx" method="get" role="search">
    <label for="hash">Transaction hash</label>
    <input
      id="hash"
      name="hash"
      required
      pattern="0x[0-9a-fA-F]{64}"
      placeholder="0x…"
      autocomplete="off"
      spellcheck="false"
    />
    <button type="submit">Look up</button>
  </form>`;
}

function layout(title: string, context: PageContext, main: SafeHtml): string {
  const back = context.appUrl
    ? html`<a href="${context.appUrl}">Back to the POO Finance app</a>`
    : html`<span></span>`;
  return `<!doctype html>\n${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${title} · POO local explorer</title>
      <style>
        ${STYLE}
      </style>
    </head>
    <body>
      <header>
        <p><strong>POO local explorer</strong> · local chain ${context.chainId}</p>
        <nav aria-label="Explorer">${back}</nav>
      </header>
      <main>${main}</main>
    </body>
  </html> `}`;
}

function shownAddress({ address, name }: NamedAddress): SafeHtml {
  return name ? html`<strong>${name}</strong> <code>${address}</code>` : html`<code>${address}</code>`;
}

function shownValue(value: ShownValue): SafeHtml {
  switch (value.kind) {
    case "address":
      return shownAddress(value);
    case "amount":
      return html`${value.text} <span class="raw">(${value.raw} base units)</span>`;
    case "text":
      return html`<code>${value.text}</code>`;
  }
}

function argsTable(caption: string, args: readonly ShownArg[]): SafeHtml {
  if (args.length === 0) return html`<p>No arguments.</p>`;
  return html`<table>
    <caption class="raw">
      ${caption}
    </caption>
    <thead>
      <tr>
        <th scope="col">Name</th>
        <th scope="col">Type</th>
        <th scope="col">Value</th>
      </tr>
    </thead>
    <tbody>
      ${args.map(
        (arg) =>
          html`<tr>
            <th scope="row">${arg.name}</th>
            <td><code>${arg.type}</code></td>
            <td>${shownValue(arg.value)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function callSection(call: DecodedCall, view: TransactionView): SafeHtml {
  switch (call.kind) {
    case "creation":
      return html`<p>
        Contract creation${view.createdContract ? html`: <code>${view.createdContract}</code>` : ""}.
      </p>`;
    case "plain transfer":
      return html`<p>A plain ETH transfer (no input data).</p>`;
    case "function":
      return html`<p><strong>${call.contract}.${call.functionName}</strong></p>
        ${argsTable(`Arguments of ${call.functionName}`, call.args)}`;
    case "raw":
      return html`<p>Not decoded with the project's ABIs (selector <code>${call.selector}</code>).</p>
        <p>Input data: <code>${call.data}</code></p>`;
  }
}

function logItem(log: DecodedLog): SafeHtml {
  const emitter = shownAddress({ address: log.address, name: log.contract });
  if (log.event) {
    return html`<li>
      <h3>${log.event.name}</h3>
      <p>Emitted by ${emitter} (log ${log.index})</p>
      ${argsTable(`Arguments of ${log.event.name}`, log.event.args)}
    </li>`;
  }
  return html`<li>
    <h3>Unknown log</h3>
    <p>Emitted by ${emitter} (log ${log.index}); not decoded with the project's ABIs.</p>
    <table>
      <tbody>
        ${log.topics.map(
          (topic, i) =>
            html`<tr>
              <th scope="row">topic ${i}</th>
              <td><code>${topic}</code></td>
            </tr>`,
        )}
        <tr>
          <th scope="row">data</th>
          <td><code>${log.data}</code></td>
        </tr>
      </tbody>
    </table>
  </li>`;
}

const STATUS_TEXT: Record<TransactionView["status"], string> = {
  success: "Success",
  reverted: "Reverted",
  pending: "Pending (not mined yet)",
};

function eth(wei: bigint): string {
  return `${groupThousands(formatEther(wei))} ETH`;
}

/** The transaction page: summary, the decoded call, the revert reason if any, every log. */
export function renderTransactionPage(view: TransactionView, context: PageContext): string {
  const time = view.block ? new Date(Number(view.block.timestamp) * 1000).toISOString() : undefined;
  const summary = html`<dl class="summary">
    <dt>Hash</dt>
    <dd><code>${view.hash}</code></dd>
    <dt>Status</dt>
    <dd><span class="status-${view.status}">${STATUS_TEXT[view.status]}</span></dd>
    <dt>Block</dt>
    <dd>${view.block ? view.block.number : "not mined yet"}</dd>
    <dt>Time</dt>
    <dd>
      ${time ? html`<time datetime="${time}">${time.replace("T", " ").replace(/\.000Z$/, " UTC")}</time>` : "—"}
    </dd>
    <dt>From</dt>
    <dd>${shownAddress(view.from)}</dd>
    <dt>To</dt>
    <dd>${view.to ? shownAddress(view.to) : "(contract creation)"}</dd>
    <dt>Value</dt>
    <dd>${eth(view.value)}</dd>
    <dt>Nonce</dt>
    <dd>${view.nonce}</dd>
    <dt>Gas used</dt>
    <dd>
      ${view.gasUsed === undefined ? "—" : html`${groupThousands(view.gasUsed.toString())} of ${groupThousands(view.gasLimit.toString())}`}
    </dd>
    <dt>Gas price</dt>
    <dd>${view.gasPrice === undefined ? "—" : `${formatGwei(view.gasPrice)} gwei`}</dd>
    <dt>Fee</dt>
    <dd>${view.fee === undefined ? "—" : eth(view.fee)}</dd>
  </dl>`;
  const revert =
    view.status === "reverted"
      ? html`<h2>Revert reason</h2>
          <p>${view.revertReason ?? "Unknown (the contract gave no reason the project's ABIs can read)."}</p>`
      : html``;
  const main = html`<h1>Transaction</h1>
    ${summary}
    <h2>Call</h2>
    ${callSection(view.call, view)} ${revert}
    <h2>Events (${view.logs.length})</h2>
    ${
      view.logs.length === 0
        ? html`<p>${view.status === "pending" ? "None yet: the transaction is not mined." : "No events."}</p>`
        : html`<ol class="logs">
            ${view.logs.map(logItem)}
          </ol>`
    }`;
  return layout(`Transaction ${view.hash.slice(0, 10)}…`, context, main);
}

/** A page that says one thing (bad hash, not found, chain unreachable) and offers another look-up. */
export function renderMessagePage(title: string, message: string, context: PageContext): string {
  return layout(
    title,
    context,
    html`<h1>${title}</h1>
      <p>${message}</p>
      ${lookupForm()}`,
  );
}

/** `/`: what the explorer is and a look-up form. */
export function renderHomePage(context: PageContext): string {
  return layout(
    "Look up a transaction",
    context,
    html`<h1>Look up a transaction</h1>
      <p>Transactions of the local chain, decoded with the POO Finance contracts' ABIs.</p>
      ${lookupForm()}`,
  );
}
