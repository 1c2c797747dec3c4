import * as contract from "@vela/shared/contract/recipients";
import type { FormValues } from "@vela/shared/dynamic-form";
import type { z } from "zod";
import { api } from "@/shared/api/api-client";
import type { RecipientTarget } from "./types";

/** The flat body of POST and PUT /recipients: the form's parameters and its values. */
export type RecipientBody = RecipientTarget & { sender_id?: number } & {
  [key: string]: FormValues[string] | number | undefined;
};

/** POST /api/recipients (201, "Recipient saved.") or PUT /api/recipients/{id}: answers the message too. */
export const saveRecipient = (recipient: RecipientBody, id: number | null) => {
  // The form's values under their own keys beside the target; ids are numbers the schema reads too.
  const body = recipient as z.input<typeof contract.createRecipient.body>;
  return id === null
    ? api.exchangeCall(contract.createRecipient, { body })
    : api.exchangeCall(contract.updateRecipient, { params: { id }, body });
};

/** PATCH /api/recipients/{id}: turns a recipient on or off. */
export const toggleRecipient = (id: number) => api.call(contract.toggleRecipient, { params: { id } });

/** DELETE /api/recipients/{id}: soft-deletes it (past orders keep it). */
export const deleteRecipient = (id: number) => api.exchangeCall(contract.deleteRecipient, { params: { id } });

/** PUT /api/consignments/quotation/{id}/add-recipient: the quotation's recipient (spec §4). */
export const addRecipientToQuotation = (quotationId: number, recipientId: number) =>
  api.call(contract.addRecipientToQuotation, {
    params: { id: quotationId },
    body: { recipient_id: recipientId },
  });
