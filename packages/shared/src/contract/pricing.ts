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
import { get, patch, post, put } from "./endpoint";
import { idParams } from "./params";

/* Sending money: the corridor's choices, its limits, the price and the quotation that holds it. */

/** A signed-in calculator: any corridor and delivery method, with promo codes. */
const calculator = <const P extends `/${string}`>(path: P) =>
  post(path, calculation, { body: calculatorRequest });
/** A quotation priced as a consignment. */
const consignmentQuotation = <const P extends `/${string}`>(path: P) =>
  post(path, quotation, { body: calculatorRequest, status: 201 });

export const getShippingMethods = get("/shipping-methods", z.array(shippingMethod), {
  query: z.object({
    country_from_id: recordId.optional(),
    country_to_id: recordId,
    currency_from_id: recordId,
    currency_to_id: recordId,
  }),
});
export const getCurrenciesTo = get("/consignments/currencies", z.array(currency), {
  query: z.object({ country_to_id: recordId }),
});
export const getCurrenciesFrom = get("/consignments/currencies-from", z.array(currency), {
  query: z.object({ country_from_id: recordId }),
});
export const getLimits = get("/limits", limitsAnswer, { query: limitsQuery });
export const getHomeCalculation = get("/home/send-money/calculator", calculation, {
  query: homeCalculatorQuery,
});
/** The home calculator as spec §7 lists it (POST): the same answer as the GET. */
export const calculateHomePrice = post("/home/send-money/calculator", calculation, {
  body: homeCalculatorQuery,
});
export const calculatePrice = calculator("/calculator");
export const calculateConsignment = calculator("/consignments/calculator");
/** Wallet-to-wallet sends: delivery into the recipient's Vela wallet only. */
export const calculateWalletToWallet = calculator("/send_money/calculator");

export const createQuotation = consignmentQuotation("/consignments/quotation");
/** The generic entry point, priced as a consignment. */
export const createAnyQuotation = consignmentQuotation("/quotations");
export const getQuotation = get("/quotations/{id}", quotation, { params: idParams });
export const recalculateQuotation = put("/quotations/{id}", quotation, {
  params: idParams,
  body: recalculateRequest,
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
export const applyPromoCode = patch("/{service}/quotation/{id}/apply-promo-code", quotation, {
  params: idParams.extend({ service: z.enum(PROMO_SERVICE_PATHS) }),
  body: promoCodeRequest,
});
export const getPromoCode = get("/promo_code", promoCodeTerms, { query: promoCodeRequest });
