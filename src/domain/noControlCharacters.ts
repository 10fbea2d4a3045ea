/** True unless the text holds control characters other than tab, line feed and carriage return. */
export function noControlCharacters(value: string): boolean {
  return [...value].every((char) => {
    const code = char.charCodeAt(0);
    return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127);
  });
}
