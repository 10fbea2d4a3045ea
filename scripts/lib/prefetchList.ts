import path from "node:path";
import type { Plugin, Rolldown } from "vite";

type Chunk = Rolldown.OutputChunk;

function isChunk(output: Rolldown.OutputChunk | Rolldown.OutputAsset): output is Chunk {
  return output.type === "chunk";
}

/** `chunk` and every chunk it imports statically, by file name. */
function staticClosure(chunk: Chunk, byFile: Map<string, Chunk>): Chunk[] {
  const seen = new Map<string, Chunk>();
  const pending = [chunk];
  while (pending.length > 0) {
    const next = pending.pop() as Chunk;
    if (seen.has(next.fileName)) continue;
    seen.set(next.fileName, next);
    for (const file of next.imports) {
      const imported = byFile.get(file);
      if (imported) pending.push(imported);
    }
  }
  return [...seen.values()];
}

/**
 * What the browser must fetch to run the lazily imported module `module` (a path from the project
 * root) once the start-up files are in: its chunk, the chunks it imports statically and their
 * stylesheets, minus what the entry loads anyway. Root-relative URLs under `base`.
 */
export function filesToPrefetch(bundle: Rolldown.OutputBundle, module: string, base: string): string[] {
  const chunks = Object.values(bundle).filter(isChunk);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const wanted = path.normalize(module);
  const target = chunks.find(
    (c) => c.isDynamicEntry && c.facadeModuleId !== null && path.normalize(c.facadeModuleId).endsWith(wanted),
  );
  // The build fails rather than ship a page that silently prefetches nothing.
  if (!target) throw new Error(`prefetchList: no lazily imported chunk for ${module} in the bundle`);
  const atStartup = new Set<string>();
  for (const entry of chunks.filter((c) => c.isEntry)) {
    for (const c of staticClosure(entry, byFile)) {
      atStartup.add(c.fileName);
      for (const css of c.viteMetadata?.importedCss ?? []) atStartup.add(css);
    }
  }
  const files: string[] = [];
  for (const c of staticClosure(target, byFile)) {
    files.push(c.fileName, ...(c.viteMetadata?.importedCss ?? []));
  }
  return [...new Set(files)].filter((f) => !atStartup.has(f)).map((f) => `${base}${f}`);
}

/**
 * Writes into the built index.html `<meta name="{metaName}" content="url url …">`: the files of the
 * lazily imported `module` (filesToPrefetch). The app reads it to fetch those files into the HTTP
 * cache once the visitor first touches the page (src/app/wallet/prefetchWalletCode.ts), without running them. A meta
 * tag rather than an inline script: the production CSP allows no inline script. The dev server
 * writes none (there are no chunks), and the app then prefetches nothing.
 */
export function prefetchList(options: { module: string; metaName: string }): Plugin {
  let base = "/";
  return {
    name: "poo:prefetch-list",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        if (!context.bundle) return;
        const content = filesToPrefetch(context.bundle, options.module, base).join(" ");
        return [{ tag: "meta", attrs: { name: options.metaName, content }, injectTo: "head" }];
      },
    },
  };
}
