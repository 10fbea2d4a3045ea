import { z } from "../../domain/zod";

/** An ISO 8601 date-time with its offset (as the API writes them), read as a Date. */
export const isoDateSchema = z.pipe(
  z.iso.datetime({ offset: true }),
  z.transform((text: string) => new Date(text)),
);
