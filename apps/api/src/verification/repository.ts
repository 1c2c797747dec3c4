import type { VerificationFlow } from "@vela/shared/verification";
import { and, desc, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";
import { verificationApplicants, verificationWebhookEvents } from "../db/schema/index";

export type ApplicantRow = typeof verificationApplicants.$inferSelect;

export async function applicantOf(db: Db, userId: number, flow: VerificationFlow) {
  const [row] = await db
    .select()
    .from(verificationApplicants)
    .where(and(eq(verificationApplicants.userId, userId), eq(verificationApplicants.flow, flow)));
  return row ?? null;
}

/** The person's applicants, the most recently changed first. */
export async function applicantsOf(db: Db, userId: number) {
  return db
    .select()
    .from(verificationApplicants)
    .where(eq(verificationApplicants.userId, userId))
    .orderBy(desc(verificationApplicants.updatedAt), desc(verificationApplicants.id));
}

export async function applicantByProviderId(
  db: Db,
  providerApplicantId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(verificationApplicants)
    .where(eq(verificationApplicants.providerApplicantId, providerApplicantId));
  const [row] = await (options.lock ? query.for("update") : query);
  return row ?? null;
}

/** Records the person's applicant for a flow (a second call keeps the first); answers the row. */
export async function saveApplicant(
  db: Db,
  values: { userId: number; flow: VerificationFlow; providerApplicantId: string },
) {
  await db.insert(verificationApplicants).values(values).onConflictDoNothing();
  const row = await applicantOf(db, values.userId, values.flow);
  if (!row) throw new Error("verification applicant not saved");
  return row;
}

export async function updateApplicant(
  db: Db,
  id: number,
  values: Partial<Omit<ApplicantRow, "id" | "userId" | "flow" | "createdAt">>,
) {
  await db
    .update(verificationApplicants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(verificationApplicants.id, id));
}

/**
 * Counts one SDK token issue against the person's hour, in one statement: the row's lock orders
 * concurrent issues, and none is counted past `limit`. Answers false when the hour is used up.
 */
export async function claimTokenIssue(db: Db, userId: number, limit: number): Promise<boolean> {
  const rows = await queryRows<{ issued: number }>(
    db,
    sql`insert into verification_token_issues as t (user_id, window_started_at, issued)
        values (${userId}, now(), 1)
        on conflict (user_id) do update set
          issued = case when t.window_started_at <= now() - interval '1 hour' then 1 else t.issued + 1 end,
          window_started_at = case when t.window_started_at <= now() - interval '1 hour' then now() else t.window_started_at end
        where t.window_started_at <= now() - interval '1 hour' or t.issued < ${limit}
        returning issued`,
  );
  return rows.length > 0;
}

/** Records a webhook by its body's digest; false when it was seen before (a replay). */
export async function recordWebhookEvent(
  db: Db,
  values: typeof verificationWebhookEvents.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(verificationWebhookEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: verificationWebhookEvents.id });
  return rows.length > 0;
}
