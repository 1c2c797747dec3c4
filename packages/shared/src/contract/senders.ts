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
import { del, get, patch, post, put } from "./endpoint";

/* The people money is sent on behalf of. */

const listQuery = senderListQuery.omit({ service: true });

export const getSenders = get("/senders", paginated(sender), { query: senderListQuery });
/** A sender of the signed-in user, with the full identity form (as for consignments). */
export const createSender = post("/senders", sender, { body: consignmentSenderRequest, status: 201 });

/** The services whose senders take the short form (a name and an e-mail address or phone number). */
const basicServiceParams = z.object({ service: z.enum(SENDER_SERVICES).exclude(["consignments"]) });
export const getServiceSenders = get("/{service}/senders", paginated(sender), {
  params: basicServiceParams,
  query: listQuery,
});
export const createServiceSender = post("/{service}/senders", sender, {
  params: basicServiceParams,
  body: basicSenderRequest,
  status: 201,
});
/** Changes a sender with the short form (and its optional identity document). */
export const updateServiceSender = put("/{service}/senders/{id}", sender, {
  params: basicServiceParams.extend(senderIdParams.shape),
  body: basicSenderRequest,
});
export const getConsignmentSenders = get("/consignments/senders", paginated(sender), { query: listQuery });
export const createConsignmentSender = post("/consignments/senders", sender, {
  body: consignmentSenderRequest,
  status: 201,
});
export const updateConsignmentSender = put("/consignments/senders/{id}", sender, {
  params: senderIdParams,
  body: consignmentSenderRequest,
});
export const getAgentSenders = get("/agents/senders", paginated(sender), { query: listQuery });
export const toggleSender = patch("/senders/{id}", sender, { params: senderIdParams });
export const deleteSender = del("/senders/{id}", z.null(), { params: senderIdParams });
export const addSenderToQuotation = put("/consignments/quotation/{id}/add-sender", quotationSelection, {
  params: senderIdParams,
  body: addSenderRequest,
});
