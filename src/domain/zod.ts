/**
 * zod for everything the web app bundles: the mini build (functions instead of methods, so a
 * schema carries only what it uses; the classic build binds its whole API to every schema at
 * start-up, about 0.1 s on a throttled phone before first paint) with zod's English messages,
 * which the mini build leaves out unless asked for. The API server keeps the classic build.
 */
import { en } from "zod/locales";
import * as z from "zod/mini";

z.config(en());

export { z };
