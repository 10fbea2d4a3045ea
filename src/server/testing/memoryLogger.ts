import type { LogFields, Logger } from "../ports/Logger";

export type LoggedLine = {
  level: "info" | "warn" | "error";
  message: string;
  fields?: LogFields | undefined;
};

/** A logger that keeps lines in memory so tests stay quiet and can inspect them. */
export function memoryLogger(): Logger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  return {
    lines,
    info: (message, fields) => lines.push({ level: "info", message, fields }),
    warn: (message, fields) => lines.push({ level: "warn", message, fields }),
    error: (message, fields) => lines.push({ level: "error", message, fields }),
  };
}
