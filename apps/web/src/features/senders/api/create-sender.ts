import type { ConsignmentSenderRequest, Sender } from "@vela/shared/senders";
import { api } from "@/shared/api/api-client";

/** POST /consignments/senders: a sender with the full identity form (201 with the sender). */
export const createSender = (body: ConsignmentSenderRequest) =>
  api.post<Sender>("consignments/senders", body);
