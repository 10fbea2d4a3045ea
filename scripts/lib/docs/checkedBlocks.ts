import { readFileSync } from "node:fs";
import path from "node:path";

/** docs/operations.md: the page whose commands the tests run. */
export const OPERATIONS_DOC = path.resolve(import.meta.dirname, "../../../docs/operations.md");

/** A fenced block of a document marked for the tests: ```sh checked:<name> */
export interface CheckedBlock {
  readonly name: string;
  /** The fence's language (sh, sql, ini, text). */
  readonly lang: string;
  readonly text: string;
}

/**
 * The blocks of a Markdown document whose info string carries `checked:<name>`, in document order:
 * the commands and files a test runs as they are written, so that the page cannot drift from what
 * works. A name given twice throws.
 */
export function checkedBlocks(markdown = readFileSync(OPERATIONS_DOC, "utf8")): Map<string, CheckedBlock> {
  const blocks = new Map<string, CheckedBlock>();
  const fence = /^(```+)(\w+)[^\n]*?\bchecked:([\w-]+)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;
  for (const match of markdown.matchAll(fence)) {
    const [, , lang = "", name = "", text = ""] = match;
    if (blocks.has(name)) throw new Error(`two blocks are marked checked:${name}`);
    blocks.set(name, { name, lang, text });
  }
  return blocks;
}
