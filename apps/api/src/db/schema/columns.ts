import { bigint, integer, timestamp } from "drizzle-orm/pg-core";

/**
 * Column sets most tables share, spread into a table (`...timestamps`); drizzle builds each table
 * its own columns from them, so the database is the same as with the columns written out.
 */
export const identityId = { id: integer("id").primaryKey().generatedByDefaultAsIdentity() };
export const bigIdentityId = {
  id: bigint("id", { mode: "bigint" }).primaryKey().generatedByDefaultAsIdentity(),
};
export const createdAt = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
};
export const timestamps = {
  ...createdAt,
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
