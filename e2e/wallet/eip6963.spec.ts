import { InjectedTestWalletDriver } from "./InjectedTestWalletDriver";
import { expect, test } from "./testing/fixtures";
import { serveTestPages, TEST_ORIGIN, WalletTestPage } from "./testing/WalletTestPage";

type Announced = {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: { request(args: { method: string }): Promise<unknown> };
};
type PageWindow = Window & { announcements: Announced[]; ethereum?: unknown };
type EarlyWindow = Window & { early: { names: string[]; connects: unknown[] } };

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test.describe("EIP-6963 discovery", () => {
  test("announces itself in answer to eip6963:requestProvider", async ({ page, wallet: _installed }) => {
    const testPage = await WalletTestPage.open(page, { discover: false });
    // The load-time announcement went out before the page's own listener existed.
    expect(await page.evaluate(() => (window as unknown as PageWindow).announcements.length)).toBe(0);

    await page.evaluate(() => window.dispatchEvent(new Event("eip6963:requestProvider")));
    await page.evaluate(() => window.dispatchEvent(new Event("eip6963:requestProvider")));

    const seen = await page.evaluate(() => {
      const [first, second] = (window as unknown as PageWindow).announcements;
      return {
        count: (window as unknown as PageWindow).announcements.length,
        info: first?.info,
        frozen: Object.isFrozen(first) && Object.isFrozen(first?.info),
        sameProvider: first?.provider === second?.provider,
        sameUuid: first?.info.uuid === second?.info.uuid,
      };
    });
    expect(seen).toEqual({
      count: 2,
      info: {
        uuid: expect.stringMatching(UUID_V4),
        name: "POO Test Wallet",
        rdns: "finance.poo.testwallet",
        icon: expect.any(String),
      },
      frozen: true,
      sameProvider: true,
      sameUuid: true,
    });
    const icon = seen.info!.icon;
    expect(icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(icon.split(",")[1]!, "base64").toString("utf8")).toMatch(/^<svg[\s\S]*<\/svg>$/);

    await testPage.discover();
    expect(await testPage.call("eth_chainId")).toBe("0x7a69");
  });

  test("announces once at load to listeners already present, then emits connect", async ({
    browser,
    chain,
  }) => {
    const context = await browser.newContext();
    try {
      // Registered before the wallet, so it runs first in every document, like a dapp's early listener.
      await context.addInitScript(() => {
        const early: EarlyWindow["early"] = { names: [], connects: [] };
        (window as unknown as EarlyWindow).early = early;
        window.addEventListener("eip6963:announceProvider", (event) => {
          const { info, provider } = (
            event as CustomEvent<{
              info: { name: string };
              provider: { on(e: string, l: (x: unknown) => void): void };
            }>
          ).detail;
          early.names.push(info.name);
          provider.on("connect", (connectInfo) => early.connects.push(connectInfo));
        });
      });
      const wallet = new InjectedTestWalletDriver({ rpcUrl: chain.rpcUrl });
      await wallet.install(context);
      const page = await context.newPage();
      await serveTestPages(page);
      await page.goto(`${TEST_ORIGIN}/`);

      await expect
        .poll(() => page.evaluate(() => (window as unknown as EarlyWindow).early))
        .toEqual({ names: ["POO Test Wallet"], connects: [{ chainId: "0x7a69" }] });
    } finally {
      await context.close();
    }
  });

  test("leaves window.ethereum alone unless asked to set it", async ({ browser, chain }) => {
    for (const exposeAsWindowEthereum of [false, true]) {
      const context = await browser.newContext();
      try {
        const wallet = new InjectedTestWalletDriver({ rpcUrl: chain.rpcUrl, exposeAsWindowEthereum });
        await wallet.install(context);
        const page = await context.newPage();
        const testPage = await WalletTestPage.open(page);
        const isOurs = await page.evaluate(() => {
          const w = window as unknown as PageWindow & { testWallet: unknown };
          return w.ethereum === undefined ? "unset" : w.ethereum === w.testWallet;
        });
        expect(isOurs).toBe(exposeAsWindowEthereum ? true : "unset");
        expect(await testPage.call("net_version")).toBe("31337");
      } finally {
        await context.close();
      }
    }
  });
});
