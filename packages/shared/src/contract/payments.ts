import { z } from "zod";
import { recordId } from "../api";
import {
  addPaymentMethodRequest,
  authorizeCardRequest,
  bankTransferRequest,
  createCardProfileRequest,
  debitBankRequest,
  gatewayPaymentRequest,
  payment,
  paymentMethodOffer,
  paymentProfilesQuery,
  quotationPaymentSummary,
  saveBankAccountRequest,
  savedBank,
  savedCard,
  setPaymentMethodRequest,
} from "../payments";
import { endpoint } from "./endpoint";

/* Paying: the methods offered, the card processor's tokens, each way to pay, saved instruments. */

const idParams = z.object({ id: recordId });

export const getPaymentMethods = endpoint({
  method: "GET",
  path: "/payments/payment-methods/{quotation_id}",
  params: z.object({ quotation_id: recordId }),
  response: z.array(paymentMethodOffer),
});
export const setPaymentMethod = endpoint({
  method: "PUT",
  path: "/quotations/payment-method/{id}",
  params: idParams,
  body: setPaymentMethodRequest,
  response: quotationPaymentSummary,
});
/** Attaches one of the user's saved cards or bank accounts to a quotation. */
export const addSavedPaymentMethod = endpoint({
  method: "PUT",
  path: "/payments/add-payment-method",
  body: addPaymentMethodRequest,
  response: quotationPaymentSummary,
});

/** What the card processor's tokenisation takes: the card, which never reaches our API. */
export const cardTokenRequest = z.object({
  number: z.string().trim().min(1).max(40),
  exp_month: z.coerce.number().int().min(1).max(12),
  exp_year: z.coerce.number().int().min(0).max(9999),
  cvc: z.string().trim().min(1).max(8),
  name: z.string().trim().max(120).optional(),
});
/** A single-use token and what may be shown of the card. */
export const cardToken = z.object({
  token: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export const tokenizeCard = endpoint({
  method: "POST",
  path: "/sandbox/cards/tokens",
  body: cardTokenRequest,
  response: cardToken,
});

/*
 * Starting a payment answers 201 with the new payment (the API also answers 200 to a retry it
 * recognises after a lost claim, with Idempotency-Hit).
 */
const paymentStart = <const P extends `/${string}`, B extends z.ZodType>(path: P, body: B) =>
  endpoint({ method: "POST", path, body, response: payment, status: 201 });

export const authorizeCard = paymentStart("/payments/authorize-credit-card", authorizeCardRequest);
export const debitBankAccount = paymentStart("/payments/debit-bank-account", debitBankRequest);
export const startBankTransfer = paymentStart("/payments/bank-transfer", bankTransferRequest);
export const startPraxisPayment = paymentStart("/payments/praxis/get-payment-gateway", gatewayPaymentRequest);
export const startD24Payment = paymentStart("/payments/d24/process-payment", gatewayPaymentRequest);
export const startPaypalPayment = paymentStart("/payments/paypal/authorize", gatewayPaymentRequest);
export const getPayment = endpoint({
  method: "GET",
  path: "/payments/{id}",
  params: idParams,
  response: payment,
});
/** A Praxis payment as it stands (the gateway is asked while it is pending). */
export const getPraxisPaymentStatus = endpoint({
  method: "GET",
  path: "/payments/praxis/get-payment-status/{payment_id}",
  params: z.object({ payment_id: recordId }),
  response: payment,
});

export const getSavedCards = endpoint({
  method: "GET",
  path: "/payments/profiles",
  query: paymentProfilesQuery,
  response: z.array(savedCard),
});
export const getSavedBanks = endpoint({
  method: "GET",
  path: "/payments/profiles",
  query: paymentProfilesQuery,
  response: z.array(savedBank),
});
export const getSettingsCards = endpoint({
  method: "GET",
  path: "/settings/credit-card-banks/payment-profiles",
  response: z.array(savedCard),
});
export const deleteSettingsCard = endpoint({
  method: "DELETE",
  path: "/settings/credit-card-banks/payment-profiles/{id}",
  params: idParams,
  response: z.null(),
});
export const createCardProfile = endpoint({
  method: "POST",
  path: "/settings/create-customer-payment-profile/card",
  body: createCardProfileRequest,
  response: savedCard,
  status: 201,
});
export const getSettingsBanks = endpoint({
  method: "GET",
  path: "/settings/bank-accounts",
  response: z.array(savedBank),
});
export const createBankAccount = endpoint({
  method: "POST",
  path: "/settings/bank-accounts",
  body: saveBankAccountRequest,
  response: savedBank,
  status: 201,
});
export const deleteBankAccount = endpoint({
  method: "DELETE",
  path: "/settings/bank-accounts/{id}",
  params: idParams,
  response: z.null(),
});
