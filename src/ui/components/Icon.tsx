import type { ReactNode } from "react";

const paths = {
  wallet: "M3 7a2 2 0 0 1 2-2h12v4M3 7v10a2 2 0 0 0 2 2h14V9H5a2 2 0 0 1-2-2zm13 6h2",
  qr: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2v2h-2zM18 14h2v2h-2z",
  bell: "M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0",
  logout: "M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10",
  next: "M9 6l6 6-6 6",
  stake: "M4 18h16M6 14h12M8 10h8M10 6h4",
  launch: "M12 3c3 2 5 6 5 10l-2 3H9l-2-3c0-4 2-8 5-10zM10 19l2 2 2-2",
  chat: "M4 5h16v11H8l-4 4z",
  bridge: "M3 16h18M5 16c0-4 3-7 7-7s7 3 7 7M7 16v-3M17 16v-3",
  swap: "M7 7h11l-3-3M17 17H6l3 3",
  lend: "M12 3v18M16 7H10a3 3 0 0 0 0 6h4a3 3 0 0 1 0 6H8",
  borrow: "M5 12h14M12 5l7 7-7 7",
  plus: "M12 5v14M5 12h14",
  info: "M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM12 11v6M12 7.5v.01",
  x: "M5 4l14 16M19 4L5 20",
  telegram: "M21 4L3 11.5l6 2.2M21 4l-3 16-6.5-5.3M21 4L9 13.7v5.8l2.5-4.5",
  discord:
    "M7 6.5c3.3-1.4 6.7-1.4 10 0l2 9.5c-1.6 1.4-3.4 2.3-5.2 2.6l-1-1.8h-1.6l-1 1.8C8.4 18.3 6.6 17.4 5 16zM9.5 12.5h.01M14.5 12.5h.01",
  website:
    "M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM3.5 9h17M3.5 15h17M12 3c-3.5 4-3.5 14 0 18M12 3c3.5 4 3.5 14 0 18",
} as const;

export type IconName = keyof typeof paths;

/** Decorative line icon; the control that holds it carries the accessible name. */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }): ReactNode {
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
