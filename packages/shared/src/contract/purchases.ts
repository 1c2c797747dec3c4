import { z } from "zod";
import { recordId } from "../api";
import {
  billLookupRequest,
  billPayer,
  billPlan,
  billPlansQuery,
  billProvider,
  billProvidersQuery,
  billQuotationRequest,
  billService,
  billServicesQuery,
  giftCardProduct,
  giftCardProductsQuery,
  giftCardQuotationRequest,
  operatorsAnswer,
  operatorsQuery,
  PURCHASE_SERVICES,
  purchaseConfirmation,
  purchaseQuotation,
  purchaseTransactionRequest,
  redeemCode,
  topupProduct,
  topupProductsQuery,
  topupQuotationRequest,
} from "../purchases";
import { COUNTRY_DIRECTIONS, country } from "../reference";
import { endpoint } from "./endpoint";

/* Purchases: phone top-ups, gift cards and bill payments, from their catalogues to the order. */

/** A purchase service as the path's first segment names it. */
const serviceParams = z.object({ service: z.enum(PURCHASE_SERVICES) });
const orderParams = z.object({ id: recordId });

export const getPurchaseCountries = endpoint({
  method: "GET",
  path: "/{service}/countries",
  params: z.object({ service: z.enum(["reload-phones", "prepaid-pay-bills"]) }),
  query: z.object({ direction: z.enum(COUNTRY_DIRECTIONS).optional() }),
  response: z.array(country),
});
export const getOperators = endpoint({
  method: "GET",
  path: "/reload-phones/operators",
  query: operatorsQuery,
  response: operatorsAnswer,
});
export const getTopupProducts = endpoint({
  method: "GET",
  path: "/reload-phones/products",
  query: topupProductsQuery,
  response: z.array(topupProduct),
});
export const getGiftCards = endpoint({
  method: "GET",
  path: "/gift-cards/products",
  query: giftCardProductsQuery,
  response: z.array(giftCardProduct),
});
export const getGiftCard = endpoint({
  method: "GET",
  path: "/gift-cards/products/{id}",
  params: z.object({ id: recordId }),
  response: giftCardProduct,
});
export const getBillServices = endpoint({
  method: "GET",
  path: "/prepaid-pay-bills/services",
  query: billServicesQuery,
  response: z.array(billService),
});
export const getBillProviders = endpoint({
  method: "GET",
  path: "/prepaid-pay-bills/providers",
  query: billProvidersQuery,
  response: z.array(billProvider),
});
export const getBillPlans = endpoint({
  method: "GET",
  path: "/prepaid-pay-bills/products",
  query: billPlansQuery,
  response: z.array(billPlan),
});
export const lookUpBill = endpoint({
  method: "POST",
  path: "/bills",
  body: billLookupRequest,
  response: billPayer,
});
/** The same lookup as a query. */
export const getBill = endpoint({
  method: "GET",
  path: "/prepaid-pay-bills/bill",
  query: billLookupRequest,
  response: billPayer,
});
export const createPurchaseQuotation = endpoint({
  method: "POST",
  path: "/{service}/quotation",
  params: serviceParams,
  // Each service prices its own request (the API's route of that service checks which).
  body: z.union([topupQuotationRequest, giftCardQuotationRequest, billQuotationRequest]),
  response: purchaseQuotation,
  status: 201,
});
export const createPurchaseTransaction = endpoint({
  method: "POST",
  path: "/{service}/transaction",
  params: serviceParams,
  body: purchaseTransactionRequest,
  response: purchaseConfirmation,
  status: 201,
});
export const getPurchaseOrder = endpoint({
  method: "GET",
  path: "/{service}/orders/{id}",
  params: serviceParams.extend(orderParams.shape),
  response: purchaseConfirmation,
});
export const revealRedeemCode = endpoint({
  method: "POST",
  path: "/gift-cards/orders/{id}/redeem-code",
  params: orderParams,
  response: redeemCode,
});
