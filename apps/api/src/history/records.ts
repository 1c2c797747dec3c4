import { fromMinor } from "@vela/shared/decimal";
import {
  type ConfirmationRecord,
  ORDER_SERVICES,
  ORDER_STATUS_LABELS,
  type OrderDetails,
  type OrderListItem,
  type OrderStatus,
  type StatusStep,
  type TrackingAnswer,
} from "@vela/shared/orders";
import { purchaseRecipient, toConfirmationRecord } from "../orders/confirmation";
import { isOrderStatus } from "../orders/status";
import type { HistoryOrder, OrderRow, StatusHistoryRow } from "./repository";

/*
 * How the history describes an order: from its own columns and the copy of the terms it keeps
 * (`orders.terms`), never from today's quotation, sender or recipient. The record itself is the
 * orders module's (`toConfirmationRecord`), the same one POST /consignments/transaction answers.
 */

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** A status the database holds, as one of ours (an unknown one would be a bug: call it created). */
function statusOf(value: string): OrderStatus {
  return isOrderStatus(value) ? value : "created";
}

export const serviceName = (service: string) =>
  (ORDER_SERVICES as Record<string, string>)[service] ?? service;

export function toOrderListItem(
  { order, currencyFrom, currencyTo, countryToIso }: HistoryOrder,
  inReview = false,
): OrderListItem {
  const { terms } = order;
  const status = statusOf(order.status);
  return {
    id: order.id,
    ref: order.ref,
    tracking_number: order.trackingNumber,
    service: order.service,
    service_name: serviceName(order.service),
    status,
    status_label: ORDER_STATUS_LABELS[status],
    send_amount: fromMinor(order.sendAmountMinor, currencyFrom.decimals),
    amount_paid: fromMinor(order.amountPaidMinor, currencyFrom.decimals),
    currency_from_iso: currencyFrom.iso,
    receiving_amount: fromMinor(order.receivingAmountMinor, currencyTo.decimals),
    currency_to_iso: currencyTo.iso,
    recipient_name: text(terms.recipient?.name) ?? purchaseRecipient(terms),
    country_to_iso: countryToIso ?? text(terms.recipient?.country_iso),
    created_at: order.createdAt.toISOString(),
    in_review: inReview,
  };
}

/** The spec §3 confirmation record of an order, with the currencies the history query read. */
export const toHistoryRecord = ({ order, currencyFrom, currencyTo }: HistoryOrder): ConfirmationRecord =>
  toConfirmationRecord(order, { from: currencyFrom, to: currencyTo });

/** The order's steps, oldest first; an order without history rows shows where it stands now. */
export function timelineOf(
  order: OrderRow,
  history: StatusHistoryRow[],
): (StatusStep & { reason: string | null })[] {
  if (history.length === 0) {
    const status = statusOf(order.status);
    return [{ status, label: ORDER_STATUS_LABELS[status], at: order.createdAt.toISOString(), reason: null }];
  }
  return history.map((row) => {
    const status = statusOf(row.toStatus);
    return {
      status,
      label: ORDER_STATUS_LABELS[status],
      at: row.createdAt.toISOString(),
      reason: row.reason,
    };
  });
}

export function toOrderDetails(
  found: HistoryOrder,
  history: StatusHistoryRow[],
  payment: OrderDetails["payment"] = null,
): OrderDetails {
  const { terms } = found.order;
  return {
    ...toHistoryRecord(found),
    service: found.order.service,
    service_name: serviceName(found.order.service),
    timeline: timelineOf(found.order, history),
    // An order placed before its terms named the parties has neither.
    recipient: terms.recipient ?? null,
    sender: terms.sender ?? null,
    payment,
  };
}

/** What anyone holding the tracking number may see: statuses and dates, nothing about the people. */
export function toTrackingAnswer(order: OrderRow, history: StatusHistoryRow[]): TrackingAnswer {
  const status = statusOf(order.status);
  return {
    tracking_number: order.trackingNumber,
    status,
    status_label: ORDER_STATUS_LABELS[status],
    expected_arrival_at: order.expectedArrivalAt?.toISOString() ?? null,
    timeline: timelineOf(order, history).map(({ status: step, label, at }) => ({ status: step, label, at })),
  };
}
