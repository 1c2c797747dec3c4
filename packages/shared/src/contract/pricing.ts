import { z } from "zod";
import { recordId } from "../api";
import {
  calculation,
  calculatorRequest,
  homeCalculatorQuery,
  limitsAnswer,
  limitsQuery,
  promoCodeRequest,
  promoCodeTerms,
  quotation,
  recalculateRequest,
  shippingMethod,
} from "../pricing";
import { currency } from "../reference";
import { endpoint } from "./endpoint";

/* Sending money: the corridor's choices, its limits, the price and the quotation that holds it. */

const quotationParams = z.object({ id: recordId });

/** A signed-in calculator: any corridor and delivery method, with promo codes. */
const calculator = <const P extends `/${string}`>(path: P) =>
  endpoint({ method: "POST", path, body: calculatorRequest, response: calculation });
/** A quotation priced as a consignment. */
const consignmentQuotation = <const P extends `/${string}`>(path: P) =>
  endpoint({ method: "POST", path, body: calculatorRequest, response: quotation, status: 201 });

export const getShippingMethods = endpoint({
  method: "GET",
  path: "/shipping-methods",
  query: z.object({
    country_from_id: recordId.optional(),
    country_to_id: recordId,
    currency_from_id: recordId,
    currency_to_id: recordId,
  }),
  response: z.array(shippingMethod),
});
export const getCurrenciesTo = endpoint({
  method: "GET",
  path: "/consignments/currencies",
  query: z.object({ country_to_id: recordId }),
  response: z.array(currency),
});
export const getCurrenciesFrom = endpoint({
  method: "GET",
  path: "/consignments/currencies-from",
  query: z.object({ country_from_id: recordId }),
  response: z.array(currency),
});
export const getLimits = endpoint({
  method: "GET",
  path: "/limits",
  query: limitsQuery,
  response: limitsAnswer,
});
export const getHomeCalculation = endpoint({
  method: "GET",
  path: "/home/send-money/calculator",
  query: homeCalculatorQuery,
  response: calculation,
});
/** The home calculator as spec §7 lists it (POST): the same answer as the GET. */
export const calculateHomePrice = endpoint({
  method: "POST",
  path: "/home/send-money/calculator",
  body: homeCalculatorQuery,
  response: calculation,
});
export const calculatePrice = calculator("/calculator");
export const calculateConsignment = calculator("/consignments/calculator");
/** Wallet-to-wallet sends: delivery into the recipient's Vela wallet only. */
export const calculateWalletToWallet = calculator("/send_money/calculator");

export const createQuotation = consignmentQuotation("/consignments/quotation");
/** The generic entry point, priced as a consignment. */
export const createAnyQuotation = consignmentQuotation("/quotations");
export const getQuotation = endpoint({
  method: "GET",
  path: "/quotations/{id}",
  params: quotationParams,
  response: quotation,
});
export const recalculateQuotation = endpoint({
  method: "PUT",
  path: "/quotations/{id}",
  params: quotationParams,
  body: recalculateRequest,
  response: quotation,
});

/** The services whose quotations take promo codes, as the path's first segment names them. */
export const PROMO_SERVICE_PATHS = [
  "consignments",
  "send_money",
  "wallets",
  "gift-cards",
  "reload-phones",
  "prepaid-pay-bills",
] as const;
export const applyPromoCode = endpoint({
  method: "PATCH",
  path: "/{service}/quotation/{id}/apply-promo-code",
  params: quotationParams.extend({ service: z.enum(PROMO_SERVICE_PATHS) }),
  body: promoCodeRequest,
  response: quotation,
});
export const getPromoCode = endpoint({
  method: "GET",
  path: "/promo_code",
  query: promoCodeRequest,
  response: promoCodeTerms,
});
