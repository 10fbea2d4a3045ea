import { NotReadyError, type HealthCheck } from "../ports/HealthCheck";

export type HealthCheckOutcome =
  | { ok: true }
  /** `reason`: public words (a NotReadyError's message, else "unavailable"); `detail`: for the log. */
  | { ok: false; reason: string; detail: string };

/** Runs one check, bounded by `timeoutMs`: one that has not answered by then is down. */
export async function runHealthCheck(check: HealthCheck, timeoutMs: number): Promise<HealthCheckOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NotReadyError(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check.check(), timeout]);
    return { ok: true };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: error instanceof NotReadyError ? detail : "unavailable", detail };
  } finally {
    clearTimeout(timer);
  }
}
