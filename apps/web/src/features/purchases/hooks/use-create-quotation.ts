import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PurchaseQuotation, PurchaseService } from "@vela/shared/purchases";
import { isApiError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";
import { amountRefusalOf } from "@/shared/ui/amount-refusal";
import {
  createPurchaseQuotation,
  type PurchaseQuotationRequest,
  purchaseQuotationQueryOptions,
} from "../api/orders";
import { PURCHASE_FLOW_STORES, type PurchaseFlowStore } from "../stores/purchase-flow-store";

/**
 * A refused sender (422 on sender_id: a walk-in customer past the day's amount without a document)
 * is kept in the flow, which goes back to SENDER to show it. Answers whether the error was one.
 */
export const noteSenderRefusal = (store: PurchaseFlowStore, error: unknown): boolean => {
  const refusal = isApiError(error) && error.status === 422 ? error.errors?.sender_id?.[0] : undefined;
  if (refusal) store.getState().senderRefused(refusal);
  return refusal !== undefined;
};

/**
 * A first step's "continue": creates the quotation and keeps it in the query cache (the next steps
 * read it there, `item` included). A 422's field messages stay with the form (`fieldErrors`); any
 * other refusal is notified.
 */
export const useCreatePurchaseQuotation = <S extends PurchaseService>(
  service: S,
  onCreated: (quotation: PurchaseQuotation) => void,
) => {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: PurchaseQuotationRequest[S]) => {
      // An agent's purchase names the walk-in customer chosen on the SENDER step.
      const senderId = PURCHASE_FLOW_STORES[service].getState().sender_id;
      return createPurchaseQuotation(service, senderId === null ? body : { ...body, sender_id: senderId });
    },
    onSuccess: (quotation) => {
      queryClient.setQueryData(purchaseQuotationQueryOptions(quotation.id).queryKey, quotation);
      onCreated(quotation);
    },
    meta: { notifyOnError: false },
    onError: (error) => {
      if (!noteSenderRefusal(PURCHASE_FLOW_STORES[service], error)) notifyApiError(error);
    },
  });
  const errors = isApiError(mutation.error) ? (mutation.error.errors ?? {}) : {};
  const isAmountRefused = amountRefusalOf(mutation.error) !== null;
  return {
    ...mutation,
    /**
     * The first message of a field the API refused, or undefined. A refused `amount` is the step's
     * `AmountRefusal` (beside Continue, with the way to raise the limit), not the field's.
     */
    fieldError: (field: string): string | undefined =>
      field === "amount" && isAmountRefused ? undefined : errors[field]?.[0],
  };
};

/** The first message of a refused field of any failed request, or undefined. */
export const fieldErrorOf = (error: unknown, field: string): string | undefined =>
  isApiError(error) ? error.errors?.[field]?.[0] : undefined;
