import { sql } from "drizzle-orm";
import { bigint, check, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * How much each verification level may move over each rolling window (issue 20), in US dollar
 * cents: data, so compliance changes a limit with `npm run limits:set` and the next request reads
 * it (nothing caches it beyond a request). Seeded by db/seed/verification-limits.ts.
 */
export const verificationLimits = pgTable(
  "verification_limits",
  {
    level: text("level", { enum: ["unverified", "identity_verified", "enhanced"] }).notNull(),
    window: text("window", { enum: ["24h", "30d", "180d"] }).notNull(),
    /** The most moved over the window, in USD minor units (cents). */
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.level, table.window] }),
    check(
      "verification_limits_level_check",
      sql`${table.level} in ('unverified', 'identity_verified', 'enhanced')`,
    ),
    check("verification_limits_window_check", sql`${table.window} in ('24h', '30d', '180d')`),
    check("verification_limits_amount_check", sql`${table.amountMinor} >= 0`),
  ],
);
