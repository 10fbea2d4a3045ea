import type { Context } from "hono";
import type { z } from "zod";
import { jsonError } from "./jsonError";

export type BodyResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Reads and validates a JSON body: 415 unless it is sent as application/json (which also keeps
 * plain HTML forms out), 400 "Malformed JSON body." when it does not parse, 400 naming each
 * invalid field otherwise.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<BodyResult<z.output<Schema>>> {
  const mediaType = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") {
    return { ok: false, response: jsonError(c, 415, "Content-Type must be application/json.") };
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch (error) {
    // The body-limit middleware signals an oversize body by throwing from the read; let it through.
    if (!(error instanceof SyntaxError)) throw error;
    return { ok: false, response: jsonError(c, 400, "Malformed JSON body.") };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
    );
    const message = [...new Set(messages)].join(" ");
    return { ok: false, response: jsonError(c, 400, message) };
  }
  return { ok: true, data: parsed.data };
}
