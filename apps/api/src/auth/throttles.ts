import { and, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";
import { authThrottles } from "../db/schema/index";
import { TooManyRequestsError } from "../http/errors";

/**
 * Failures in a row that lock, and for how long: failed logins per address, wrong two-step codes
 * per account (whatever challenge and network they come from).
 */
export const LOCK_LIMITS = {
  login: { maxFailures: 5, lockSeconds: 900 },
  tfa: { maxFailures: 5, lockSeconds: 900 },
} as const;
export type LockKind = keyof typeof LOCK_LIMITS;

/** A counted try: `slot` is its place in the count, needed to give it back when it succeeds. */
export type ClaimedTry = { kind: LockKind; subject: string; slot: number; isLast: boolean };

const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));

const messageOf = (kind: LockKind) =>
  kind === "login" ? "Too many failed attempts." : "Too many wrong codes.";

function lockedAnswer(blockedUntil: Date, message: string) {
  const seconds = secondsUntil(blockedUntil);
  const minutes = Math.ceil(seconds / 60);
  return new TooManyRequestsError(
    `${message} Your account is locked for ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    seconds,
  );
}

/**
 * Counts a try as a failure before it is judged, in one statement, and refuses it when the subject
 * is locked. Counting first is what makes the limit hold when requests arrive together: each takes
 * its own slot, the fifth slot sets the lock, and no request can be judged without a slot. A try
 * that then succeeds gives its slot back (`releaseTry`). A lock that has run out starts the count
 * again.
 */
export async function claimTry(db: Db, kind: LockKind, subject: string): Promise<ClaimedTry> {
  const { maxFailures, lockSeconds } = LOCK_LIMITS[kind];
  const lock = sql`now() + make_interval(secs => ${lockSeconds})`;
  const expired = sql`${authThrottles.blockedUntil} <= now()`;
  const next = sql`case when ${expired} then 1 else ${authThrottles.failures} + 1 end`;
  const [claimed] = await db
    .insert(authThrottles)
    .values({
      kind,
      subject,
      failures: 1,
      blockedUntil: maxFailures <= 1 ? sql`${lock}` : null,
    })
    .onConflictDoUpdate({
      target: [authThrottles.kind, authThrottles.subject],
      set: {
        failures: next,
        blockedUntil: sql`case when ${next} >= ${maxFailures} then ${lock} else null end`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${authThrottles.blockedUntil} is null or ${expired}`,
    })
    .returning({ failures: authThrottles.failures });
  if (claimed) return { kind, subject, slot: claimed.failures, isLast: claimed.failures >= maxFailures };

  const [locked] = await db
    .select({ blockedUntil: authThrottles.blockedUntil })
    .from(authThrottles)
    .where(and(eq(authThrottles.kind, kind), eq(authThrottles.subject, subject)));
  throw lockedAnswer(locked?.blockedUntil ?? new Date(Date.now() + lockSeconds * 1000), messageOf(kind));
}

/** The answer for a failed try that took the last slot: the lock it set. */
export function lockedByThisTry(claim: ClaimedTry) {
  return lockedAnswer(
    new Date(Date.now() + LOCK_LIMITS[claim.kind].lockSeconds * 1000),
    messageOf(claim.kind),
  );
}

/**
 * A try succeeded: the failures in a row end. When other tries were counted after this one (they
 * are in flight or failed), only this try's slot is given back, so that a success never wipes out
 * failures it did not see; the lock a failed fifth try set stays.
 */
