/**
 * A systemd EnvironmentFile (`KEY=value` lines, `#` and `;` comments, a value in single or double
 * quotes taken as it is between them) as the variables it sets. Throws on a line it cannot read,
 * rather than guessing what systemd would make of it.
 */
export function readEnvironmentFile(text: string): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!assignment) throw new Error(`environment file line ${index + 1} is not KEY=value: ${line}`);
    const value = assignment[2] ?? "";
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (!quoted && /["'\\]/.test(value)) {
      throw new Error(`environment file line ${index + 1}: quote the whole value or none of it`);
    }
    variables[assignment[1] ?? ""] = quoted ? (quoted[2] ?? "") : value;
  }
  return variables;
}
