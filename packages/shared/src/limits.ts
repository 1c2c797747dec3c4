import { type AmountLimits, FALLBACK_LIMITS, formatMoney, type MoneyLocale } from "./money";

// Limits and delivery methods as both sides show them, free of zod so that the SPA's first page can
// import them cheaply; pricing.ts re-exports them beside the schemas.

/** Delivery ("shipping") methods; `vela` is delivery into the recipient's own Vela wallet (spec §9). */
export const SHIPPING_METHOD_SLUGS = [
  "vela",
  "bank-deposit",
  "cash-pickup",
  "mobile-wallet",
  "home-delivery",
] as const;
export type ShippingMethodSlug = (typeof SHIPPING_METHOD_SLUGS)[number];
export const DEFAULT_SHIPPING_METHOD: ShippingMethodSlug = "vela";

/** Spec §5 messages, with the amount formatted by the one money formatter. */
export const limitMessage = (
  kind: "min" | "max",
  field: "send" | "receiving",
  amount: string,
  decimals: number,
  locale: MoneyLocale = "en",
) => `${kind === "min" ? "Min" : "Max"} ${field} amount is ${formatMoney(amount, { decimals, locale })}`;

export type CorridorLimits = { send: AmountLimits; receiving: AmountLimits };
export const fallbackLimits = (): CorridorLimits => ({
  send: { ...FALLBACK_LIMITS },
  receiving: { ...FALLBACK_LIMITS },
});
