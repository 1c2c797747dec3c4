import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { authAttempts } from "../db/schema/index";
import { TooManyRequestsError } from "../http/errors";

/** What is counted, and how many failures one IP may have in the window before it is refused. */
export const ATTEMPT_LIMITS = {
  login: { maxFailuresPerIp: 30, windowSeconds: 900 },
  code: { maxFailuresPerIp: 30, windowSeconds: 900 },
  recovery: { maxFailuresPerIp: 10, windowSeconds: 900 },
  /** Recipient-invitation tokens that named no working link (recipients/external). */
  invitation: { maxFailuresPerIp: 20, windowSeconds: 900 },
} as const;
export type AttemptKind = keyof typeof ATTEMPT_LIMITS;

/** A try counted against its IP; `settleTry` once it turns out not to be a failure. */
export type IpTry = { id: number };

async function recentFailures(db: Db, kind: AttemptKind, ip: string) {
  const { windowSeconds } = ATTEMPT_LIMITS[kind];
  const since = new Date(Date.now() - windowSeconds * 1000);
  const [row] = await db
    .select({ failures: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        eq(authAttempts.ip, ip),
        eq(authAttempts.succeeded, false),
        gt(authAttempts.createdAt, since),
      ),
    );
  return row?.failures ?? 0;
}

function ipRefused(kind: AttemptKind) {
  const { windowSeconds } = ATTEMPT_LIMITS[kind];
  return new TooManyRequestsError(
    `Too many failed attempts from your network. Try again in ${Math.ceil(windowSeconds / 60)} minutes.`,
    windowSeconds,
  );
}

/**
 * Refuses an IP that has failed too often lately, without counting this request (for answers that
 * judge nothing, such as where a recovery code could go).
 */
export async function assertIpNotThrottled(db: Db, kind: AttemptKind, ip: string) {
  if ((await recentFailures(db, kind, ip)) >= ATTEMPT_LIMITS[kind].maxFailuresPerIp) throw ipRefused(kind);
}

/**
 * Counts a try against its IP before it is judged, as a failure until `settleTry` says otherwise,
 * and refuses it when the IP has failed too often lately, whatever accounts it tried: the per-IP
 * half of the brute-force defence (the per-subject half is `throttles.ts`). The row is committed
 * before the count is read, so of tries arriving together the k-th committed sees at least k: no
 * more than the limit get through however they are timed.
 */
export async function claimIpTry(
  db: Db,
  kind: AttemptKind,
  ip: string,
  subject: string | null,
): Promise<IpTry> {
  const [row] = await db
    .insert(authAttempts)
    .values({ kind, ip, subject, succeeded: false })
    .returning({ id: authAttempts.id });
  if ((await recentFailures(db, kind, ip)) > ATTEMPT_LIMITS[kind].maxFailuresPerIp) throw ipRefused(kind);
  return { id: row!.id };
}

/** The try succeeded (or was handed to another check that counts it): it is no failure. */
export async function settleTry(db: Db, attempt: IpTry) {
  await db.update(authAttempts).set({ succeeded: true }).where(eq(authAttempts.id, attempt.id));
}

/** The longest window any kind counts over: a try older than this counts nowhere. */
export const LONGEST_ATTEMPT_WINDOW_SECONDS = Math.max(
  ...Object.values(ATTEMPT_LIMITS).map((limit) => limit.windowSeconds),
);

/**
 * Deletes up to `batchSize` tries that no window counts any more, answering how many went. The rows
 * are taken `FOR UPDATE SKIP LOCKED`, so instances pruning at the same time share the work and
 * never wait on each other.
 */
export async function pruneAttempts(db: Db, batchSize: number): Promise<number> {
  const cutoff = sql`now() - make_interval(secs => ${LONGEST_ATTEMPT_WINDOW_SECONDS})`;
  const ended = db
    .select({ id: authAttempts.id })
    .from(authAttempts)
    .where(sql`${authAttempts.createdAt} < ${cutoff}`)
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const deleted = await db
    .delete(authAttempts)
    .where(sql`${authAttempts.id} in (${ended})`)
    .returning({ id: authAttempts.id });
  return deleted.length;
}
