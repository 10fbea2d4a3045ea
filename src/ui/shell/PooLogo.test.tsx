// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import path from "node:path";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PooLogo } from "./PooLogo";

afterEach(cleanup);

const markup = (): string => render(<PooLogo size={36} />).container.innerHTML;

/** The drawing inside <svg>…</svg>, with empty elements written one way. */
function drawing(svg: string): string {
  const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1];
  if (inner === undefined) throw new Error(`no <svg> in ${svg}`);
  return inner.replace(/><\/(circle|path)>/g, "/>").trim();
}

describe("PooLogo", () => {
  it("draws what public/poo-logo.svg (the favicon, the wallets' token image) draws", () => {
    const file = readFileSync(path.resolve("public/poo-logo.svg"), "utf8");
    expect(drawing(markup())).toBe(drawing(file));
  });

  it("is decorative and sized as asked", () => {
    const svg = markup();
    expect(svg).toContain('aria-hidden="true"');
    expect(svg).toContain('width="36" height="36"');
  });
});
