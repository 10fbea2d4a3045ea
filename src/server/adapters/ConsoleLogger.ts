import type { LogFields, Logger } from "../ports/Logger";

/** One JSON line per message on stdout/stderr, easy to grep and to ship. */
export class ConsoleLogger implements Logger {
  info(message: string, fields?: LogFields): void {
    console.log(line("info", message, fields));
  }

  warn(message: string, fields?: LogFields): void {
    console.warn(line("warn", message, fields));
  }

  error(message: string, fields?: LogFields): void {
    console.error(line("error", message, fields));
  }
}

function line(level: string, message: string, fields: LogFields | undefined): string {
  return JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
}
