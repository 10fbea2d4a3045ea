import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { filesToPrefetch } from "./prefetchList";

/** A chunk as Rolldown reports it, with only the fields the plugin reads. */
function chunk(
  fileName: string,
  options: { entry?: boolean; dynamicOf?: string; imports?: string[]; css?: string[] },
): Rolldown.OutputChunk {
  return {
    type: "chunk",
    fileName,
    isEntry: options.entry ?? false,
    isDynamicEntry: options.dynamicOf !== undefined,
    facadeModuleId: options.dynamicOf ?? (options.entry ? "/repo/src/main.tsx" : null),
    imports: options.imports ?? [],
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set() },
  } as unknown as Rolldown.OutputChunk;
}

function bundleOf(...chunks: Rolldown.OutputChunk[]): Rolldown.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

describe("filesToPrefetch", () => {
  const bundle = bundleOf(
    chunk("assets/index-1.js", {
      entry: true,
      imports: ["assets/runtime-1.js"],
      css: ["assets/index-1.css"],
    }),
    chunk("assets/runtime-1.js", {}),
    chunk("assets/WalletStack-1.js", {
      dynamicOf: "/repo/src/app/wallet/WalletStack.tsx",
      imports: ["assets/runtime-1.js", "assets/viem-1.js"],
      css: ["assets/WalletStack-1.css"],
    }),
    chunk("assets/viem-1.js", { imports: ["assets/hashes-1.js"] }),
    chunk("assets/hashes-1.js", {}),
    chunk("assets/Chart-1.js", { dynamicOf: "/repo/src/ui/Chart.tsx", imports: ["assets/chart-lib-1.js"] }),
    chunk("assets/chart-lib-1.js", {}),
  );

  it("lists the module's chunk, what it imports statically and its stylesheets, not what start-up loads", () => {
    expect(filesToPrefetch(bundle, "src/app/wallet/WalletStack.tsx", "/")).toEqual([
      "/assets/WalletStack-1.js",
      "/assets/WalletStack-1.css",
      "/assets/viem-1.js",
      "/assets/hashes-1.js",
    ]);
  });

  it("puts the URLs under the configured base", () => {
    expect(filesToPrefetch(bundle, "src/ui/Chart.tsx", "/app/")).toEqual([
      "/app/assets/Chart-1.js",
      "/app/assets/chart-lib-1.js",
    ]);
  });

  it("fails the build when the module is not a lazily imported chunk (moved or renamed)", () => {
    expect(() => filesToPrefetch(bundle, "src/app/wallet/Gone.tsx", "/")).toThrow(/no lazily imported chunk/);
  });
});
