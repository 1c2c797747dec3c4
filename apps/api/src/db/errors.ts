/**
 * PostgreSQL's error code (SQLSTATE) behind an error, however the driver or Drizzle wraps it (Drizzle
 * keeps the driver's error as `cause`).
 */
export function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code.length === 5) return code;
  }
  return undefined;
}

/** A unique index refused the write: another row got there between our check and our write. */
export const isUniqueViolation = (error: unknown) => sqlState(error) === "23505";

/** A CHECK constraint refused the write (the ledger raises it for a wallet that would go negative). */
export const isCheckViolation = (error: unknown) => sqlState(error) === "23514";
