import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/senders";
import type { BasicSenderRequest, SenderService } from "@vela/shared/senders";
import { api } from "@/shared/api/api-client";
import { isApiError } from "@/shared/api/api-error";
import { SENDERS_QUERY_KEY, type SenderListParams } from "./get-senders";

/** The services whose senders take the short form: phone top-ups, gift cards and bills. */
export type PurchaseSenderService = Exclude<SenderService, "consignments">;

/** GET /{service}/senders: the user's senders kept for a purchase service, 10 a page. */
export const purchaseSendersQueryOptions = (
  service: PurchaseSenderService,
  { page, search }: SenderListParams,
) =>
  queryOptions({
    queryKey: [...SENDERS_QUERY_KEY, service, { page, search }],
    queryFn: ({ signal }) =>
      api.call(
        contract.getServiceSenders,
        { params: { service }, query: { page, per_page: 10, search: search.trim() || undefined } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const usePurchaseSenders = (service: PurchaseSenderService, params: SenderListParams) =>
  useQuery(purchaseSendersQueryOptions(service, params));

/** POST /{service}/senders: a sender with the short form (an identity document optional). */
export const createPurchaseSender = (service: PurchaseSenderService, body: BasicSenderRequest) =>
  api.call(contract.createServiceSender, { params: { service }, body });

/** PUT /{service}/senders/{id}: changes a sender with the short form (a document left out is kept). */
export const updatePurchaseSender = (service: PurchaseSenderService, id: number, body: BasicSenderRequest) =>
  api.call(contract.updateServiceSender, { params: { service, id }, body });

/**
 * Why the API refused the sender of a purchase (422 on `sender_id`, e.g. a walk-in customer past the
 * day's amount without an identity document), or null: the flow shows it on its SENDER step.
 */
export const senderRefusalOf = (error: unknown): string | null =>
  isApiError(error) && error.status === 422 ? (error.errors?.sender_id?.[0] ?? null) : null;
