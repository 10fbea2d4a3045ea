import type { SQLOutputValue } from "node:sqlite";

export type SqliteRow = Record<string, SQLOutputValue>;

/** Typed column readers for node:sqlite rows: a wrong type is a schema bug, so it throws. */
export const sqliteRows = {
  text(row: SqliteRow, column: string): string {
    const value = row[column];
    if (typeof value !== "string") throw new Error(`Column ${column} is not text.`);
    return value;
  },
  optionalText(row: SqliteRow, column: string): string | undefined {
    const value = row[column];
    if (value === null || value === undefined) return undefined;
    if (typeof value !== "string") throw new Error(`Column ${column} is not text.`);
    return value;
  },
  integer(row: SqliteRow, column: string): number {
    const value = row[column];
    if (typeof value !== "number" && typeof value !== "bigint")
      throw new Error(`Column ${column} is not an integer.`);
    return Number(value);
  },
  optionalInteger(row: SqliteRow, column: string): number | undefined {
    const value = row[column];
    if (value === null || value === undefined) return undefined;
    return sqliteRows.integer(row, column);
  },
  optionalReal(row: SqliteRow, column: string): number | undefined {
    const value = row[column];
    if (value === null || value === undefined) return undefined;
    if (typeof value !== "number") throw new Error(`Column ${column} is not a number.`);
    return value;
  },
};
