import { and, eq, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { perDatabase } from "../db/prepared";
import { authSessions, organizations, retiredRefreshTokens, users } from "../db/schema/index";
import { UnauthenticatedError } from "../http/errors";
import { hashToken, randomToken, type Secrets } from "./secrets";

export type SessionTokens = {
  token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
};
type TokenConfig = Pick<Config, "ACCESS_TOKEN_TTL_SECONDS" | "REFRESH_TOKEN_TTL_SECONDS">;
export type SessionMeta = { ip: string; userAgent: string | null };

function freshTokens(config: TokenConfig) {
  const token = randomToken("vat_");
  const refreshToken = randomToken("vrt_");
  return {
    tokens: {
      token,
      token_type: "Bearer" as const,
      expires_in: config.ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: refreshToken,
      refresh_expires_in: config.REFRESH_TOKEN_TTL_SECONDS,
    },
    columns: {
      accessTokenHash: hashToken(token),
      accessExpiresAt: new Date(Date.now() + config.ACCESS_TOKEN_TTL_SECONDS * 1000),
      refreshTokenHash: hashToken(refreshToken),
      refreshExpiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL_SECONDS * 1000),
    },
  };
}

export async function createSession(db: Db, config: TokenConfig, userId: number, meta: SessionMeta) {
  const { tokens, columns } = freshTokens(config);
  const [session] = await db
    .insert(authSessions)
    .values({ userId, ...columns, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) ?? null })
    .returning({ id: authSessions.id });
  return { sessionId: session!.id, tokens };
}

/**
 * How long the refresh token just rotated still answers the pair that replaced it: two tabs (or a
 * retried request) refreshing with one token at once must not end the session. After this, a
 * replay is taken for a copied token and ends the session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;

type Successor = { token: string; refresh_token: string };

/**
 * Swaps a refresh token for a new pair. The old one is retired with the new pair sealed beside it:
 * presented again within the grace window while that pair is still the session's, it answers the
 * same pair; presented later, it means it was copied, so the whole session ends (refresh-token
 * reuse detection).
 */
export async function rotateSession(db: Db, config: TokenConfig, secrets: Secrets, refreshToken: string) {
  const oldHash = hashToken(refreshToken);
  const { tokens, columns } = freshTokens(config);
  const rotated = await db.transaction(async (tx) => {
    const [session] = await tx
      .update(authSessions)
      .set({ ...columns, lastUsedAt: sql`now()` })
      .where(
        and(
          eq(authSessions.refreshTokenHash, oldHash),
          isNull(authSessions.revokedAt),
          gt(authSessions.refreshExpiresAt, sql`now()`),
        ),
      )
      .returning({ id: authSessions.id, userId: authSessions.userId });
    if (session) {
      const successor: Successor = { token: tokens.token, refresh_token: tokens.refresh_token };
      // Only the newest retired token may answer a successor; older ones are plain replays now.
      await tx
        .update(retiredRefreshTokens)
        .set({ successorEnc: null })
        .where(
          and(eq(retiredRefreshTokens.sessionId, session.id), isNotNull(retiredRefreshTokens.successorEnc)),
        );
      await tx.insert(retiredRefreshTokens).values({
        tokenHash: oldHash,
        sessionId: session.id,
        successorEnc: secrets.encrypt(JSON.stringify(successor)),
      });
    }
    return session;
  });
  if (rotated) return { sessionId: rotated.id, userId: rotated.userId, tokens };

  // Not the current token. A request racing the one that rotated it waited on the session's row
  // lock above, so by now the retired row is committed and visible here.
  const [retired] = await db
    .select({
      sessionId: retiredRefreshTokens.sessionId,
      successorEnc: retiredRefreshTokens.successorEnc,
      isFresh: sql<boolean>`${retiredRefreshTokens.retiredAt} > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS})`,
      session: authSessions,
    })
    .from(retiredRefreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, retiredRefreshTokens.sessionId))
    .where(eq(retiredRefreshTokens.tokenHash, oldHash));
  if (!retired) throw new UnauthenticatedError("Your session has ended. Sign in again.");
  const { session } = retired;
  if (session.revokedAt) throw new UnauthenticatedError("Your session has ended. Sign in again.");
  if (retired.isFresh && retired.successorEnc) {
    const successor: Successor = JSON.parse(secrets.decrypt(retired.successorEnc));
    // The pair must still be the session's own (not rotated again, not expired) to be answered.
    if (
      hashToken(successor.refresh_token) === session.refreshTokenHash &&
      session.accessExpiresAt > new Date()
    ) {
      const secondsLeft = (until: Date) => Math.max(1, Math.floor((until.getTime() - Date.now()) / 1000));
      return {
        sessionId: session.id,
        userId: session.userId,
        tokens: {
          token: successor.token,
          token_type: "Bearer" as const,
          expires_in: secondsLeft(session.accessExpiresAt),
          refresh_token: successor.refresh_token,
          refresh_expires_in: secondsLeft(session.refreshExpiresAt),
        } satisfies SessionTokens,
      };
    }
  }
  await revokeSession(db, session.id, "refresh_token_reused");
  throw new UnauthenticatedError(
    "This refresh token was already used, so the session was ended. Sign in again.",
  );
}

export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every session of a user (password reset), or every one but the current (password change). */
export async function revokeUserSessions(db: Db, userId: number, reason: string, exceptSessionId?: string) {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
      ),
    );
}

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type Authenticated = { sessionId: string; user: UserRow; organization: OrganizationRow | null };

/** Every authenticated request runs this: a named statement, parsed and planned once per connection. */
const accessTokenLookup = perDatabase((db) =>
  db
    .select({ session: authSessions, user: users, organization: organizations })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(organizations, eq(organizations.userId, users.id))
    .where(eq(authSessions.accessTokenHash, sql.placeholder("accessTokenHash")))
    .prepare("session_by_access_token"),
);

/** The session and user behind an access token, or why there is none. */
export async function resolveAccessToken(
  db: Db,
  token: string,
): Promise<Authenticated | "expired" | "invalid"> {
  const [row] = await accessTokenLookup(db).execute({ accessTokenHash: hashToken(token) });
  if (!row || row.session.revokedAt) return "invalid";
  if (row.session.accessExpiresAt <= new Date()) return "expired";
  return { sessionId: row.session.id, user: row.user, organization: row.organization };
}
