import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { authSessions, organizations, retiredRefreshTokens, users } from "../db/schema/index";
import { UnauthenticatedError } from "../http/errors";
import { hashToken, randomToken } from "./secrets";

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
 * Swaps a refresh token for a new pair. The old one is retired: presenting it again means it was
 * copied, so the whole session ends (refresh-token reuse detection).
 */
export async function rotateSession(db: Db, config: TokenConfig, refreshToken: string) {
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
    if (session) await tx.insert(retiredRefreshTokens).values({ tokenHash: oldHash, sessionId: session.id });
    return session;
  });
  if (rotated) return { sessionId: rotated.id, userId: rotated.userId, tokens };

  const [reused] = await db
    .select({ sessionId: retiredRefreshTokens.sessionId })
    .from(retiredRefreshTokens)
    .where(eq(retiredRefreshTokens.tokenHash, oldHash));
  if (reused) {
    await revokeSession(db, reused.sessionId, "refresh_token_reused");
    throw new UnauthenticatedError(
      "This refresh token was already used, so the session was ended. Sign in again.",
    );
  }
  throw new UnauthenticatedError("Your session has ended. Sign in again.");
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

/** The session and user behind an access token, or why there is none. */
export async function resolveAccessToken(
  db: Db,
  token: string,
): Promise<Authenticated | "expired" | "invalid"> {
  const [row] = await db
    .select({ session: authSessions, user: users, organization: organizations })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(organizations, eq(organizations.userId, users.id))
    .where(eq(authSessions.accessTokenHash, hashToken(token)));
  if (!row || row.session.revokedAt) return "invalid";
  if (row.session.accessExpiresAt <= new Date()) return "expired";
  return { sessionId: row.session.id, user: row.user, organization: row.organization };
}
