import type { RequestIdVariables } from "hono/request-id";
import type { Session } from "../model/Session";

/**
 * Hono environment of the API: routes behind requireSession find the session here, and every
 * request its id (X-Request-Id, shown in the request's log line).
 */
export type ApiEnv = { Variables: { session: Session } & RequestIdVariables };
