import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { urlSecretParts } from "../model/urlSecretParts";
import { PinoLogger } from "./PinoLogger";

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString("utf8"));
      done();
    },
  });
  const lines = () =>
    chunks
      .join("")
      .split("\n")
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

describe("PinoLogger", () => {
  it("writes one JSON line per event with an ISO time, the level's name and the fields", () => {
    const { stream, lines } = capture();
    const logger = PinoLogger.create({ level: "info", destination: stream });
    logger.info("POO API listening on http://127.0.0.1:8787", { url: "http://127.0.0.1:8787" });
    logger.warn("POO price refresh failed", { reason: "HTTP 429" });
    expect(lines()).toEqual([
      expect.objectContaining({
        level: "info",
        msg: "POO API listening on http://127.0.0.1:8787",
        url: "http://127.0.0.1:8787",
        pid: process.pid,
      }),
      expect.objectContaining({ level: "warn", msg: "POO price refresh failed", reason: "HTTP 429" }),
    ]);
    expect(String(lines()[0]?.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("replaces the values it was told to redact wherever they appear: a provider's key quoted in a reason", () => {
    const { stream, lines } = capture();
    const url = "https://eth-sepolia.g.alchemy.com/v2/Zx3kP9qR7tLmN2vB8cD4fG6hJ1wY5sA0";
    const logger = PinoLogger.create({
      level: "info",
      destination: stream,
      redactValues: urlSecretParts(url),
    });
    logger.warn("Dependency down: chain 11155111", {
      reason: `invalid key for ${url} (Zx3kP9qR7tLmN2vB8cD4fG6hJ1wY5sA0)`,
    });
    expect(lines()[0]).toMatchObject({ reason: "invalid key for [redacted] ([redacted])" });
  });

  it("follows LOG_LEVEL, but a notice is written at any level but silent", () => {
    const { stream, lines } = capture();
    const logger = PinoLogger.create({ level: "error", destination: stream });
    logger.info("hidden");
    logger.warn("hidden too");
    logger.notice("Not a production run");
    logger.error("shown");
    expect(lines().map((line) => [line.level, line.msg])).toEqual([
      ["warn", "Not a production run"],
      ["error", "shown"],
    ]);

    const silent = capture();
    const quiet = PinoLogger.create({ level: "silent", destination: silent.stream });
    quiet.notice("Not a production run");
    quiet.error("nothing");
    expect(silent.lines()).toEqual([]);
  });

  it("redacts fields named after secrets", () => {
    const { stream, lines } = capture();
    PinoLogger.create({ level: "info", destination: stream }).warn("oops", {
      cookie: "poo_session=abc",
      request: { signature: "0xdead" },
      chainId: 1,
    });
    expect(lines()[0]).toMatchObject({
      cookie: "[redacted]",
      request: { signature: "[redacted]" },
      chainId: 1,
    });
  });
});
