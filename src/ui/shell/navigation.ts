import type { IconName } from "../components/Icon";

export interface NavEntry {
  label: string;
  path: string;
  icon: IconName;
  enabled: boolean;
}

/** The sidebar's entries in order; disabled ones have no screen (any unknown path redirects to /). */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: "Stake", path: "/", icon: "stake", enabled: true },
  { label: "Launch", path: "/launch", icon: "launch", enabled: true },
  { label: "Chat", path: "/chat", icon: "chat", enabled: false },
  { label: "Bridge", path: "/bridge", icon: "bridge", enabled: false },
  { label: "Wallet", path: "/wallet", icon: "wallet", enabled: false },
  { label: "Swap", path: "/swap", icon: "swap", enabled: false },
  { label: "Lend", path: "/lend", icon: "lend", enabled: false },
  { label: "Borrow", path: "/borrow", icon: "borrow", enabled: false },
];

/** The next button: the entry after the current one if it is enabled, otherwise home. */
export function nextPath(currentPath: string, entries: readonly NavEntry[] = NAV_ENTRIES): string {
  const index = entries.findIndex((e) => e.path === currentPath);
  const next = entries[index + 1];
  return next?.enabled ? next.path : "/";
}
