/**
 * How long the web app waits for any answer of its own API (sign-in, launchpad, price) before it says
 * the service is unreachable. Above nginx's slowest answer (deploy/nginx/poo-finance.conf: two tries of
 * connect 1 s + read 3 s = 8 s), so the app always gets nginx's answer (the other instance's, or a 504)
 * rather than giving up first; docs/operations.md "Timeouts" lists every number in one place.
 */
export const API_REQUEST_TIMEOUT_MS = 10_000;
