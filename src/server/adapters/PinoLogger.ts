import pino, { type DestinationStream, type Logger as Pino } from "pino";
import type { LogLevel } from "../config/ServerConfig";
import type { LogFields, Logger } from "../ports/Logger";

export type PinoLoggerOptions = {
  level: LogLevel;
  /** Where the JSON lines go; stdout by default (tests pass a stream of their own). */
  destination?: DestinationStream;
  /**
   * Values replaced by "[redacted]" wherever they appear in a line (the chain providers' URL pieces,
   * urlSecretParts): a provider's error repeating its URL or key, passed on by a library in a reason.
   */
  redactValues?: readonly string[];
};

/** `destination` with every one of `values` replaced in each line it is given. */
function redacting(destination: DestinationStream, values: readonly string[]): DestinationStream {
  const secrets = [...new Set(values)]
    .filter((value) => value.length >= 6)
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return destination;
  const flushing = destination as DestinationStream & { flush?: (cb: (error?: Error) => void) => void };
  return {
    write(line: string) {
      let clean = line;
      for (const secret of secrets)
        if (clean.includes(secret)) clean = clean.split(secret).join("[redacted]");
      return destination.write(clean);
    },
    ...(flushing.flush ? { flush: (cb: (error?: Error) => void) => flushing.flush!(cb) } : {}),
  } as DestinationStream;
}

/**
 * Field names that hold secrets wherever they appear, one level deep: a line that carries one by
 * mistake says "[redacted]" instead. Nothing logs them on purpose (the log test checks the values).
 */
const REDACTED_FIELDS = [
  "cookie",
  "authorization",
  "signature",
  "siweMessage",
  "password",
  "sessionSecret",
  "sessionSecrets",
  "apiKey",
  "cmcApiKey",
  "privateKey",
  "databaseUrl",
];

/**
 * The server's log: one JSON line per event (pino), with an ISO time, the level's name and the
 * process's pid and hostname, so lines of several instances can be told apart once shipped.
 */
export class PinoLogger implements Logger {
  private constructor(private readonly pino: Pino) {}

  static create({ level, destination, redactValues = [] }: PinoLoggerOptions): PinoLogger {
    const options = {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label: string) => ({ level: label }) },
      redact: {
        paths: REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]),
        censor: "[redacted]",
      },
    };
    // Written synchronously: lines stay in order and none is lost when the process exits right after
    // (a refused configuration, the end of a shutdown); pino's asynchronous stdout reordered those.
    const target = destination ?? pino.destination({ dest: 1, sync: true });
    return new PinoLogger(pino(options, redacting(target, redactValues)));
  }

  info(message: string, fields?: LogFields): void {
    this.pino.info(fields ?? {}, message);
  }

  warn(message: string, fields?: LogFields): void {
    this.pino.warn(fields ?? {}, message);
  }

  error(message: string, fields?: LogFields): void {
    this.pino.error(fields ?? {}, message);
  }

  /**
   * A warning written at any level but "silent": what an operator must see even with LOG_LEVEL=error
   * (the server is not running in production).
   */
  notice(message: string, fields?: LogFields): void {
    if (this.pino.level === "silent") return;
    const atLeastWarn = ["fatal", "error"].includes(this.pino.level) ? "warn" : this.pino.level;
    this.pino.child({}, { level: atLeastWarn }).warn(fields ?? {}, message);
  }

  /** A reason the process stops (a configuration it refuses). */
  fatal(message: string, fields?: LogFields): void {
    this.pino.fatal(fields ?? {}, message);
  }

  /** Writes what is buffered (before the process exits on its own). */
  flush(): Promise<void> {
    return new Promise((resolve) => this.pino.flush(() => resolve()));
  }
}
