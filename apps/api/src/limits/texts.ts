import type { Language } from "@vela/shared/api";
import type { LimitWindow, VerificationLevel } from "@vela/shared/verification";

/**
 * Every text of the levels and limits a person reads, in English and Spanish. The refusals carry
 * amounts formatted for the language (1,250 USD / 1.250 USD), so they are written here per language
 * rather than translated at the edge; the fixed ones are also in messages-es.ts.
 */

export type LevelText = { name: string; description: string; requirements: string; accounts: string };

export const LEVEL_TEXTS: Record<Language, Record<VerificationLevel, LevelText>> = {
  en: {
    unverified: {
      name: "Unverified",
      description: "A new account: you can send and buy small amounts while you get to know Vela.",
      requirements: "A verified e-mail address and phone number.",
      accounts: "unverified accounts",
    },
    identity_verified: {
      name: "Identity verified",
      description:
        "We know who you are: higher limits for transfers, wallet sends, withdrawals and purchases.",
      requirements: "A valid identity document (passport, ID card or driving licence) and a selfie.",
      accounts: "identity-verified accounts",
    },
    enhanced: {
      name: "Enhanced",
      description: "Our highest limits, for people who move larger amounts regularly.",
      requirements:
        "Identity verified, the source-of-funds questionnaire, and a proof of address or of the source of your funds.",
      accounts: "accounts with enhanced verification",
    },
  },
  es: {
    unverified: {
      name: "Sin verificar",
      description: "Una cuenta nueva: puedes enviar y comprar importes pequeños mientras conoces Vela.",
      requirements: "Un correo electrónico y un número de teléfono verificados.",
      accounts: "cuentas sin verificar",
    },
    identity_verified: {
      name: "Identidad verificada",
      description:
        "Sabemos quién eres: límites más altos para envíos, envíos entre billeteras, retiros y compras.",
      requirements:
        "Un documento de identidad válido (pasaporte, documento nacional o licencia de conducir) y un selfie.",
      accounts: "cuentas con identidad verificada",
    },
    enhanced: {
      name: "Reforzada",
      description: "Nuestros límites más altos, para quienes mueven importes mayores con regularidad.",
      requirements:
        "Identidad verificada, el cuestionario de origen de los fondos y un comprobante de domicilio o del origen de tus fondos.",
      accounts: "cuentas con verificación reforzada",
    },
  },
};

const WINDOW_NAMES: Record<Language, Record<LimitWindow, string>> = {
  en: { "24h": "24-hour", "30d": "30-day", "180d": "180-day" },
  es: { "24h": "de 24 horas", "30d": "de 30 días", "180d": "de 180 días" },
};

/** How to raise the limits of a level: the next verification, or support at the top. */
const RAISE: Record<Language, Record<VerificationLevel, string>> = {
  en: {
    unverified: "Verify your identity to raise it.",
    identity_verified: "Complete the enhanced verification to raise it.",
    enhanced: "Contact support to raise it.",
  },
  es: {
    unverified: "Verifica tu identidad para aumentarlo.",
    identity_verified: "Completa la verificación reforzada para aumentarlo.",
    enhanced: "Contacta con soporte para aumentarlo.",
  },
};

export type LimitBreachText = {
  level: VerificationLevel;
  window: LimitWindow;
  /** The limit and what is left of it, formatted for the language ("2,000 USD"). */
  limit: string;
  left: string;
};

/** The refusal of an amount that would pass a limit: which limit, what is left, how to raise it. */
export function limitRefusal(language: Language, breach: LimitBreachText): string {
  const accounts = LEVEL_TEXTS[language][breach.level].accounts;
  const window = WINDOW_NAMES[language][breach.window];
  const raise = RAISE[language][breach.level];
  return language === "es"
    ? `Esto superaría tu límite ${window} de ${breach.limit} para ${accounts} (te quedan ${breach.left}). ${raise}`
    : `This would take you past your ${window} limit of ${breach.limit} for ${accounts} (${breach.left} left). ${raise}`;
}

/** The rules modal's text when nothing is left of a limit (examine-rules). */
export function limitReachedText(language: Language, breach: Omit<LimitBreachText, "left">): string {
  const accounts = LEVEL_TEXTS[language][breach.level].accounts;
  const window = WINDOW_NAMES[language][breach.window];
  const raise = RAISE[language][breach.level];
  return language === "es"
    ? `Alcanzaste tu límite ${window} de ${breach.limit} para ${accounts}. ${raise}`
    : `You have reached your ${window} limit of ${breach.limit} for ${accounts}. ${raise}`;
}

/** A blocked account's refusal of every money-moving request (403). */
export const MONEY_MOVING_BLOCKED =
  "Your account cannot send, withdraw or buy at the moment because of the result of your identity review. Contact support.";

export const NO_USD_RATE = "We cannot value this amount in US dollars right now. Try again in a few minutes.";
