import { z } from "zod";
import { recordId } from "../api";
import {
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

export const authorizeCard = endpoint({
  method: "POST",
  path: "/payments/authorize-credit-card",
  body: authorizeCardRequest,
  response: payment,
});
export const debitBankAccount = endpoint({
  method: "POST",
  path: "/payments/debit-bank-account",
  body: debitBankRequest,
  response: payment,
});
export const startBankTransfer = endpoint({
  method: "POST",
  path: "/payments/bank-transfer",
  body: bankTransferRequest,
  response: payment,
});
export const startPraxisPayment = endpoint({
  method: "POST",
  path: "/payments/praxis/get-payment-gateway",
  body: gatewayPaymentRequest,
  response: payment,
});
export const startD24Payment = endpoint({
  method: "POST",
  path: "/payments/d24/process-payment",
  body: gatewayPaymentRequest,
  response: payment,
});
export const startPaypalPayment = endpoint({
  method: "POST",
  path: "/payments/paypal/authorize",
  body: gatewayPaymentRequest,
  response: payment,
});
export const getPayment = endpoint({
  method: "GET",
  path: "/payments/{id}",
  params: idParams,
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
