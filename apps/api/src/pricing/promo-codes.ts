import { compareAmounts, fromMinor } from "@vela/shared/decimal";
import { formatMoney } from "@vela/shared/money";
import type { PromoCodeTerms } from "@vela/shared/pricing";
import { and, count, eq, gt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { currencies, promoCodes, quotations } from "../db/schema/index";
import { InvalidDataError } from "../http/errors";
import type { PromoDiscount } from "./price";

export type PromoRow = typeof promoCodes.$inferSelect;

const refuse = (field: string, message: string) => new InvalidDataError({ [field]: [message] });

export async function findPromoCode(db: Db, code: string, field = "code"): Promise<PromoRow> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase()));
  if (!row?.isActive) throw refuse(field, "This promo code does not exist.");
  return row;
}

/** A code counts as used by a quotation that was paid, or that still holds it and has not expired. */
const holdsCode = (promoCodeId: number, exceptQuotationId: number | null) =>
  and(
    eq(quotations.promoCodeId, promoCodeId),
    or(
      eq(quotations.status, "used"),
      and(eq(quotations.status, "open"), gt(quotations.expiresAt, sql`now()`)),
    ),
    exceptQuotationId === null ? undefined : ne(quotations.id, exceptQuotationId),
  );

type Use = {
  userId: number;
  currencyId: number;
  currencyDecimals: number;
  sendAmount: string;
  quotationId: number | null;
};

/**
 * Whether a code may be used on this quotation, with the reason when not: unknown, not yet valid,
 * expired, used up, already used by this user, another currency, or below its minimum.
 */
export async function assertPromoUsable(db: Db, promo: PromoRow, use: Use, field = "code") {
  const now = new Date();
  if (promo.validFrom && promo.validFrom > now) throw refuse(field, "This promo code is not valid yet.");
  if (promo.validUntil && promo.validUntil < now) throw refuse(field, "This promo code has expired.");
  if (promo.maxUsesTotal !== null) {
    const [used] = await db
      .select({ n: count() })
      .from(quotations)
      .where(holdsCode(promo.id, use.quotationId));
    if ((used?.n ?? 0) >= promo.maxUsesTotal) throw refuse(field, "This promo code has been used up.");
  }
  if (promo.maxUsesPerUser !== null) {
    const [used] = await db
      .select({ n: count() })
      .from(quotations)
      .where(and(holdsCode(promo.id, use.quotationId), eq(quotations.userId, use.userId)));
    if ((used?.n ?? 0) >= promo.maxUsesPerUser) throw refuse(field, "You have already used this promo code.");
  }
  if (promo.currencyId !== null && promo.currencyId !== use.currencyId) {
    const [currency] = await db.select().from(currencies).where(eq(currencies.id, promo.currencyId));
    // A percentage code names a currency only for its minimum; a fixed code is money in that currency.
    if (promo.kind === "fixed" || promo.minAmountMinor !== null) {
      throw refuse(field, `This promo code is for transfers sent in ${currency?.iso ?? "another currency"}.`);
    }
  }
  if (promo.minAmountMinor !== null) {
    const minimum = fromMinor(promo.minAmountMinor, use.currencyDecimals);
    if (compareAmounts(use.sendAmount, minimum) < 0) {
      throw refuse(
        field,
        `This promo code needs a send amount of at least ${formatMoney(minimum, { decimals: use.currencyDecimals })}.`,
      );
    }
  }
}

export const discountOf = (promo: PromoRow): PromoDiscount =>
  promo.kind === "percent"
    ? { kind: "percent", percentBps: promo.percentBps ?? 0 }
    : { kind: "fixed", amountMinor: promo.amountMinor ?? 0n };

export async function promoTerms(db: Db, promo: PromoRow): Promise<PromoCodeTerms> {
  const [currency] = promo.currencyId
    ? await db.select().from(currencies).where(eq(currencies.id, promo.currencyId))
    : [];
  const decimals = currency?.decimals ?? 2;
  return {
    code: promo.code,
    kind: promo.kind,
    value:
      promo.kind === "percent"
        ? String((promo.percentBps ?? 0) / 100)
        : fromMinor(promo.amountMinor ?? 0n, decimals),
    currency_iso: currency?.iso ?? null,
    min_amount: promo.minAmountMinor === null ? null : fromMinor(promo.minAmountMinor, decimals),
    valid_until: promo.validUntil?.toISOString() ?? null,
    description: promo.description,
  };
}
