import * as contract from "@vela/shared/contract/senders";
import type { ConsignmentSenderRequest } from "@vela/shared/senders";
import { api } from "@/shared/api/api-client";

/** PUT /consignments/senders/{id}: replaces a sender's details with the consignments form. */
export const updateSender = (id: number, body: ConsignmentSenderRequest) =>
  api.call(contract.updateConsignmentSender, { params: { id }, body });
