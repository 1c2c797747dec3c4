import type { Language } from "@vela/shared/api";
import type { RuleService } from "@vela/shared/auth";
import type { VerificationLevel } from "@vela/shared/verification";
import type { Db } from "../db/client";
import type { FxRateProvider } from "../providers/fx/rate-provider";
import { standingOf, usdText } from "./check";
import { limitReachedText } from "./texts";

/**
 * The limits' part of examine-rules (issue 20): whether the account may start a money-moving flow
 * at all, answered before the person types an amount. Null when it may.
 */

/**
 * The least a service moves, in USD cents: with less room than this left in a window, no amount can
 * pass, so the flow is stopped before it starts. The wallet is left out: its deposits and
 * conversions count against nothing, and its sends are refused on their amount.
 */
const SMALLEST_USD_MINOR: Partial<Record<RuleService, bigint>> = {
  sendmoney: 1_000n,
  giftcard: 500n,
  paybill: 100n,
  recharge: 100n,
};

/** The level that raises a level's limits (none above the top one). */
export const NEXT_LEVEL: Record<VerificationLevel, VerificationLevel | null> = {
  unverified: "identity_verified",
  identity_verified: "enhanced",
  enhanced: null,
};

export type LimitRuleCode = "VERIFY_IDENTITY" | "VERIFICATION_BLOCKED" | "LIMIT_REACHED";

export type LimitRule = {
  code: LimitRuleCode;
  title: string;
  text: string;
  button: string;
  /** What the button does: VERIFY_IDENTITY opens the verification area; CONTACT_SUPPORT, support. */
  action: "VERIFY_IDENTITY" | "CONTACT_SUPPORT";
  requiredLevel: VerificationLevel | null;
};

const TITLES: Record<Language, Record<LimitRuleCode | "ENHANCED", { title: string; button: string }>> = {
  en: {
    VERIFY_IDENTITY: { title: "Verify your identity", button: "Verify identity" },
    ENHANCED: { title: "Complete the enhanced verification", button: "Start enhanced verification" },
    LIMIT_REACHED: { title: "You have reached your limit", button: "Contact support" },
    VERIFICATION_BLOCKED: { title: "Your account cannot move money", button: "Contact support" },
  },
  es: {
    VERIFY_IDENTITY: { title: "Verifica tu identidad", button: "Verificar identidad" },
    ENHANCED: { title: "Completa la verificación reforzada", button: "Iniciar verificación reforzada" },
    LIMIT_REACHED: { title: "Alcanzaste tu límite", button: "Contactar con soporte" },
    VERIFICATION_BLOCKED: { title: "Tu cuenta no puede mover dinero", button: "Contactar con soporte" },
  },
};

const BLOCKED_TEXT: Record<Language, string> = {
  en: "Your account cannot send, withdraw or buy at the moment because of the result of your identity review. Contact support and we will tell you what can be done.",
  es: "Tu cuenta no puede enviar, retirar ni comprar por ahora debido al resultado de la revisión de tu identidad. Contacta con soporte y te diremos qué se puede hacer.",
};

export async function limitRuleOf(
  deps: { db: Db; rates: FxRateProvider; language: Language },
  userId: number,
  service: RuleService,
): Promise<LimitRule | null> {
  const standing = await standingOf(deps.db, deps.rates, userId);
  const texts = TITLES[deps.language];
  if (standing.blocked) {
    return {
      code: "VERIFICATION_BLOCKED",
      ...texts.VERIFICATION_BLOCKED,
      text: BLOCKED_TEXT[deps.language],
      action: "CONTACT_SUPPORT",
      requiredLevel: null,
    };
  }
  const smallest = SMALLEST_USD_MINOR[service];
  if (smallest === undefined) return null;
  const full = standing.windows.find((window) => window.leftMinor < smallest);
  if (!full) return null;
  const text = limitReachedText(deps.language, {
    level: standing.level,
    window: full.window,
    limit: usdText(full.limitMinor, deps.language),
  });
  const requiredLevel = NEXT_LEVEL[standing.level];
  if (requiredLevel === null) {
    return { code: "LIMIT_REACHED", ...texts.LIMIT_REACHED, text, action: "CONTACT_SUPPORT", requiredLevel };
  }
  const titles = requiredLevel === "enhanced" ? texts.ENHANCED : texts.VERIFY_IDENTITY;
  return { code: "VERIFY_IDENTITY", ...titles, text, action: "VERIFY_IDENTITY", requiredLevel };
}
