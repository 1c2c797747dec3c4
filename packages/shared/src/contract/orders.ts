import { z } from "zod";
import { paginated, recordId } from "../api";
import {
  confirmationRecord,
  orderDetails,
  orderListItem,
  ordersQuery,
  trackingAnswer,
  transactionRequest,
} from "../orders";
import { endpoint } from "./endpoint";

/* Orders: the history, one order's details, tracking, and placing a transfer. */

/** A choice of the history's filters. */
export const selectOption = z.object({ id: z.string(), name: z.string() });
const orderParams = z.object({ id: recordId });

export const getOrders = endpoint({
  method: "GET",
  path: "/orders",
  query: ordersQuery,
  response: paginated(orderListItem),
});
export const getOrderServices = endpoint({
  method: "GET",
  path: "/orders/selects/services",
  response: z.array(selectOption),
});
export const getOrderStatuses = endpoint({
  method: "GET",
  path: "/orders/selects/statuses",
  response: z.array(selectOption),
});
export const getOrderDetails = endpoint({
  method: "GET",
  path: "/orders/{id}/details",
  params: orderParams,
  response: orderDetails,
});
/** One order of the dashboard's recent activity: the same answer as its details. */
export const getRecentActivityOrder = endpoint({
  method: "GET",
  path: "/recent_activity/{id}",
  params: orderParams,
  response: orderDetails,
});
export const getRecentActivity = endpoint({
  method: "GET",
  path: "/dashboard/recent-activity",
  response: z.array(orderListItem),
});
export const getTracking = endpoint({
  method: "GET",
  path: "/tracking/{tracking_number}",
  params: z.object({ tracking_number: z.string().trim().min(1).max(64) }),
  response: trackingAnswer,
});
/** Places the transfer of a paid quotation: its confirmation record. */
const transferPlacement = <const P extends `/${string}`>(path: P) =>
  endpoint({ method: "POST", path, body: transactionRequest, response: confirmationRecord, status: 201 });
export const createConsignmentTransaction = transferPlacement("/consignments/transaction");
/** The same as /consignments/transaction. */
export const createSendMoneyTransaction = transferPlacement("/send_money");
/** The user's latest transfer (for send again), or null. */
export const getLastTransaction = endpoint({
  method: "GET",
  path: "/consignments/last-transaction",
  response: confirmationRecord.nullable(),
});
