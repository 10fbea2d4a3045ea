import type { NonceStore } from "../ports/NonceStore";

export const NONCE_TTL_MS = 5 * 60_000;

/** 128 random bits as 32 hex characters: alphanumeric, as EIP-4361 requires of a nonce. */
export function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Hands out a fresh single-use sign-in nonce, remembered server-side until it expires, for the
 * browser that `binding` stands for (a digest of its nonce cookie's token).
 */
export class IssueNonce {
  constructor(
    private readonly deps: {
      nonceStore: NonceStore;
      now: () => number;
      ttlMs?: number;
      random?: () => string;
    },
  ) {}

  async execute(binding: string): Promise<{ nonce: string; expiresAt: Date }> {
    const now = this.deps.now();
    const nonce = (this.deps.random ?? randomNonce)();
    const expiresAtMs = now + (this.deps.ttlMs ?? NONCE_TTL_MS);
    await this.deps.nonceStore.save(nonce, expiresAtMs, now, binding);
    return { nonce, expiresAt: new Date(expiresAtMs) };
  }
}
