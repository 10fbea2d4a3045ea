export type LogFields = Record<string, unknown>;

/** Where the server writes operational messages. */
export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}
