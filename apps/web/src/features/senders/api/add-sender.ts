import * as contract from "@vela/shared/contract/senders";
import { api } from "@/shared/api/api-client";

/** PUT /consignments/quotation/{id}/add-sender: names the quotation's sender; answers send_data and summary. */
export const addSenderToQuotation = (quotationId: number, senderId: number) =>
  api.call(contract.addSenderToQuotation, { params: { id: quotationId }, body: { sender_id: senderId } });
