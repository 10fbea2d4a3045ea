/**
 * How long an instance may take to answer, and what it may wait on meanwhile. nginx gives an instance
 * 3 s (deploy/nginx/poo-finance.conf, proxy_read_timeout) before it takes it for gone: a GET moves to
 * the other instance, a POST gets 504, and either way the instance leaves rotation for 5 s. An
 * instance that waited on a slow provider or database past that would leave rotation for everyone's
 * requests, and one slow provider would drain every instance in turn. So an instance answers within
 * ANSWER_DEADLINE_MS (503 with Retry-After when its work is not done), and no single wait outside it
 * (database, chain RPC, price API) is allowed to reach that. docs/operations.md "Timeouts" lists them;
 * answerBudget.test.ts reads the nginx file and fails when they disagree.
 */
export const ANSWER_DEADLINE_MS = 2_500;

/** One call to a chain RPC or the price API: given up after this, well inside the answer deadline. */
export const OUTSIDE_CALL_TIMEOUT_MS = 2_000;

/** Once node-postgres has sent a statement, it waits this much longer than statement_timeout for a silent server. */
export const DATABASE_SILENCE_MARGIN_MS = 500;
