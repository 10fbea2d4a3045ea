/** A use case's refusal, with the HTTP status the route answers and a message for the client. */
export type Failure = { ok: false; status: 400 | 401 | 403 | 404 | 429 | 503; error: string };

export function fail(status: Failure["status"], error: string): Failure {
  return { ok: false, status, error };
}
