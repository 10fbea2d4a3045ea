import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";
import { renderMessagePage, renderTransactionPage } from "./renderPages";
import { SAMPLE_HASH, sampleStakeView } from "./sampleView";
import { ALICE } from "./testDeployment";

const context = { chainId: 31337, appUrl: "http://127.0.0.1:5173" };

/** The page's text without tags, whitespace folded: what a reader sees. */
function text(page: string): string {
  return page
    .replace(/<style>[\s\S]*?<\/style>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("renderTransactionPage", () => {
  const page = renderTransactionPage(sampleStakeView, context);

  it("shows the summary: hash, status, block and time, from, named to, value, gas and fee", () => {
    const shown = text(page);
    expect(shown).toContain(`Hash ${SAMPLE_HASH}`);
    expect(shown).toContain("Status Success");
    expect(shown).toContain("Block 42");
    expect(shown).toContain("Time 2025-11-24 16:00:00 UTC");
    expect(shown).toContain(`From ${ALICE}`);
    expect(shown).toContain("To Staking 0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0");
    expect(shown).toContain("Value 0 ETH");
    expect(shown).toContain("Gas used 98,765 of 120,000");
    expect(shown).toContain("Gas price 1.875 gwei");
    expect(shown).toContain("Fee 0.000185184375 ETH");
    expect(page).toContain('<a href="http://127.0.0.1:5173">Back to the POO Finance app</a>');
  });

  it("shows the call and every event decoded, amounts in tokens", () => {
    const shown = text(page);
    expect(shown).toContain("Staking.stake");
    expect(shown).toMatch(/amount uint256 150 POO \(150000000000000000000 base units\)/);
    expect(shown).toContain("Events (2)");
    expect(shown).toMatch(/Transfer Emitted by POO 0x5FbDB2315678afecb367f032d93F642f64180aa3 \(log 0\)/);
    expect(shown).toMatch(/to address Staking 0x9fE4.*value uint256 150 POO/);
    expect(shown).toMatch(/Staked Emitted by Staking .*amount uint256 150 POO .*totalStake uint256 150 POO/);
    expect(shown).not.toContain("Revert reason");
  });

  it("shows a reverted transaction's reason, and unknown logs raw", () => {
    const reverted = renderTransactionPage(
      {
        ...sampleStakeView,
        status: "reverted",
        revertReason: "Pool is paused",
        logs: [
          { index: 0, address: ALICE, contract: undefined, event: undefined, topics: ["0x01"], data: "0x02" },
        ],
      },
      context,
    );
    const shown = text(reverted);
    expect(shown).toContain("Status Reverted");
    expect(shown).toContain("Revert reason Pool is paused");
    expect(shown).toContain("Unknown log");
    expect(shown).toContain("topic 0 0x01 data 0x02");
  });

  it("says when a transaction is still pending", () => {
    const shown = text(
      renderTransactionPage(
        {
          ...sampleStakeView,
          status: "pending",
          block: undefined,
          gasUsed: undefined,
          fee: undefined,
          logs: [],
        },
        context,
      ),
    );
    expect(shown).toContain("Status Pending (not mined yet)");
    expect(shown).toContain("Block not mined yet");
    expect(shown).toContain("None yet: the transaction is not mined.");
  });

  it("escapes chain data: a revert reason or a decoded string cannot become markup", () => {
    const attack = `<script>alert(1)</script><img src=x onerror="alert(2)">`;
    const page = renderTransactionPage(
      {
        ...sampleStakeView,
        status: "reverted",
        revertReason: attack,
        call: {
          kind: "function",
          contract: "POO",
          functionName: "note",
          args: [{ name: `"><b>x</b>`, type: "string", value: { kind: "text", text: attack } }],
        },
      },
      context,
    );
    expect(page).not.toContain("<script>");
    expect(page).not.toContain("<img");
    expect(page).not.toContain("<b>x</b>");
    expect(page).toContain(escapeHtml(attack));
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("escapeHtml and message pages", () => {
  it("escapes the five HTML-special characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  it("a message page escapes its message and offers a keyboard-usable look-up form", () => {
    const page = renderMessagePage(
      "Not a transaction hash",
      `"<svg onload=alert(1)>" is not a hash`,
      context,
    );
    expect(page).not.toContain("<svg");
    expect(page).toContain('<label for="hash">Transaction hash</label>');
    expect(page).toContain('<button type="submit">Look up</button>');
  });

  it("has no link back when the stack runs without the app", () => {
    expect(renderMessagePage("x", "y", { chainId: 31337, appUrl: undefined })).not.toContain("Back to the");
  });
});
