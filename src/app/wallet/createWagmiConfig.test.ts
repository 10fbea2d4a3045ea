import { describe, expect, it, vi } from "vitest";
import { parseAppConfig } from "../config/appConfig";
import { MISSING_PROJECT_ID_WARNING, walletGroups } from "./createWagmiConfig";

const deployment = {
  chainId: 31337,
  pooToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  crapToken: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  staking: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
  deployBlock: 3,
};
const files = { "/deployments/31337.json": deployment };

describe("walletGroups", () => {
  it("without a WalletConnect project id: warns once and lists no WalletConnect wallet", () => {
    const warn = vi.fn();
    const groups = walletGroups(parseAppConfig({ VITE_CHAINS: "local" }, files), warn);
    expect(warn).toHaveBeenCalledExactlyOnceWith(MISSING_PROJECT_ID_WARNING);
    const names = groups.flatMap((g) => g.wallets.map((w) => w.name));
    expect(names).not.toContain("walletConnectWallet");
    expect(names).not.toContain("metaMaskWallet");
    expect(names).toContain("injectedWallet");
  });

  it("with a project id: lists WalletConnect wallets and does not warn", () => {
    const warn = vi.fn();
    const groups = walletGroups(
      parseAppConfig({ VITE_CHAINS: "local", VITE_WALLETCONNECT_PROJECT_ID: "abc123" }, files),
      warn,
    );
    expect(warn).not.toHaveBeenCalled();
    expect(groups.flatMap((g) => g.wallets.map((w) => w.name))).toContain("walletConnectWallet");
  });

  it("offers the local test wallet only when the local chain is configured", () => {
    const local = walletGroups(parseAppConfig({ VITE_CHAINS: "local" }, files), () => {});
    expect(local.map((g) => g.groupName)).toContain("Local chain");
  });
});
