export interface NginxConfigValues {
  /** nginx's port on 127.0.0.1. */
  port: number;
  /** The served app's port on 127.0.0.1, where /api is proxied. */
  apiPort: number;
  /**
   * The user the workers run as, when nginx starts as root (which otherwise runs them as `nobody`,
   * who cannot read a build folder made by root with mode 0700); undefined: no `user` line.
   */
  user: string | undefined;
}

/** bench/nginx/serve-bench.conf with its {{PLACEHOLDERS}} filled; an unknown or unfilled one throws. */
export function nginxConfig(template: string, values: NginxConfigValues): string {
  for (const [name, port] of [
    ["port", values.port],
    ["apiPort", values.apiPort],
  ] as const) {
    if (!Number.isInteger(port) || port < 1 || port > 65_535)
      throw new RangeError(`nginxConfig: ${name} must be a TCP port, got ${port}`);
  }
  if (values.user !== undefined && !/^[a-z_][a-z0-9_-]*$/i.test(values.user))
    throw new RangeError(`nginxConfig: not a user name: ${values.user}`);
  const fills: Record<string, string> = {
    PORT: String(values.port),
    API_PORT: String(values.apiPort),
    USER: values.user === undefined ? "" : `user ${values.user};`,
  };
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const fill = fills[name];
    if (fill === undefined)
      throw new Error(`nginxConfig: the template has ${placeholder}, which nothing fills`);
    return fill;
  });
}
