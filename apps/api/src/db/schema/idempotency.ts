import { jsonb, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The first answer to each money-moving request, by caller and Idempotency-Key: a repeat is
 * answered from here (`Idempotency-Hit: true`) and never runs again. `request_hash` tells a
 * repeat from a different request reusing the key (422). A row is inserted and answered inside the
 * transaction of the work it protects (plugins/idempotency.ts), so a committed row always has its
 * answer.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** The user id as text: keys are per user, and callers without a session cannot use them. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    requestHash: text("request_hash").notNull(),
    /** null only inside the first request's own, uncommitted transaction. */
    statusCode: smallint("status_code"),
    responseBody: jsonb("response_body"),
    ...createdAt,
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);
