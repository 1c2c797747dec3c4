import {
  isPurchaseTerms,
  type OrderTerms,
  type PricedTerms,
  type PurchaseOrderTerms,
  type TermsDeliveryMethod,
  type TermsRecipient,
  type TermsSender,
} from "@vela/shared/order-terms";
import type { Quotation } from "@vela/shared/pricing";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { currencies, type recipients } from "../db/schema/index";
import { recipientName } from "../recipients/repository";
import { deliveryDetails } from "./confirmation";
import type { OrderRow } from "./transition";

/*
 * The one place an order's copy of its terms is built (packages/shared/src/order-terms.ts says what
 * each service keeps): the quotation as priced and its currencies' digits, plus what the service
 * names (its parties, its wallets, what was bought).
 */

/** The digits of an order's two currencies, as its copy of the terms keeps them. */
export type CurrencyDigits = Pick<PricedTerms, "currency_from_decimals" | "currency_to_decimals">;

/**
 * What a service adds to the priced terms: `service`, the parties and its own part; and the
 * delivery method when it keeps another than the quotation's (send money keeps the method's row).
 */
export type TermsParts = OrderTerms extends infer Terms
  ? Terms extends OrderTerms
    ? Omit<Terms, keyof PricedTerms> & { delivery_method?: TermsDeliveryMethod | null }
    : never
  : never;

/** The copy of the terms an order of `parts.service` keeps, from its quotation as priced. */
export function orderTerms(quotation: Quotation, digits: CurrencyDigits, parts: TermsParts): OrderTerms {
  return {
    quotation,
    delivery_method: quotation.shipping_method_id
      ? {
          id: quotation.shipping_method_id,
          name: quotation.shipping_method.name,
          slug: quotation.shipping_method.slug,
        }
      : null,
    transfer_time: quotation.transfer_time,
    guaranteed_rate: quotation.guaranteed_rate,
    currency_from_iso: quotation.currency_from_iso,
    currency_to_iso: quotation.currency_to_iso,
    ...digits,
    ...parts,
  };
}

/** The digits of a quotation's two currencies (2 for one the reference data lost). */
export async function currencyDigits(
  db: Db,
  ids: { currencyFromId: number; currencyToId: number },
): Promise<CurrencyDigits> {
  const rows = await db
    .select({ id: currencies.id, decimals: currencies.decimals })
    .from(currencies)
    .where(inArray(currencies.id, [ids.currencyFromId, ids.currencyToId]));
  const digits = (id: number) => rows.find((row) => row.id === id)?.decimals ?? 2;
  return {
    currency_from_decimals: digits(ids.currencyFromId),
    currency_to_decimals: digits(ids.currencyToId),
  };
}

/** A saved sender as the terms keep them: their name and country. */
export const senderTerms = (
  id: number,
  sender: { firstName: string; lastName: string },
  countryIso: string | null,
): TermsSender => ({ id, name: `${sender.firstName} ${sender.lastName}`.trim(), country_iso: countryIso });

/** A saved recipient as the terms keep them: names, country and delivery details, numbers masked. */
export const recipientTerms = (
  recipient: typeof recipients.$inferSelect,
  countryIso: string | null,
): TermsRecipient => ({
  id: recipient.id,
  name: recipientName(recipient),
  first_name: recipient.firstName,
  last_name: recipient.lastName,
  country_iso: countryIso,
  delivery: deliveryDetails(recipient.details),
});

/** A purchase order's terms (what was bought); any other order here is a bug. */
export function purchaseOrderTermsOf(order: OrderRow): PurchaseOrderTerms {
  const terms = order.terms;
  if (!isPurchaseTerms(terms)) throw new Error(`order ${order.id} (${terms.service}) is not a purchase`);
  return terms;
}
