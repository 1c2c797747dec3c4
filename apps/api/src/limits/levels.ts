import type { Language } from "@vela/shared/api";
import { fromMinor } from "@vela/shared/decimal";
import { LIMIT_WINDOWS, VERIFICATION_LEVELS, type VerificationLevelView } from "@vela/shared/verification";
import type { Db } from "../db/client";
import type { FxRateProvider } from "../providers/fx/rate-provider";
import { standingOf } from "./check";
import { allLimits } from "./repository";
import { LEVEL_TEXTS } from "./texts";

/**
 * GET /identity-verification/levels: every level with what it allows, read from the limits table
 * now, and for the caller's own level what they have used of each window.
 */
export async function verificationLevels(
  deps: { db: Db; rates: FxRateProvider; language: Language },
  userId: number,
): Promise<VerificationLevelView[]> {
  const limits = await allLimits(deps.db);
  const standing = await standingOf(deps.db, deps.rates, userId);
  return VERIFICATION_LEVELS.map((level) => {
    const current = level === standing.level;
    const text = LEVEL_TEXTS[deps.language][level];
    return {
      level,
      name: text.name,
      description: text.description,
      requirements: text.requirements,
      current,
      limits: LIMIT_WINDOWS.flatMap((window) => {
        const limit = limits.find((row) => row.level === level && row.window === window);
        if (!limit) return [];
        const used = current ? standing.windows.find((row) => row.window === window)?.usedMinor : undefined;
        return [
          {
            window,
            currency: "USD" as const,
            amount: fromMinor(limit.amountMinor, 2),
            used: used === undefined ? null : fromMinor(used, 2),
          },
        ];
      }),
    };
  });
}
