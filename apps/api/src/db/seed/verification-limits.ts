import {
  LIMIT_WINDOWS,
  type LimitWindow,
  VERIFICATION_LEVELS,
  type VerificationLevel,
} from "@vela/shared/verification";
import type { Db } from "../client";
import { verificationLimits } from "../schema/index";

/**
 * The default limits per verification level and rolling window, in whole US dollars (issue 20).
 * Compliance changes them at run time (`npm run limits:set`), so seeding only adds a missing row
 * and never overwrites one: a new seed version cannot undo a limit set in production.
 */
export const DEFAULT_LIMITS_USD: Record<VerificationLevel, Record<LimitWindow, number>> = {
  unverified: { "24h": 1_000, "30d": 2_000, "180d": 3_000 },
  identity_verified: { "24h": 10_000, "30d": 25_000, "180d": 60_000 },
  enhanced: { "24h": 50_000, "30d": 150_000, "180d": 500_000 },
};

export async function seedVerificationLimits(db: Db) {
  const rows = VERIFICATION_LEVELS.flatMap((level) =>
    LIMIT_WINDOWS.map((window) => ({
      level,
      window,
      amountMinor: BigInt(DEFAULT_LIMITS_USD[level][window]) * 100n,
    })),
  );
  await db.insert(verificationLimits).values(rows).onConflictDoNothing();
}
