import type { ConfirmationRecord } from "@vela/shared/orders";
import type { Quotation } from "@vela/shared/pricing";

/** What an order copies from the quotation it was placed on: its currencies and amounts. */
export type QuotedAmounts = Pick<
  Quotation,
  | "id"
  | "currency_from_id"
  | "currency_to_id"
  | "currency_from_iso"
  | "currency_to_iso"
  | "send_amount"
  | "vela_fee_amount"
  | "amount_paid"
  | "rate"
  | "receiving_amount"
>;

/** What differs from one test backend's orders to another's. */
type RecordFields = Pick<
  ConfirmationRecord,
  | "ref"
  | "ref_contract"
  | "tracking_number"
  | "status"
  | "status_label"
  | "payment_detail_id"
  | "payment_method"
  | "delivery_method"
  | "created_at"
> &
  Partial<ConfirmationRecord>;

/**
 * A transaction's record as the API answers it, placed on `quotation` on 2026-11-23: its amounts
 * at a guaranteed rate, no other fees nor discount, processed at once, nobody named and no corridor
 * unless `fields` says so.
 */
export const confirmationRecordOf = (
  id: number,
  quotation: QuotedAmounts,
  fields: RecordFields,
): ConfirmationRecord => ({
  id,
  order_id: id,
  quotation_id: quotation.id,
  recipient_id: null,
  recipient_name: null,
  sender_id: null,
  sender_name: null,
  service_provider_id: null,
  service_type_id: null,
  country_from_id: null,
  country_to_id: null,
  currency_from_id: quotation.currency_from_id,
  currency_to_id: quotation.currency_to_id,
  currency_from_iso: quotation.currency_from_iso,
  currency_to_iso: quotation.currency_to_iso,
  send_amount: quotation.send_amount,
  external_fee_amount: "0.00",
  vela_fee_amount: quotation.vela_fee_amount,
  discount: "0.00",
  amount_paid: quotation.amount_paid,
  rate: quotation.rate,
  receiving_amount: quotation.receiving_amount,
  guaranteed_rate: true,
  processing_time: "Instant",
  processing_time_id: null,
  arrive: null,
  pickup_reference: null,
  status_reason: null,
  quotation: {},
  url_pdf: `/api/orders/generate/${id}`,
  date: "2026-11-23",
  ...fields,
});
