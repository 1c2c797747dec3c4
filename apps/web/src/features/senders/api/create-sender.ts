import * as contract from "@vela/shared/contract/senders";
import type { ConsignmentSenderRequest } from "@vela/shared/senders";
import { api } from "@/shared/api/api-client";

/** POST /consignments/senders: a sender with the full identity form (201 with the sender). */
export const createSender = (body: ConsignmentSenderRequest) =>
  api.call(contract.createConsignmentSender, { body });
