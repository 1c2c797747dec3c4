import { compareAmounts, isDecimalString, roundAmount } from "./decimal";
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

export type CorridorLimits = { send: AmountLimits; receiving: AmountLimits };
export const fallbackLimits = (): CorridorLimits => ({
  send: { ...FALLBACK_LIMITS },
  receiving: { ...FALLBACK_LIMITS },
});

export type LimitKind = "min" | "max";
export type LimitField = "send" | "receiving";

/**
 * A spec §5 limit an amount breaks: which bound of which amount, and the bound written with its
 * currency's digits ("10.00"), which is also the amount the rule puts in its place.
 */
export type LimitBreach = { kind: LimitKind; field: LimitField; limit: string };

/**
 * The two amounts of a transfer, as decimal strings. The receiving amount is null when it cannot be
 * known yet (no rate): then only the send amount is checked.
 */
export type LimitedAmounts = { send: string; receiving: string | null };

/** The digits of the sending and the receiving currencies. */
export type LimitDecimals = { send: number; receiving: number };

/**
 * Spec §5, the one rule every side applies: the send amount is checked first, below its minimum (or
 * zero) or above its maximum; only when it is within them is the receiving amount checked the same
 * way. Limits absent are the spec's fallback, 10 to 10000. Returns the breach as data, or null when
 * both amounts are within their limits (the limits themselves included).
 */
export function limitBreach(
  amounts: LimitedAmounts,
  limits: CorridorLimits | null | undefined,
  decimals: LimitDecimals,
): LimitBreach | null {
  const { send, receiving } = limits ?? fallbackLimits();
  const sendBreach = sideBreach("send", amounts.send, send, decimals.send);
  if (sendBreach !== null || amounts.receiving === null) return sendBreach;
  return sideBreach("receiving", amounts.receiving, receiving, decimals.receiving);
}

function sideBreach(
  field: LimitField,
  amount: string,
  bounds: AmountLimits,
  decimals: number,
): LimitBreach | null {
  const kind: LimitKind | null =
    compareAmounts(amount, "0") <= 0 || compareAmounts(amount, bounds.min) < 0
      ? "min"
      : compareAmounts(amount, bounds.max) > 0
        ? "max"
        : null;
  if (kind === null) return null;
  // Limits already carry the currency's digits (they are stored in minor units), so this only writes
  // them all ("10" → "10.00"); were one finer, the minimum rounds up and the maximum down, inside it.
  return { kind, field, limit: roundAmount(bounds[kind], decimals, kind === "min" ? "ceil" : "floor") };
}

/** Spec §5 messages, with the amount formatted by the one money formatter. */
export const limitMessage = (
  kind: LimitKind,
  field: LimitField,
  amount: string,
  decimals: number,
  locale: MoneyLocale = "en",
) => `${kind === "min" ? "Min" : "Max"} ${field} amount is ${formatMoney(amount, { decimals, locale })}`;

/** The spec §5 message for a breach: 'Min send amount is 10.00'. */
export const breachMessage = (breach: LimitBreach, decimals: number, locale: MoneyLocale = "en") =>
  limitMessage(breach.kind, breach.field, breach.limit, decimals, locale);

/**
 * A breach as a failed answer carries it, next to the message by its field (`send_amount` or
 * `receiving_amount`): the limit as data, so no client reads it back out of the message text.
 */
export type AmountLimitData = { kind: LimitKind; field: LimitField; amount: string; currency: string };

/** The request field each amount is checked under: `send_amount`, `receiving_amount`. */
export const LIMIT_FIELD_KEYS = {
  send: "send_amount",
  receiving: "receiving_amount",
} as const satisfies Record<LimitField, string>;

/**
 * The `limit` of a failure envelope, when it holds one (zod-free, for the SPA's first page; the
 * API documents the same shape with `amountLimitSchema` in api.ts).
 */
export function amountLimitOf(envelope: unknown): AmountLimitData | null {
  if (typeof envelope !== "object" || envelope === null || !("limit" in envelope)) return null;
  const { limit } = envelope;
  if (typeof limit !== "object" || limit === null) return null;
  const { kind, field, amount, currency } = limit as Partial<Record<keyof AmountLimitData, unknown>>;
  if (kind !== "min" && kind !== "max") return null;
  if (field !== "send" && field !== "receiving") return null;
  if (!isDecimalString(amount) || typeof currency !== "string") return null;
  return { kind, field, amount, currency };
}
