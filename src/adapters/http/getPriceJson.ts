import { PriceUnavailableError } from "../../domain/errors/priceUnavailableError";
import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";

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
  let response: Response;
  try {
    response = await fetchFn(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw new RequestTimeoutError({ cause: error, timeoutMs });
    }
    throw new PriceUnavailableError({ cause: error, details: "the price service could not be reached" });
  }
  if (!response.ok) {
    throw new PriceUnavailableError({ details: `${service} answered HTTP ${response.status}` });
  }
  return response.json().catch(() => undefined);
}
