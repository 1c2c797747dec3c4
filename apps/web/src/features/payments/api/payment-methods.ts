import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/payments";
import type { PaymentUrl } from "@vela/shared/payments";
import { api } from "@/shared/api/api-client";

/** GET /payments/payment-methods/{quotation_id}: the methods offered for the quotation's corridor and amount. */
export const paymentMethodsQueryOptions = (quotationId: number) =>
  queryOptions({
    queryKey: ["payments", "methods", quotationId],
    queryFn: ({ signal }) =>
      api.call(contract.getPaymentMethods, { params: { quotation_id: quotationId } }, { signal }),
  });

export const usePaymentMethods = (quotationId: number) => useQuery(paymentMethodsQueryOptions(quotationId));

export type SetPaymentMethod = {
  payment_type_id: number;
  payment_sub_type_id?: number;
  url: PaymentUrl;
  payment_currency_id: number;
  country_iso: string;
};

/** PUT /quotations/payment-method/{id} (spec §7): answers the quotation summary with the method's fee. */
export const setPaymentMethod = (quotationId: number, body: SetPaymentMethod) =>
  api.call(contract.setPaymentMethod, { params: { id: quotationId }, body });
