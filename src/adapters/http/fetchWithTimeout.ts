import { RequestTimeoutError } from "../../domain/errors/requestTimeoutError";

/**
 * `fetchFn(url, init)` given up after `timeoutMs`: a timeout is a RequestTimeoutError; any other
 * failure to get an answer is what `unreachable` makes of it (each service names its own error).
 */
export async function fetchWithTimeout(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  unreachable: (cause: unknown) => Error,
): Promise<Response> {
  try {
    return await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw new RequestTimeoutError({ cause: error, timeoutMs });
    }
    throw unreachable(error);
  }
}
