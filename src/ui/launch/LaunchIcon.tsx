import type { ReactNode } from "react";

// The launch page's own line icons (the shared Icon set has no social or info glyphs).
const paths = {
  x: "M5 4l14 16M19 4L5 20",
  telegram: "M21 4L3 11.5l6 2.2M21 4l-3 16-6.5-5.3M21 4L9 13.7v5.8l2.5-4.5",
  discord:
    "M7 6.5c3.3-1.4 6.7-1.4 10 0l2 9.5c-1.6 1.4-3.4 2.3-5.2 2.6l-1-1.8h-1.6l-1 1.8C8.4 18.3 6.6 17.4 5 16zM9.5 12.5h.01M14.5 12.5h.01",
  website:
    "M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM3.5 9h17M3.5 15h17M12 3c-3.5 4-3.5 14 0 18M12 3c3.5 4 3.5 14 0 18",
  info: "M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM12 11v6M12 7.5v.01",
} as const;

export type LaunchIconName = keyof typeof paths;

/** Decorative; the link or button holding it carries the accessible name. */
export function LaunchIcon({ name, size = 18 }: { name: LaunchIconName; size?: number }): ReactNode {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
