import type { Session } from "../model/Session";

/** Hono environment of the API: routes behind requireSession find the session here. */
export type ApiEnv = { Variables: { session: Session } };
