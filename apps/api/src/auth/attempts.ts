import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { authAttempts } from "../db/schema/index";
import { TooManyRequestsError } from "../http/errors";

/** What is counted, and how many failures one IP may have in the window before it is refused. */
export const ATTEMPT_LIMITS = {
  login: { maxFailuresPerIp: 30, windowSeconds: 900 },
  code: { maxFailuresPerIp: 30, windowSeconds: 900 },
  recovery: { maxFailuresPerIp: 10, windowSeconds: 900 },
} as const;
export type AttemptKind = keyof typeof ATTEMPT_LIMITS;

export async function recordAttempt(
  db: Db,
  kind: AttemptKind,
  ip: string,
  subject: string | null,
  succeeded: boolean,
) {
  await db.insert(authAttempts).values({ kind, ip, subject, succeeded });
}

/**
 * Refuses an IP that has failed too often lately, whatever accounts it tried: the per-IP half of
 * the brute-force defence (the per-account half is the lock on the user).
 */
export async function assertIpNotThrottled(db: Db, kind: AttemptKind, ip: string) {
  const { maxFailuresPerIp, windowSeconds } = ATTEMPT_LIMITS[kind];
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
  if ((row?.failures ?? 0) >= maxFailuresPerIp) {
    throw new TooManyRequestsError(
      `Too many failed attempts from your network. Try again in ${Math.ceil(windowSeconds / 60)} minutes.`,
      windowSeconds,
    );
  }
}
