import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import * as pricing from "@vela/shared/contract/pricing";
import * as contract from "@vela/shared/contract/wallets";
import type { Quotation } from "@vela/shared/pricing";
import { api } from "@/shared/api/api-client";
import { forSend, type WalletMoneyService, type WalletPriceRequest } from "./money-services";

/** POST /wallets/{service}/quotation/create: holds the price (the rate locked until `expires_at`). */
export const createWalletQuotation = (
  service: WalletMoneyService,
  request: WalletPriceRequest,
): Promise<Quotation> =>
  service === "send-money"
    ? api.call(contract.createWalletSendQuotation, { body: forSend(request) })
    : api.call(contract.createWalletQuotation, { params: { service }, body: request });

/** GET /quotations/{id}: the flow's quotation again (after a reload). */
export const walletQuotationQueryOptions = (quotationId: number) =>
  queryOptions({
    queryKey: ["quotations", quotationId],
    queryFn: ({ signal }) => api.call(pricing.getQuotation, { params: { id: quotationId } }, { signal }),
  });

/**
 * AMOUNT's "continue": creates the quotation and keeps it in the query cache (the next step reads
 * it without asking again); `onCreated` moves the flow on.
 */
export const useCreateWalletQuotation = (
  service: WalletMoneyService,
  onCreated: (quotationId: number) => void,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: WalletPriceRequest) => createWalletQuotation(service, request),
    onSuccess: (created) => {
      queryClient.setQueryData(walletQuotationQueryOptions(created.id).queryKey, created);
      onCreated(created.id);
    },
  });
};
