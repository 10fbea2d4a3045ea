import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { timeout } from "hono/timeout";

/** What a user reads when the instance could not finish in time; the app shows it as it is. */
export const ANSWER_DEADLINE_MESSAGE = "The service is slow to answer right now. Please try again in a moment.";

/** Thrown (by hono/timeout) when a request's work is not done within its deadline; createApi answers 503. */
export class AnswerDeadlineExceeded extends HTTPException {
  constructor(readonly deadlineMs: number) {
    super(503, { message: ANSWER_DEADLINE_MESSAGE });
  }
}

/**
 * Answers within `deadlineMs` whatever the route waits on (answerBudget.ts says why). The work itself
 * is not cancelled: each wait has its own bound below the deadline, so this only catches their sum.
 */
export function answerDeadline(deadlineMs: number): MiddlewareHandler {
  return timeout(deadlineMs, () => new AnswerDeadlineExceeded(deadlineMs));
}
