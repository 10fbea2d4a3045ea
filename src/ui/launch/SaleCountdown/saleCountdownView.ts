import { formatCountdown, salePhase } from "../../../domain/launch/saleCountdown";

export interface SaleCountdownView {
  readonly label: "Sale Starts In" | "Sale started" | "Sale ended";
  /** The ticking figure; absent once the sale has ended. */
  readonly value?: string;
}

/** "Sale Starts In 20m 15s" before the start, "Sale started 3m 2s ago" while it runs, then "Sale ended". */
export function saleCountdownView(nowMs: number, startsAt: string, endsAt: string): SaleCountdownView {
  const phase = salePhase(new Date(nowMs), new Date(startsAt), new Date(endsAt));
  switch (phase.phase) {
    case "before":
      return { label: "Sale Starts In", value: formatCountdown(phase.remainingMs) };
    case "running":
      return { label: "Sale started", value: `${formatCountdown(phase.elapsedMs)} ago` };
    case "ended":
      return { label: "Sale ended" };
  }
}
