import { randomInt } from "node:crypto";
import { fromMinor } from "@vela/shared/decimal";
import { isPurchaseTerms, type OrderTerms } from "@vela/shared/order-terms";
import { type ConfirmationRecord, ORDER_STATUS_LABELS } from "@vela/shared/orders";
import { isOrderStatus } from "./status";
import type { OrderRow } from "./transition";

// No 0/O, 1/I/L: read aloud or typed from a receipt without doubt.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const randomCode = (length: number) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

/** Our reference shown to the customer: "VL-" and 8 characters. */
export const newOrderRef = () => `VL-${randomCode(8)}`;
/** The public tracking number: 16 random characters (about 79 bits), nothing personal in it. */
export const newTrackingNumber = () => randomCode(16);

export const receiptUrl = (orderId: number) => `/api/orders/generate/${orderId}`;

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * Who or what a purchase (issue 11) went to, where a transfer names its recipient: the gift card's
 * recipient, or the operator or biller and the number or bill reference.
 */
export function purchaseRecipient(terms: OrderTerms): string | null {
  if (!isPurchaseTerms(terms)) return null;
  const { purchase } = terms;
  const named = text(purchase.recipient_name);
  if (purchase.service === "gift-cards") return named ?? text(purchase.account);
  const parts = [text(purchase.provider_name), text(purchase.account)].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** "17.2500000000" → "17.25": the rate as the quotation answered it, without the column's padding. */
export function plainRate(rate: string): string {
  return rate.includes(".") ? rate.replace(/0+$/, "").replace(/\.$/, "") : rate;
}

/** A currency as a record shows it: its code and its digits. */
export type RecordCurrency = { iso: string; decimals: number };

/**
 * Spec §3 confirmation record of an order, from the order and its copy of the terms only (never
 * today's quotation, sender or recipient). `currencies` are the order's currencies when the caller
 * has read them; otherwise the copy in the terms is used.
 */
export function toConfirmationRecord(
  order: OrderRow,
  currencies?: { from: RecordCurrency; to: RecordCurrency },
): ConfirmationRecord {
  const terms = order.terms;
  // Orders placed before a field of the quotation existed fall back to the order's own columns.
  const quotation = terms.quotation ?? {};
  const from = currencies?.from ?? {
    iso: terms.currency_from_iso ?? text(quotation.currency_from_iso) ?? "",
    decimals: terms.currency_from_decimals ?? 2,
  };
  const to = currencies?.to ?? {
    iso: terms.currency_to_iso ?? text(quotation.currency_to_iso) ?? "",
    decimals: terms.currency_to_decimals ?? 2,
  };
  const status = isOrderStatus(order.status) ? order.status : "created";
  const amountFrom = (minor: bigint) => fromMinor(minor, from.decimals);
  return {
    id: order.id,
    order_id: order.id,
    ref: order.ref,
    ref_contract: order.payoutReference ?? order.ref,
    tracking_number: order.trackingNumber,
    status,
    status_label: ORDER_STATUS_LABELS[status],
    quotation_id: order.quotationId,
    payment_detail_id: order.paymentId,
    payment_method: order.paymentMethod,
    recipient_id: order.recipientId,
    recipient_name: text(terms.recipient?.name) ?? purchaseRecipient(terms),
    sender_id: order.senderId,
    sender_name: text(terms.sender?.name),
    // The payout partner is kept by name (payout_partner); there is no partner table to number it.
    service_provider_id: null,
    service_type_id: order.shippingMethodId,
    country_from_id: order.countryFromId,
    country_to_id: order.countryToId,
    currency_from_id: order.currencyFromId,
    currency_to_id: order.currencyToId,
    currency_from_iso: from.iso,
    currency_to_iso: to.iso,
    send_amount: amountFrom(order.sendAmountMinor),
    external_fee_amount: amountFrom(order.externalFeeMinor),
    vela_fee_amount: amountFrom(order.feeMinor),
    discount: amountFrom(order.discountMinor),
    amount_paid: amountFrom(order.amountPaidMinor),
    rate: text(quotation.rate) ?? plainRate(order.rate),
    receiving_amount: fromMinor(order.receivingAmountMinor, to.decimals),
    guaranteed_rate:
      typeof terms.guaranteed_rate === "boolean" ? terms.guaranteed_rate : quotation.guaranteed_rate === true,
    delivery_method: text(terms.delivery_method?.name) ?? text(quotation.shipping_method?.name) ?? "",
    processing_time: text(terms.transfer_time) ?? text(quotation.transfer_time) ?? "",
    processing_time_id: order.shippingMethodId,
    arrive: order.expectedArrivalAt?.toISOString() ?? null,
    pickup_reference: order.pickupReference,
    status_reason: order.statusReason,
    quotation,
    url_pdf: receiptUrl(order.id),
    created_at: order.createdAt.toISOString(),
    date: order.createdAt.toISOString().slice(0, 10),
  };
}

/**
 * When the money should arrive, from the transfer time as priced ("Instant", "Within minutes",
 * "1-2 business days"): the upper bound, counting business days as calendar days plus weekends.
 */
export function expectedArrival(transferTime: string, placedAt: Date): Date {
  const text = transferTime.toLowerCase();
  const at = new Date(placedAt);
  if (text.includes("instant")) return at;
  if (text.includes("minute")) {
    at.setUTCMinutes(at.getUTCMinutes() + 30);
    return at;
  }
  const hours = /(\d+)\s*(?:-\s*(\d+)\s*)?hour/.exec(text);
  if (hours) {
    at.setUTCHours(at.getUTCHours() + Number(hours[2] ?? hours[1]));
    return at;
  }
  const days = /(\d+)\s*(?:-\s*(\d+)\s*)?(business\s+)?day/.exec(text);
  let count = days ? Number(days[2] ?? days[1]) : 1;
  const business = days ? Boolean(days[3]) : true;
  while (count > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (!business || (weekday !== 0 && weekday !== 6)) count -= 1;
  }
  return at;
}

/** The delivery details' labels, English and Spanish, by the recipient form's field key. */
const LABELS: Record<string, readonly [string, string]> = {
  clabe: ["CLABE", "CLABE"],
  iban: ["IBAN", "IBAN"],
  swift_bic: ["SWIFT/BIC", "SWIFT/BIC"],
  bic: ["BIC", "BIC"],
  account_number: ["Account number", "Número de cuenta"],
  account_type: ["Account type", "Tipo de cuenta"],
  account_kind: ["Receive into", "Recibir en"],
  bank_id: ["Bank", "Banco"],
  bank_name: ["Bank", "Banco"],
  branch_code: ["Branch number", "Número de agencia"],
  cpf: ["CPF", "CPF"],
  document_number: ["Document number", "Número de documento"],
  document_type_id: ["Document type", "Tipo de documento"],
  ifsc: ["IFSC code", "Código IFSC"],
  institution_number: ["Institution number", "Número de institución"],
  transit_number: ["Transit number", "Número de tránsito"],
  routing_number: ["Routing number", "Número de ruta"],
  sort_code: ["Sort code", "Código de sucursal"],
  pix_key: ["PIX key", "Clave PIX"],
  phone_number: ["Phone number", "Número de teléfono"],
  wallet_number: ["Wallet number", "Número de billetera"],
  vela_account: ["Vela account", "Cuenta Vela"],
  address: ["Address", "Dirección"],
  address_reference: ["Directions for the courier", "Indicaciones para el repartidor"],
  postal_code: ["Postal code", "Código postal"],
  city: ["City", "Ciudad"],
  state: ["State", "Estado"],
  service_provider_id: ["Provider", "Proveedor"],
  email: ["E-mail", "Correo electrónico"],
};

/** Chosen values the details keep as their key, shown as words (English, Spanish). */
const VALUES: Record<string, readonly [string, string]> = {
  savings: ["Savings", "Ahorros"],
  checking: ["Checking", "Corriente"],
  bank: ["Bank account", "Cuenta bancaria"],
  "e-wallet": ["E-wallet", "Billetera electrónica"],
  pix: ["PIX key", "Clave PIX"],
};

/**
 * The Spanish of what `deliveryDetails` writes in English (the order keeps its details as written;
 * the answer hook translates them on the way out, display/display-text.ts).
 */
export const DELIVERY_TEXT_ES: Readonly<Record<string, string>> = Object.fromEntries([
  ...Object.values(LABELS),
  ...Object.values(VALUES),
  ["Yes", "Sí"],
]);

const labelOf = (key: string) =>
  LABELS[key]?.[0] ?? key.replace(/_/g, " ").replace(/^\w/, (first) => first.toUpperCase());

/** Masks anything that looks like an account or card number: only its last four characters show. */
export function maskValue(key: string, value: string): string {
  const digits = value.replace(/\D/g, "");
  const sensitive = /account|clabe|iban|card|number|cbu|routing/i.test(key) || digits.length >= 8;
  // A value without a digit is a choice, not a number: the account *type* "Checking" stays readable.
  if (!sensitive || value.length <= 4 || digits.length === 0) return value;
  return `•••• ${value.replace(/\s/g, "").slice(-4)}`;
}

/** A recipient's delivery details as the order keeps them: labelled, account numbers masked. */
export function deliveryDetails(details: Record<string, string | boolean>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(details)) {
    if (value === "" || value === null || value === undefined) continue;
    const text = typeof value === "boolean" ? (value ? "Yes" : "No") : String(value);
    out[labelOf(key)] = VALUES[text]?.[0] ?? maskValue(key, text);
  }
  return out;
}
