/**
 * Solidity's Panic(uint256) codes, in plain words (Solidity docs, "Panic via assert and Error via
 * require"). A panic is a bug or an impossible state in the contract, never the user's input.
 */
const PANIC_REASONS: ReadonlyMap<number, string> = new Map([
  [0x00, "a generic compiler panic"],
  [0x01, "a failed internal check (assert)"],
  [0x11, "an arithmetic overflow or underflow"],
  [0x12, "a division or modulo by zero"],
  [0x21, "an invalid enum value"],
  [0x22, "corrupted storage data"],
  [0x31, "a pop from an empty array"],
  [0x32, "an array index out of bounds"],
  [0x41, "running out of memory"],
  [0x51, "a call to an uninitialised function"],
]);

/** "an arithmetic overflow or underflow" for 0x11; a neutral phrase for codes Solidity does not define. */
export function panicReason(code: number): string {
  return PANIC_REASONS.get(code) ?? "an unknown panic";
}

/** The code as Solidity's documentation writes it: 0x11. */
export function panicCodeHex(code: number): string {
  return `0x${code.toString(16).padStart(2, "0")}`;
}
