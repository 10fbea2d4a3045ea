/** A unit file's settings: section -> key -> every value it was given, in order. */
export type SystemdUnit = ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;

/**
 * Parses a systemd unit file as the tests run it (deploy/systemd/): `[Section]` headers, `Key=value`
 * lines, `#` and `;` comments, backslash line continuations; `%i` becomes `instance` and `%%` a `%`.
 * Any other specifier throws: a unit that relies on one the tests do not know is not run half-read.
 */
export function readSystemdUnit(text: string, instance: string): SystemdUnit {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  const lines = text.replace(/\\\n/g, " ").split("\n");
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      current = new Map();
      sections.set(header[1] ?? "", current);
      continue;
    }
    const setting = /^([A-Za-z]+)\s*=\s*(.*)$/.exec(line);
    if (!setting || !current) throw new Error(`unit line ${index + 1} is not a setting: ${line}`);
    const value = (setting[2] ?? "").replace(/%(.)/g, (specifier, letter: string) => {
      if (letter === "i") return instance;
      if (letter === "%") return "%";
      throw new Error(`unit line ${index + 1}: the specifier ${specifier} is not supported here`);
    });
    const key = setting[1] ?? "";
    current.set(key, [...(current.get(key) ?? []), value]);
  }
  return sections;
}
