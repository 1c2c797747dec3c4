import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { users } from "./identity";

/**
 * Where each account stands in identity verification (issue 20): its level (which sets its limits)
 * and whether its money-moving is stopped (a FINAL rejection, or a GREEN later found RED). No row
 * means unverified and not blocked. Written by the verification domain when a review arrives; read
 * by the limits check under the same per-user lock the money-moving transaction takes.
 */
export const userVerificationStates = pgTable(
  "user_verification_states",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    level: text("level", { enum: ["unverified", "identity_verified", "enhanced"] })
      .notNull()
      .default("unverified"),
    moneyMovingBlockedAt: timestamp("money_moving_blocked_at", { withTimezone: true }),
    /** Why, as a code the SPA and the messages translate (e.g. "review_final", "review_revoked"). */
    blockedReason: text("blocked_reason"),
    ...timestamps,
  },
  (table) => [
    check(
      "user_verification_states_level_check",
      sql`${table.level} in ('unverified', 'identity_verified', 'enhanced')`,
    ),
  ],
);