export async function releaseTry(db: Db, claim: ClaimedTry) {
  await db
    .update(authThrottles)
    .set({
      failures: sql`case when ${authThrottles.failures} = ${claim.slot} then 0 else greatest(${authThrottles.failures} - 1, 0) end`,
      blockedUntil: sql`case when ${authThrottles.failures} = ${claim.slot} then null else ${authThrottles.blockedUntil} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(authThrottles.kind, claim.kind), eq(authThrottles.subject, claim.subject)));
}

/** Ends a lock (a password reset proves the owner is back). */
export async function clearLock(db: Db, kind: LockKind, subject: string) {
  await db.delete(authThrottles).where(and(eq(authThrottles.kind, kind), eq(authThrottles.subject, subject)));
}

/**
 * Spaces out requests for one subject: succeeds (and starts the wait) only when the last one is at
 * least `waitSeconds` old, in one statement, so requests arriving together get one success.
 * Answers the seconds left to wait, or 0 when this request may go ahead.
 */
export async function claimSpacing(db: Db, kind: string, subject: string, waitSeconds: number) {
  const until = sql`now() + make_interval(secs => ${waitSeconds})`;
  const [claimed] = await db
    .insert(authThrottles)
    .values({ kind, subject, blockedUntil: sql`${until}` })
    .onConflictDoUpdate({
      target: [authThrottles.kind, authThrottles.subject],
      set: { blockedUntil: sql`${until}`, updatedAt: sql`now()` },
      setWhere: sql`${authThrottles.blockedUntil} is null or ${authThrottles.blockedUntil} <= now()`,
    })
    .returning({ kind: authThrottles.kind });
  if (claimed) return 0;
  const [row] = await db
    .select({ blockedUntil: authThrottles.blockedUntil })
    .from(authThrottles)
    .where(and(eq(authThrottles.kind, kind), eq(authThrottles.subject, subject)));
  return row?.blockedUntil ? secondsUntil(row.blockedUntil) : waitSeconds;
}

/** How long an unlocked count is kept after its last try: as long as the longest lock. */
export const THROTTLE_IDLE_SECONDS = Math.max(
  ...Object.values(LOCK_LIMITS).map((limit) => limit.lockSeconds),
);

/**
 * Deletes up to `batchSize` throttle rows whose time has passed, answering how many went: no lock or
 * wait in force (`blocked_until` unset or past) and no try for `THROTTLE_IDLE_SECONDS`. A lock in
 * force is never pruned. Forgetting an idle count of failures lets no more guesses through than a
 * lock running out does (it restarts the count too). The rows are taken `FOR UPDATE SKIP LOCKED`:
 * a try counting on a row meanwhile keeps it, and instances pruning together never wait on each
 * other.
 */
export async function pruneThrottles(db: Db, batchSize: number): Promise<number> {
  const ended = db
    .select({ kind: authThrottles.kind, subject: authThrottles.subject })
    .from(authThrottles)
    .where(
      and(
        sql`(${authThrottles.blockedUntil} is null or ${authThrottles.blockedUntil} <= now())`,
        sql`${authThrottles.updatedAt} < now() - make_interval(secs => ${THROTTLE_IDLE_SECONDS})`,
      ),
    )
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const deleted = await db
    .delete(authThrottles)
    .where(sql`(${authThrottles.kind}, ${authThrottles.subject}) in (${ended})`)
    .returning({ kind: authThrottles.kind });
  return deleted.length;
}

/** A fixed window of uses per subject: `max` in `windowSeconds`, counted from the window's first use. */
export type UseWindow = { kind: string; max: number; windowSeconds: number };

/**
 * Counts one use of `subject` against its window before the work runs, in one statement (uses sent
 * together each take their own place in the count), and refuses it past the limit with 429 and the
 * wait (Retry-After); `message` says it in minutes.
 */
export async function claimUse(
  db: Db,
  window: UseWindow,
  subject: string,
  message: (minutes: number) => string,
): Promise<void> {
  const { kind, max, windowSeconds } = window;
  const expired = sql`(auth_throttles.blocked_until is null or auth_throttles.blocked_until <= now())`;
  const [row] = await queryRows<{ failures: number; wait_seconds: number }>(
    db,
    sql`insert into auth_throttles (kind, subject, failures, blocked_until, updated_at)
        values (${kind}, ${subject}, 1, now() + make_interval(secs => ${windowSeconds}), now())
        on conflict (kind, subject) do update set
          failures = case when ${expired} then 1 else least(auth_throttles.failures + 1, 32000) end,
          blocked_until = case when ${expired}
            then now() + make_interval(secs => ${windowSeconds}) else auth_throttles.blocked_until end,
          updated_at = now()
        returning failures, ceil(extract(epoch from blocked_until - now()))::int as wait_seconds`,
  );
  if (row && row.failures > max) {
    const seconds = Math.max(1, row.wait_seconds);
    throw new TooManyRequestsError(message(Math.ceil(seconds / 60)), seconds);
  }
}
