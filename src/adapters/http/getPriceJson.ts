import { PriceUnavailableError } from "../../domain/errors/priceUnavailableError";
import { fetchWithTimeout } from "./fetchWithTimeout";

/**
 * GETs `url` from the project's price API and returns its JSON body (undefined when the body is not
 * JSON; the caller validates it). A timeout is a RequestTimeoutError; no answer or an HTTP error is a
 * PriceUnavailableError naming `service` ("the price service answered HTTP 503").
 */
export async function getPriceJson(
  fetchFn: typeof fetch,
  url: string,
  timeoutMs: number,
  service: string,
): Promise<unknown> {
  const response = await fetchWithTimeout(
    fetchFn,
    url,
    { headers: { accept: "application/json" } },
    timeoutMs,
    (cause) => new PriceUnavailableError({ cause, details: "the price service could not be reached" }),
  );
  if (!response.ok) {
    throw new PriceUnavailableError({ details: `${service} answered HTTP ${response.status}` });
  }
  return response.json().catch(() => undefined);
}
