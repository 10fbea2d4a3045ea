import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The hexagonal dependency rule lives in eslint.config.js; these cases pin it so a config edit
// cannot silently switch it off.
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layer rule", () => {
  // The first lint loads the parser and the plugins: seconds on a busy machine, over a case's 5 s.
  beforeAll(() => layerErrors("src/domain/warm-up.ts", "export {};\n"), 60_000);

  it.each([
    ["src/ui/stake/X.ts", 'import { ChainContracts } from "../../adapters/chain/ChainContracts";'],
    ["src/ui/stake/X.ts", 'import { APP_TOKENS } from "../../app/container/appTokens";'],
    [
      "src/ui/stake/StakePage/X.test.tsx",
      'import { WalletProvider } from "../../../app/wallet/WalletProvider";',
    ],
    ["src/application/use-cases/x.ts", 'import { FakeClock } from "../../adapters/fake/fakeClock";'],
    [
      "src/application/use-cases/x.test.ts",
      'import { ChainContracts } from "../../adapters/chain/ChainContracts";',
    ],
    ["src/domain/x.ts", 'import type { Clock } from "../application/ports/clock";'],
    ["src/server/x.ts", 'import { ChainContracts } from "../adapters/chain/ChainContracts";'],
    ["src/server/http/x.ts", 'import { App } from "../../app/App";'],
  ])("refuses the import in %s", async (filePath, source) => {
    expect(await layerErrors(filePath, `${source}\nexport {};\n`)).toHaveLength(1);
  });

  it.each([
    ["src/app/x.ts", 'import { ChainContracts } from "../adapters/chain/ChainContracts";'],
    ["src/application/use-cases/x.test.ts", 'import { FakeClock } from "../../adapters/fake/fakeClock";'],
    ["src/ui/stake/X.ts", 'import { toAddress } from "../../domain/address";'],
    ["src/ui/stake/X.ts", 'import { TOKENS } from "../../application/serviceTokens";'],
    ["src/app/router.tsx", 'import { StakePage } from "../ui/stake/StakePage/StakePage";'],
    ["src/server/http/x.ts", 'import { DevPriceSource } from "../adapters/DevPriceSource";'],
  ])("allows the import in %s", async (filePath, source) => {
    expect(await layerErrors(filePath, `${source}\nexport {};\n`)).toEqual([]);
  });
});
