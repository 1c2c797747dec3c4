import { z } from "zod";
import { recordId } from "../api";
import {
  calculation,
  calculatorRequest,
  homeCalculatorQuery,
  limitsAnswer,
  limitsQuery,
  quotation,
  shippingMethod,
} from "../pricing";
import { currency } from "../reference";
import { endpoint } from "./endpoint";

/* Sending money: the corridor's choices, its limits, the price and the quotation that holds it. */

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
export const createQuotation = endpoint({
  method: "POST",
  path: "/consignments/quotation",
  body: calculatorRequest,
  response: quotation,
  status: 201,
});
export const getQuotation = endpoint({
  method: "GET",
  path: "/quotations/{id}",
  params: z.object({ id: recordId }),
  response: quotation,
});
