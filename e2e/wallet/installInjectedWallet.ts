import { randomUUID } from "node:crypto";
import type { BrowserContext, Frame, Page } from "@playwright/test";
import { injectTestWalletProvider } from "./injectedProvider";
import type { BindingMessage, Eip6963ProviderInfo, InjectedProviderConfig, WalletEvent } from "./protocol";
import type { TestWalletController } from "./TestWalletController";

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="20" fill="#6b3e1f"/>' +
  '<text x="48" y="62" font-family="sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="#fff">PTW</text>' +
  "</svg>";

/** EIP-6963 asks for a data URI; an SVG keeps it small and readable. */
export const POO_TEST_WALLET_ICON = `data:image/svg+xml;base64,${Buffer.from(ICON_SVG).toString("base64")}`;

export const POO_TEST_WALLET_INFO: Omit<Eip6963ProviderInfo, "uuid"> = {
  name: "POO Test Wallet",
  rdns: "finance.poo.testwallet",
  icon: POO_TEST_WALLET_ICON,
};

export interface InstallInjectedWalletOptions {
  /** Override the EIP-6963 name/rdns/icon (the uuid is always fresh per installation). */
  readonly info?: Partial<Omit<Eip6963ProviderInfo, "uuid">>;
  /** Also set `window.ethereum` when no other wallet has; default false (discovery through EIP-6963 only). */
  readonly exposeAsWindowEthereum?: boolean;
}

export interface InstalledWallet {
  readonly info: Eip6963ProviderInfo;
  /** Stops serving the pages (already loaded pages keep a provider whose requests then fail). */
  uninstall(): Promise<void>;
}

function originOf(frame: Frame): string {
  try {
    return new URL(frame.url()).origin;
  } catch {
    return "null";
  }
}

function isBrowserContext(target: BrowserContext | Page): target is BrowserContext {
  return typeof (target as Partial<BrowserContext>).pages === "function";
}

/**
 * Puts the test wallet into every page of `target` before any page script runs: the in-page EIP-1193
 * provider (announced through EIP-6963) calls an exposed binding that the controller answers, and the
 * controller's events are dispatched into each frame whose origin should receive them.
 */
export async function installInjectedWallet(
  target: BrowserContext | Page,
  controller: TestWalletController,
  options: InstallInjectedWalletOptions = {},
): Promise<InstalledWallet> {
  const uuid = randomUUID();
  const suffix = uuid.replaceAll("-", "");
  const info: Eip6963ProviderInfo = { uuid, ...POO_TEST_WALLET_INFO, ...options.info };
  const config: InjectedProviderConfig = {
    bindingName: `__pooTestWalletRequest_${suffix}`,
    bridgeName: `__pooTestWalletBridge_${suffix}`,
    info,
    exposeAsWindowEthereum: options.exposeAsWindowEthereum ?? false,
  };

  // The binding first: the init script calls it as soon as it runs.
  const binding = await target.exposeBinding(config.bindingName, ({ frame }, message: BindingMessage) =>
    controller.handle(originOf(frame), message),
  );
  const script = await target.addInitScript(injectTestWalletProvider, config);

  const deliver = async (event: WalletEvent, origins: readonly string[] | "all"): Promise<void> => {
    const pages = isBrowserContext(target) ? target.pages() : [target];
    const frames = pages
      .filter((page) => !page.isClosed())
      .flatMap((page) => page.frames())
      .filter((frame) => origins === "all" || origins.includes(originOf(frame)));
    await Promise.all(
      frames.map((frame) =>
        frame
          .evaluate(
            ([bridgeName, walletEvent]) => {
              const bridge = (
                window as unknown as Record<string, { dispatch(e: WalletEvent): void } | undefined>
              )[bridgeName];
              bridge?.dispatch(walletEvent);
            },
            [config.bridgeName, event] as const,
          )
          // A frame that navigates or closes meanwhile gets the state from the wallet when it loads again.
          .catch(() => undefined),
      ),
    );
  };
  const removeSink = controller.addEventSink(deliver);

  return {
    info,
    async uninstall() {
      removeSink();
      await script.dispose();
      await binding.dispose();
    },
  };
}
