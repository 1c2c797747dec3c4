import type { FormValues } from "@vela/shared/dynamic-form";
import { api } from "@/shared/api/api-client";
import type { Recipient, RecipientChoice, RecipientTarget } from "./types";

/** The flat body of POST and PUT /recipients: the form's parameters and its values. */
export type RecipientBody = RecipientTarget & { sender_id?: number } & {
  [key: string]: FormValues[string] | number | undefined;
};

/** POST /api/recipients (201, "Recipient saved.") or PUT /api/recipients/{id}: answers the message too. */
export const saveRecipient = (body: RecipientBody, id: number | null) =>
  id === null
    ? api.exchange<Recipient>("POST", "recipients", { body })
    : api.exchange<Recipient>("PUT", `recipients/${id}`, { body });

/** PATCH /api/recipients/{id}: turns a recipient on or off. */
export const toggleRecipient = (id: number) => api.patch<Recipient>(`recipients/${id}`);

/** DELETE /api/recipients/{id}: soft-deletes it (past orders keep it). */
export const deleteRecipient = (id: number) => api.exchange<unknown>("DELETE", `recipients/${id}`);

/** PUT /api/consignments/quotation/{id}/add-recipient: the quotation's recipient (spec §4). */
export const addRecipientToQuotation = (quotationId: number, recipientId: number) =>
  api.put<RecipientChoice>(`consignments/quotation/${quotationId}/add-recipient`, {
    recipient_id: recipientId,
  });
