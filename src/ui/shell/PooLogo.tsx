import type { ReactNode } from "react";

/**
 * public/poo-logo.svg drawn inline (PooLogo.test.ts keeps the two the same): the header paints the
 * logo with its first render instead of fetching it one round trip later (the file stays for the
 * favicon and for wallets, which need a URL).
 */
export function PooLogo({ size }: { size: number }): ReactNode {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="#1f8a4c" />
      <path
        d="M32 12c6 5 4 9 1 10 8 1 11 6 9 10 7 2 9 8 7 13-2 5-9 7-17 7s-15-2-17-7c-2-5 0-11 7-13-2-4 1-9 9-10-3-1-4-6 1-10z"
        fill="#7a4a22"
      />
      <circle cx="26" cy="38" r="3" fill="#fff" />
      <circle cx="38" cy="38" r="3" fill="#fff" />
      <path d="M26 46c4 3 8 3 12 0" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}
