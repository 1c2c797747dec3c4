import { fromMinor } from "@vela/shared/decimal";
import type { Payment, TransferInstructionsView } from "@vela/shared/payments";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { currencies, paymentProfiles, payments } from "../db/schema/index";
import { NotFoundError } from "../http/errors";
import { LIVE_PAYMENT_STATUSES } from "../pricing/quotes";

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/**
 * Statuses that hold a quotation: a second payment for it is refused while one of these stands, and
 * the quotation cannot change (pricing's LIVE_PAYMENT_STATUSES).
 */
export const HOLDING_STATUSES = LIVE_PAYMENT_STATUSES;

export async function findPayment(db: Db, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

/** The user's own payment; another user's is not found, never forbidden. */
export async function ownPayment(db: Db, userId: number, id: number): Promise<PaymentRow> {
  const row = await findPayment(db, id);
  if (!row || row.userId !== userId) throw new NotFoundError("Payment not found.");
  return row;
}

export async function findPaymentByKey(db: Db, userId: number, key: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
  return row ?? null;
}

export async function findPaymentByReference(
  db: Db,
  channels: readonly string[],
  reference: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.channel, [...channels]), eq(payments.providerReference, reference)));
  return row ?? null;
}

export async function holdingPayment(db: Db, quotationId: number): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.quotationId, quotationId), inArray(payments.status, [...HOLDING_STATUSES])));
  return row ?? null;
}

/** A payment as every payment endpoint answers it: amounts in the currency's digits, instruments masked. */
export async function toPaymentView(db: Db, row: PaymentRow): Promise<Payment> {
  const [currency] = await db.select().from(currencies).where(eq(currencies.id, row.currencyId));
  const [profile] = row.paymentProfileId
    ? await db.select().from(paymentProfiles).where(eq(paymentProfiles.id, row.paymentProfileId))
    : [];
  const instructions = (row.metadata.instructions as TransferInstructionsView | undefined) ?? null;
  return {
    id: row.id,
    quotation_id: row.quotationId,
    method: row.method,
    status: row.status,
    amount: fromMinor(row.amountMinor, currency?.decimals ?? 2),
    currency: currency?.iso ?? "",
    redirect_url: row.status === "requires_action" || row.status === "pending" ? row.redirectUrl : null,
    failure_message: row.failureMessage,
    card: profile?.kind === "card" ? { brand: profile.cardBrand ?? "card", last4: profile.last4 } : null,
    bank: profile?.kind === "bank" ? { bank_name: profile.bankName ?? "", last4: profile.last4 } : null,
    instructions,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Which of these payments are push transfers held for review (they arrived with another amount:
 * pending with `metadata.review`, as the payments lifecycle records it).
 */
export async function paymentsInReview(db: Db, paymentIds: number[]): Promise<Set<number>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        inArray(payments.id, paymentIds),
        eq(payments.status, "pending"),
        sql`${payments.metadata} ->> 'review' = 'true'`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}
