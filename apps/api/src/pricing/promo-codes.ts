import { compareAmounts, fromMinor } from "@vela/shared/decimal";
import { formatMoney } from "@vela/shared/money";
import type { PromoCodeTerms } from "@vela/shared/pricing";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { currencies, promoCodeRedemptions, promoCodes, quotations } from "../db/schema/index";
import { InvalidDataError } from "../http/errors";
import type { PromoDiscount } from "./price";

export type PromoRow = typeof promoCodes.$inferSelect;

const refuse = (field: string, message: string) => new InvalidDataError({ [field]: [message] });

export async function findPromoCode(db: Db, code: string, field = "code"): Promise<PromoRow> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase()));
  if (!row?.isActive) throw refuse(field, "This promo code does not exist.");
  return row;
}

type Use = {
  currencyId: number;
  currencyDecimals: number;
  sendAmount: string;
};

/**
 * Whether a code applies to this price, with the reason when not: not yet valid, expired, another
 * currency, or below its minimum. The use limits are judged by assertUsesLeft (a forecast) and
 * decided by holdPromoCode, under a lock, when the quotation is stored.
 */
export async function assertPromoUsable(db: Db, promo: PromoRow, use: Use, field = "code") {
  const now = new Date();
  if (promo.validFrom && promo.validFrom > now) throw refuse(field, "This promo code is not valid yet.");
  if (promo.validUntil && promo.validUntil < now) throw refuse(field, "This promo code has expired.");
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

/**
 * Holds one use of a code for a quotation, in the caller's transaction (after the quotation row is
 * written). The code's row is locked first, so holds on one code queue and each counts what the
 * previous ones committed: redeemed uses plus holds whose quotation is open and unexpired (an
 * abandoned quotation stops counting the moment its rate lock ends). The quotation's own earlier
 * hold is replaced, so requoting never counts it twice.
 */
export async function holdPromoCode(
  tx: Db,
  promo: PromoRow,
  hold: { userId: number; quotationId: number },
  field = "code",
) {
  // NO KEY UPDATE, not UPDATE: the quotation row just written keeps a KEY SHARE lock on the code
  // (its foreign key), and a FOR UPDATE here would wait on every other request's KEY SHARE while
  // they wait on ours: a deadlock. NO KEY UPDATE only queues the holders behind one another.
  await tx.execute(sql`select 1 from ${promoCodes} where ${promoCodes.id} = ${promo.id} for no key update`);
  await releasePromoHold(tx, hold.quotationId);
  await assertUsesLeft(tx, promo, hold.userId, null, field);
  await tx
    .insert(promoCodeRedemptions)
    .values({ promoCodeId: promo.id, userId: hold.userId, quotationId: hold.quotationId });
}

/**
 * Refuses a code whose total or per-user uses are spent: redeemed uses plus holds whose quotation is
 * open and unexpired, leaving out `exceptQuotationId`'s own hold. Read without a lock, it is only a
 * forecast for the calculators; holdPromoCode runs it again under the code's lock to decide.
 */
export async function assertUsesLeft(
  db: Db,
  promo: PromoRow,
  userId: number,
  exceptQuotationId: number | null,
  field = "code",
) {
  if (promo.maxUsesTotal === null && promo.maxUsesPerUser === null) return;
  const [used] = await db
    .select({
      total: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${promoCodeRedemptions.userId} = ${userId}))::int`,
    })
    .from(promoCodeRedemptions)
    .innerJoin(quotations, eq(quotations.id, promoCodeRedemptions.quotationId))
    .where(
      and(
        eq(promoCodeRedemptions.promoCodeId, promo.id),
        sql`(${promoCodeRedemptions.status} = 'redeemed' or (${quotations.status} = 'open' and ${quotations.expiresAt} > now()))`,
        exceptQuotationId === null ? undefined : ne(promoCodeRedemptions.quotationId, exceptQuotationId),
      ),
    );
  if (promo.maxUsesTotal !== null && (used?.total ?? 0) >= promo.maxUsesTotal) {
    throw refuse(field, "This promo code has been used up.");
  }
  if (promo.maxUsesPerUser !== null && (used?.mine ?? 0) >= promo.maxUsesPerUser) {
    throw refuse(field, "You have already used this promo code.");
  }
}

/** Drops a quotation's unredeemed hold (its code was removed or replaced). */
export async function releasePromoHold(tx: Db, quotationId: number) {
  await tx
    .delete(promoCodeRedemptions)
    .where(and(eq(promoCodeRedemptions.quotationId, quotationId), eq(promoCodeRedemptions.status, "held")));
}

/**
 * Turns a quotation's hold into a redeemed use: for the payment step, in its transaction. A
 * redeemed use counts against the limits for good, whatever becomes of the quotation.
 */
export async function redeemPromoHold(tx: Db, quotationId: number): Promise<boolean> {
  const rows = await tx
    .update(promoCodeRedemptions)
    .set({ status: "redeemed" })
    .where(and(eq(promoCodeRedemptions.quotationId, quotationId), eq(promoCodeRedemptions.status, "held")))
    .returning({ id: promoCodeRedemptions.id });
  return rows.length > 0;
}
