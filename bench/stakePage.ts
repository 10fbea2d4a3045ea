import type { Locator, Page } from "@playwright/test";
import { NAMES } from "./config";

/**
 * Drives the stake page (route /) the way a user does, by accessible names only (NAMES in config.ts;
 * bench/README.md lists them). Nothing here reaches into the app's code.
 */

const TIMEOUT_MS = 30_000;

export function connectButton(page: Page): Locator {
  return page.getByRole("button", { name: NAMES.connectButton, exact: true }).first();
}

/** The page's Stake button, enabled: the account's figures are loaded. */
export function enabledStakeButton(page: Page): Locator {
  return page.getByRole("button", { name: NAMES.stakeButton, exact: true, disabled: false });
}

export function enabledUnstakeButton(page: Page): Locator {
  return page.getByRole("button", { name: NAMES.unstakeButton, exact: true, disabled: false });
}

function resultDialog(page: Page): Locator {
  return page
    .getByRole("dialog", { name: NAMES.successDialog, exact: true })
    .or(page.getByRole("alertdialog"));
}

/** "Connect Wallet" -> "Local test wallet" in RainbowKit's modal (wagmi's mock connector on the node's accounts). */
export async function connectLocalWallet(page: Page): Promise<void> {
  await connectButton(page).click({ timeout: TIMEOUT_MS });
  await page.getByRole("button", { name: NAMES.localWallet, exact: true }).click({ timeout: TIMEOUT_MS });
}

/** Waits until the figures are shown: the Stake button turns enabled once the snapshot has loaded. */
export async function waitForFigures(page: Page, timeout = TIMEOUT_MS): Promise<void> {
  await enabledStakeButton(page).waitFor({ state: "visible", timeout });
}

/** Opens the Stake dialog and types the quantity; resolves with the enabled Enter button. */
export async function fillStakeDialog(page: Page, quantity: string): Promise<Locator> {
  await enabledStakeButton(page).click({ timeout: TIMEOUT_MS });
  const dialog = page.getByRole("dialog", { name: NAMES.stakeDialog, exact: true });
  await dialog.getByLabel(NAMES.quantityLabel, { exact: true }).fill(quantity, { timeout: TIMEOUT_MS });
  const enter = dialog.getByRole("button", { name: NAMES.enterButton, exact: true, disabled: false });
  await enter.waitFor({ state: "visible", timeout: TIMEOUT_MS });
  return enter;
}

/**
 * Waits for the flow's result dialog. Resolves if it is "Success" with `message`; throws with the
 * dialog's text otherwise (an Error result, or another message).
 */
export async function expectSuccess(page: Page, message: string, timeout = 60_000): Promise<void> {
  const dialog = resultDialog(page);
  await dialog.first().waitFor({ state: "visible", timeout });
  const text = (await dialog.first().innerText()).replace(/\s+/g, " ").trim();
  if (!text.startsWith(NAMES.successDialog) || !text.includes(message)) {
    throw new Error(`expected "${NAMES.successDialog}: ${message}", the page shows: ${text}`);
  }
}

/** Dismisses the result dialog and waits for it to close. */
export async function dismissResult(page: Page): Promise<void> {
  const dialog = resultDialog(page).first();
  await dialog.getByRole("button", { name: NAMES.dismissButton, exact: true }).click({ timeout: TIMEOUT_MS });
  await dialog.waitFor({ state: "hidden", timeout: TIMEOUT_MS });
}

/**
 * In-page timing of one stake: t0 = the Enter click (capture listener, before React sees it), t1 = the
 * moment a dialog named "Success" is open in the DOM (mutation observer). Nothing polls from Node.
 * Plain JavaScript source: tsx's helpers (__name) do not exist in the page.
 */
const ARM_TIMING_SCRIPT = `(({ enter, success }) => {
  const previous = window.__benchTiming;
  if (previous) {
    previous.observer.disconnect();
    document.removeEventListener("click", previous.onClick, { capture: true });
  }
  const state = { t0: undefined, t1: undefined, w0: undefined, w1: undefined };
  window.__benchTiming = state;
  state.onClick = function (event) {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (state.t0 === undefined && button && button.textContent.trim() === enter) {
      state.t0 = performance.now();
      state.w0 = Date.now();
    }
  };
  document.addEventListener("click", state.onClick, { capture: true });
  function titleOf(element) {
    const label = element.getAttribute("aria-label");
    if (label) return label.trim();
    const ids = (element.getAttribute("aria-labelledby") || "").split(/\\s+/).filter(Boolean);
    return ids.map((id) => (document.getElementById(id) || {}).textContent || "").join(" ").trim();
  }
  state.observer = new MutationObserver(function () {
    if (state.t0 === undefined || state.t1 !== undefined) return;
    for (const element of document.querySelectorAll("dialog[open], [role=dialog]")) {
      if (titleOf(element) === success) {
        state.t1 = performance.now();
        state.w1 = Date.now();
        state.observer.disconnect();
        return;
      }
    }
  });
  state.observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });
})`;

export async function armStakeTiming(page: Page): Promise<void> {
  const args = JSON.stringify({ enter: NAMES.enterButton, success: NAMES.successDialog });
  await page.evaluate(`${ARM_TIMING_SCRIPT}(${args})`);
}

/** Milliseconds from the Enter click to the Success dialog, as measured in the page. */
export async function readStakeTiming(page: Page): Promise<number | undefined> {
  const ms = await page.evaluate(
    "(() => { const s = window.__benchTiming; return s && s.t0 !== undefined && s.t1 !== undefined ? s.t1 - s.t0 : null; })()",
  );
  return typeof ms === "number" ? ms : undefined;
}

/** The last timed stake: its duration (performance.now) and the wall-clock ms of the Enter click (Date.now). */
export async function readStakeTimes(
  page: Page,
): Promise<{ durationMs: number; enterAtMs: number; successAtMs: number } | undefined> {
  const times: unknown = await page.evaluate(
    "(() => { const s = window.__benchTiming; return s && s.t0 !== undefined && s.t1 !== undefined ? { durationMs: s.t1 - s.t0, enterAtMs: s.w0, successAtMs: s.w1 } : null; })()",
  );
  return times && typeof times === "object"
    ? (times as { durationMs: number; enterAtMs: number; successAtMs: number })
    : undefined;
}
