import { z } from "zod";
import { paginated } from "../api";
import { quotationSelection } from "../recipients";
import {
  addSenderRequest,
  basicSenderRequest,
  consignmentSenderRequest,
  SENDER_SERVICES,
  sender,
  senderIdParams,
  senderListQuery,
} from "../senders";
import { endpoint } from "./endpoint";

/* The people money is sent on behalf of. */

const listQuery = senderListQuery.omit({ service: true });

export const getSenders = endpoint({
  method: "GET",
  path: "/senders",
  query: senderListQuery,
  response: paginated(sender),
});
/** A sender of the signed-in user, with the full identity form (as for consignments). */
export const createSender = endpoint({
  method: "POST",
  path: "/senders",
  body: consignmentSenderRequest,
  response: sender,
  status: 201,
});

/** The services whose senders take the short form (a name and an e-mail address or phone number). */
const basicServiceParams = z.object({ service: z.enum(SENDER_SERVICES).exclude(["consignments"]) });
export const getServiceSenders = endpoint({
  method: "GET",
  path: "/{service}/senders",
  params: basicServiceParams,
  query: listQuery,
  response: paginated(sender),
});
export const createServiceSender = endpoint({
  method: "POST",
  path: "/{service}/senders",
  params: basicServiceParams,
  body: basicSenderRequest,
  response: sender,
  status: 201,
});
export const getConsignmentSenders = endpoint({
  method: "GET",
  path: "/consignments/senders",
  query: listQuery,
  response: paginated(sender),
});
export const createConsignmentSender = endpoint({
  method: "POST",
  path: "/consignments/senders",
  body: consignmentSenderRequest,
  response: sender,
  status: 201,
});
export const updateConsignmentSender = endpoint({
  method: "PUT",
  path: "/consignments/senders/{id}",
  params: senderIdParams,
  body: consignmentSenderRequest,
  response: sender,
});
export const getAgentSenders = endpoint({
  method: "GET",
  path: "/agents/senders",
  query: listQuery,
  response: paginated(sender),
});
export const toggleSender = endpoint({
  method: "PATCH",
  path: "/senders/{id}",
  params: senderIdParams,
  response: sender,
});
export const deleteSender = endpoint({
  method: "DELETE",
  path: "/senders/{id}",
  params: senderIdParams,
  response: z.null(),
});
export const addSenderToQuotation = endpoint({
  method: "PUT",
  path: "/consignments/quotation/{id}/add-sender",
  params: senderIdParams,
  body: addSenderRequest,
  response: quotationSelection,
});
