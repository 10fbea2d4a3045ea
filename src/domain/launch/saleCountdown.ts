export type SalePhase =
  | { phase: "before"; remainingMs: number }
  | { phase: "running"; elapsedMs: number; remainingMs: number }
  | { phase: "ended"; endedAgoMs: number };

export function salePhase(now: Date, startsAt: Date, endsAt: Date): SalePhase {
  const t = now.getTime();
  if (t < startsAt.getTime()) return { phase: "before", remainingMs: startsAt.getTime() - t };
  if (t < endsAt.getTime())
    return { phase: "running", elapsedMs: t - startsAt.getTime(), remainingMs: endsAt.getTime() - t };
  return { phase: "ended", endedAgoMs: t - endsAt.getTime() };
}

/** "2d 20m 15s", "20m 15s", "45s": days, hours, minutes and seconds, omitting leading and zero units (seconds always shown). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days}d`);
  if (hours > 0) parts.push(`${hours}h`);
  if (minutes > 0) parts.push(`${minutes}m`);
  parts.push(`${seconds}s`);
  return parts.join(" ");
}
