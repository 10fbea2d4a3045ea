import type { Plugin } from "vite";

/**
 * Keeps everything the entry loads at start-up in one chunk.
 *
 * Rolldown (1.2) moves a module that the entry imports statically into a separate common chunk as soon
 * as more than one lazily loaded chunk imports it too (rolldown/rolldown#10731, open), where Rollup
 * would leave it in the entry. The page then loads the same code as three or four files, each
 * compressed on its own: +1.5 KB gzip of start-up JS once the Stake page's chart, pool figures and
 * activity list became lazy chunks. These modules are loaded before first paint whatever the split,
 * so one group for all of them ("startup") costs nothing and gives that back; the lazy chunks import
 * from it as they imported from the entry.
 *
 * The plugin walks the entries' static imports when the module graph is complete (`buildEnd`, before
 * chunking); `isStartupModule` is the group's test.
 */
export function startupChunk(): { plugin: Plugin; isStartupModule: (id: string) => boolean } {
  const startupModules = new Set<string>();
  const plugin: Plugin = {
    name: "poo:startup-chunk",
    apply: "build",
    buildEnd() {
      startupModules.clear();
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (startupModules.has(id)) continue;
        startupModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, isStartupModule: (id) => startupModules.has(id) };
}
