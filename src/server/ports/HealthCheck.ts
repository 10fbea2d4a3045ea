/** Something the server needs in order to serve its users: the database, a chain's RPC. */
export interface HealthCheck {
  /** How /api/ready names it, e.g. "database" or "chain 11155111". */
  readonly name: string;
  /** Resolves when it answers as it should; rejects otherwise (NotReadyError says how, in public words). */
  check(): Promise<void>;
}

/**
 * A dependency answers, but not as this server needs (a wrong chain id, an older schema): the message
 * is shown in /api/ready's answer, so it names no address, URL or secret. Any other error is shown as
 * "unavailable" and its message goes to the log only.
 */
export class NotReadyError extends Error {
  override readonly name = "NotReadyError";
}
