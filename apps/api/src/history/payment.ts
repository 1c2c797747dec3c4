import { fromMinor } from "@vela/shared/decimal";
import type { OrderPayment } from "@vela/shared/orders";
import type { TransferInstructionsView } from "@vela/shared/payments";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { currencies } from "../db/schema/index";
import { findPayment } from "../payments/repository";

/**
 * The order's payment for its details: its status, whether a push transfer is held for review (it
 * arrived with another amount: `metadata.review`, set by the payments lifecycle, and nothing is
 * credited until someone settles it), and the instructions the payment kept, so the bank details
 * and reference can be read again after the PAYMENT step.
 */
export async function orderPaymentOf(db: Db, paymentId: number | null): Promise<OrderPayment | null> {
  if (paymentId === null) return null;
  const row = await findPayment(db, paymentId);
  if (!row) return null;
  const [currency] = await db
    .select({ iso: currencies.iso, decimals: currencies.decimals })
    .from(currencies)
    .where(eq(currencies.id, row.currencyId));
  const decimals = currency?.decimals ?? 2;
  const inReview = row.status === "pending" && row.metadata.review === true;
  const received = row.metadata.received_minor;
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    in_review: inReview,
    amount: fromMinor(row.amountMinor, decimals),
    currency: currency?.iso ?? "",
    received_amount:
      inReview && typeof received === "string" && /^-?\d+$/.test(received)
        ? fromMinor(BigInt(received), decimals)
        : null,
    instructions: (row.metadata.instructions as TransferInstructionsView | undefined) ?? null,
  };
}
