import { desc, lt, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { outboxMessages } from "../db/schema/index";

/** How long the development outbox keeps a message: codes die in minutes, the mailbox reads the newest. */
export const OUTBOX_RETENTION_HOURS = 24;

export type OutboxMessageInput = {
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  text: string;
};

/**
 * The development and test stand-in for SMTP and the SMS gateway. It stores only what the Mailbox
 * page shows (channel, recipient, subject, text) and forgets it after a day. It never runs in
 * production: there codes must not sit readable in a table, so the configuration demands SMTP_URL
 * and SMS_WEBHOOK_URL (config.ts) and this refuses to be built, should a caller get round that.
 */
export function createOutbox(config: Pick<Config, "NODE_ENV">, db: Db) {
  if (config.NODE_ENV === "production") {
    throw new Error("The outbox is for development: set SMTP_URL and SMS_WEBHOOK_URL in production.");
  }
  return async (message: OutboxMessageInput) => {
    await db.insert(outboxMessages).values(message);
    await db
      .delete(outboxMessages)
      .where(lt(outboxMessages.createdAt, sql`now() - make_interval(hours => ${OUTBOX_RETENTION_HOURS})`));
  };
}

/** The outbox's newest messages, as the development Mailbox page lists them (GET /api/dev/outbox). */
export async function latestOutboxMessages(db: Db, limit: number) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  }));
}
