import { formatMinor } from "@vela/shared/money";
import { PURCHASE_SERVICES, type PurchaseService } from "@vela/shared/purchases";
import { eq, sql } from "drizzle-orm";
import type { Secrets } from "../auth/secrets";
import type { Db } from "../db/client";
import { giftCardCodes, orders } from "../db/schema/index";
import { purchaseOrderTermsOf } from "../orders/terms";
import type { OrderRow } from "../orders/transition";
import type { Providers } from "../plugins/providers";
import type { FulfilmentState } from "../providers/purchases/fulfilment";

/**
 * How the order job delivers a purchase (issue 11): once the order is paid and processing, the
 * aggregator is asked for it under the order's reference (so a retry never buys twice), and its
 * answer moves the order: delivered → sent (the cost is recorded and the ledger posts the cost,
 * commission and FX margin), failed → failed (then refunded in full by the job), pending → look
 * again later. A gift card's code is fetched, sealed and e-mailed before the order completes.
 */
export type DeliveryDeps = { db: Db; providers: Providers; secrets?: Secrets };

export const isPurchaseOrder = (order: OrderRow): order is OrderRow & { service: PurchaseService } =>
  (PURCHASE_SERVICES as readonly string[]).includes(order.service);

/** Asks the aggregator for the purchase (again, with the same reference, when the answer was lost). */
export async function submitPurchase(deps: DeliveryDeps, order: OrderRow): Promise<FulfilmentState> {
  const { purchase, currency_to_iso: currencyIso } = purchaseOrderTermsOf(order);
  const base = { reference: order.ref, amountMinor: order.receivingAmountMinor, currencyIso };
  let state: FulfilmentState;
  switch (purchase.service) {
    case "reload-phones":
      state = await deps.providers.topups.submit({
        ...base,
        operatorId: purchase.operator_id ?? 0,
        productId: purchase.product_id ?? 0,
        phone: purchase.account,
      });
      break;
    case "gift-cards":
      state = await deps.providers.giftcards.submit({
        ...base,
        productId: purchase.product_id ?? 0,
        recipientName: purchase.recipient_name ?? "",
        recipientEmail: purchase.account,
      });
      break;
    case "prepaid-pay-bills":
      state = await deps.providers.bills.submit({
        ...base,
        providerId: purchase.operator_id ?? 0,
        referenceNumber: purchase.account,
        planId: purchase.product_id,
      });
      break;
  }
  await deps.db
    .update(orders)
    .set({ payoutPartner: state.provider, payoutReference: state.transactionId, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  return state;
}

/** The aggregator's current answer about an order already submitted. */
export async function purchaseState(deps: DeliveryDeps, order: OrderRow): Promise<FulfilmentState | null> {
  if (order.payoutReference === null) return submitPurchase(deps, order);
  switch (purchaseOrderTermsOf(order).purchase.service) {
    case "reload-phones":
      return deps.providers.topups.get(order.payoutReference);
    case "gift-cards":
      return deps.providers.giftcards.get(order.payoutReference);
    case "prepaid-pay-bills":
      return deps.providers.bills.get(order.payoutReference);
  }
}

/**
 * A delivered gift card's code: fetched from the issuer, sealed (AES-256-GCM under APP_SECRET) into
 * gift_card_codes, and e-mailed to the recipient once. Safe to run again: the row is kept once, and
 * the e-mail goes only while `emailed_at` is unset (a failed send is retried by the job).
 */
export async function keepGiftCardCode(deps: DeliveryDeps, order: OrderRow): Promise<void> {
  if (order.service !== "gift-cards" || order.payoutReference === null) return;
  if (!deps.secrets) throw new Error("gift card codes need the app's secrets");
  const [kept] = await deps.db.select().from(giftCardCodes).where(eq(giftCardCodes.orderId, order.id));
  let code: { code: string; pin: string | null } | null = null;
  if (!kept) {
    code = await deps.providers.giftcards.redeemCode(order.payoutReference);
    if (!code) throw new Error(`gift card of order ${order.id} delivered without a code`);
    await deps.db
      .insert(giftCardCodes)
      .values({
        orderId: order.id,
        codeSealed: deps.secrets.encrypt(code.code),
        pinSealed: code.pin === null ? null : deps.secrets.encrypt(code.pin),
      })
      .onConflictDoNothing();
  }
  const [row] = await deps.db.select().from(giftCardCodes).where(eq(giftCardCodes.orderId, order.id));
  if (!row || row.emailedAt !== null) return;
  const plain = {
    code: deps.secrets.decrypt(row.codeSealed),
    pin: row.pinSealed ? deps.secrets.decrypt(row.pinSealed) : null,
  };
  const { purchase, currency_to_decimals: digits } = purchaseOrderTermsOf(order);
  const value = formatMinor(order.receivingAmountMinor, digits ?? 2, {
    currencyIso: purchase.face_currency_iso,
  });
  await deps.providers.email.send({
    to: purchase.account,
    subject: `Your ${purchase.provider_name} gift card (${value})`,
    text: [
      `Hello ${purchase.recipient_name ?? ""},`.replace(" ,", ","),
      "",
      `You have received a ${purchase.product_name} gift card worth ${value} through Vela.`,
      purchase.message ? `\nMessage: ${purchase.message}\n` : "",
      `Redeem code: ${plain.code}`,
      plain.pin ? `PIN: ${plain.pin}` : "",
      "",
      purchase.redeem_instructions ? `How to redeem: ${purchase.redeem_instructions}` : "",
      `Order reference: ${order.ref}`,
    ]
      .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
      .join("\n"),
  });
  await deps.db
    .update(giftCardCodes)
    .set({ emailedAt: sql`now()` })
    .where(eq(giftCardCodes.orderId, order.id));
}
