import { isLoopbackAddress } from "./isLoopbackAddress";
import type { ParsedVariables } from "./parseServerConfig";

/**
 * The metrics listener must not share the API's port, and in production one that other machines can
 * reach needs a token: the metrics say how busy the service is, which routes fail and which
 * dependencies are down.
 */
export function metricsProblems(
  values: Pick<ParsedVariables, "NODE_ENV" | "API_PORT" | "METRICS_HOST" | "METRICS_PORT" | "METRICS_TOKEN">,
): string[] {
  if (values.METRICS_PORT === undefined) return [];
  const problems: string[] = [];
  if (values.METRICS_PORT !== 0 && values.METRICS_PORT === values.API_PORT) {
    problems.push(`METRICS_PORT: ${values.METRICS_PORT} is API_PORT; the metrics need a port of their own`);
  }
  if (
    values.NODE_ENV === "production" &&
    values.METRICS_HOST !== undefined &&
    !isLoopbackAddress(values.METRICS_HOST) &&
    values.METRICS_TOKEN === undefined
  ) {
    problems.push(
      `METRICS_TOKEN: required when NODE_ENV is production and METRICS_HOST (${values.METRICS_HOST}) is reachable from other machines (e.g. openssl rand -hex 32; Prometheus sends it as a bearer token)`,
    );
  }
  return problems;
}
