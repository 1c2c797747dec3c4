import { z } from "zod";
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
import { get, post } from "./endpoint";
import { idParams, serviceParams } from "./params";

/* Purchases: phone top-ups, gift cards and bill payments, from their catalogues to the order. */

/** A purchase service as the path's first segment names it. */
const purchaseServiceParams = serviceParams(PURCHASE_SERVICES);

export const getPurchaseCountries = get("/{service}/countries", z.array(country), {
  params: serviceParams(["reload-phones", "prepaid-pay-bills"]),
  query: z.object({ direction: z.enum(COUNTRY_DIRECTIONS).optional() }),
});
export const getOperators = get("/reload-phones/operators", operatorsAnswer, { query: operatorsQuery });
export const getTopupProducts = get("/reload-phones/products", z.array(topupProduct), {
  query: topupProductsQuery,
});
export const getGiftCards = get("/gift-cards/products", z.array(giftCardProduct), {
  query: giftCardProductsQuery,
});
export const getGiftCard = get("/gift-cards/products/{id}", giftCardProduct, { params: idParams });
export const getBillServices = get("/prepaid-pay-bills/services", z.array(billService), {
  query: billServicesQuery,
});
export const getBillProviders = get("/prepaid-pay-bills/providers", z.array(billProvider), {
  query: billProvidersQuery,
});
export const getBillPlans = get("/prepaid-pay-bills/products", z.array(billPlan), { query: billPlansQuery });
export const lookUpBill = post("/bills", billPayer, { body: billLookupRequest });
/** The same lookup as a query. */
export const getBill = get("/prepaid-pay-bills/bill", billPayer, { query: billLookupRequest });
export const createPurchaseQuotation = post("/{service}/quotation", purchaseQuotation, {
  params: purchaseServiceParams,
  // Each service prices its own request (the API's route of that service checks which).
  body: z.union([topupQuotationRequest, giftCardQuotationRequest, billQuotationRequest]),
  status: 201,
});
export const createPurchaseTransaction = post("/{service}/transaction", purchaseConfirmation, {
  params: purchaseServiceParams,
  body: purchaseTransactionRequest,
  status: 201,
});
export const getPurchaseOrder = get("/{service}/orders/{id}", purchaseConfirmation, {
  params: purchaseServiceParams.extend(idParams.shape),
});
export const revealRedeemCode = post("/gift-cards/orders/{id}/redeem-code", redeemCode, { params: idParams });
