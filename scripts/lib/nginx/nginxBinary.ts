import { existsSync } from "node:fs";

/** Debian's nginx (`apt-get install -y nginx`), or NGINX_PATH. */
export function nginxBinary(env: NodeJS.ProcessEnv = process.env): string {
  return env.NGINX_PATH || "/usr/sbin/nginx";
}

/** One line naming what to install, or undefined when nginx is there. */
export function missingNginxMessage(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const binary = nginxBinary(env);
  if (existsSync(binary)) return undefined;
  return (
    `nginx is needed at ${binary}, which does not exist: install it (Debian/Ubuntu: apt-get install -y nginx) ` +
    "or set NGINX_PATH to an nginx binary."
  );
}
