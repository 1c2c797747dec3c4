import { z } from "zod";
import { paginated } from "../api";
import {
  confirmationRecord,
  orderDetails,
  orderListItem,
  ordersQuery,
  trackingAnswer,
  transactionRequest,
} from "../orders";
import { get, post } from "./endpoint";
import { idParams } from "./params";

/* Orders: the history, one order's details, tracking, and placing a transfer. */

/** A choice of the history's filters. */
export const selectOption = z.object({ id: z.string(), name: z.string() });

export const getOrders = get("/orders", paginated(orderListItem), { query: ordersQuery });
export const getOrderServices = get("/orders/selects/services", z.array(selectOption));
export const getOrderStatuses = get("/orders/selects/statuses", z.array(selectOption));
export const getOrderDetails = get("/orders/{id}/details", orderDetails, { params: idParams });
/** One order of the dashboard's recent activity: the same answer as its details. */
export const getRecentActivityOrder = get("/recent_activity/{id}", orderDetails, { params: idParams });
export const getRecentActivity = get("/dashboard/recent-activity", z.array(orderListItem));
export const getTracking = get("/tracking/{tracking_number}", trackingAnswer, {
  params: z.object({ tracking_number: z.string().trim().min(1).max(64) }),
});
/** Places the transfer of a paid quotation: its confirmation record. */
const transferPlacement = <const P extends `/${string}`>(path: P) =>
  post(path, confirmationRecord, { body: transactionRequest, status: 201 });
export const createConsignmentTransaction = transferPlacement("/consignments/transaction");
/** The same as /consignments/transaction. */
export const createSendMoneyTransaction = transferPlacement("/send_money");
/** The user's latest transfer (for send again), or null. */
export const getLastTransaction = get("/consignments/last-transaction", confirmationRecord.nullable());
