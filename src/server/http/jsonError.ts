import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Every refusal has the same shape: `{ "error": "<one sentence for the user>" }`. */
export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  headers?: Record<string, string>,
): Response {
  return c.json({ error }, status, headers);
}
