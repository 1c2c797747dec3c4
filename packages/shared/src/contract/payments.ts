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
import { del, get, post, put } from "./endpoint";
import { idParams } from "./params";

/* Paying: the methods offered, the card processor's tokens, each way to pay, saved instruments. */

export const getPaymentMethods = get(
  "/payments/payment-methods/{quotation_id}",
  z.array(paymentMethodOffer),
  { params: z.object({ quotation_id: recordId }) },
);
export const setPaymentMethod = put("/quotations/payment-method/{id}", quotationPaymentSummary, {
  params: idParams,
  body: setPaymentMethodRequest,
});
/** Attaches one of the user's saved cards or bank accounts to a quotation. */
export const addSavedPaymentMethod = put("/payments/add-payment-method", quotationPaymentSummary, {
  body: addPaymentMethodRequest,
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
export const tokenizeCard = post("/sandbox/cards/tokens", cardToken, { body: cardTokenRequest });

/*
 * Starting a payment answers 201 with the new payment (the API also answers 200 to a retry it
 * recognises after a lost claim, with Idempotency-Hit).
 */
const paymentStart = <const P extends `/${string}`, B extends z.ZodType>(path: P, body: B) =>
  post(path, payment, { body, status: 201 });

export const authorizeCard = paymentStart("/payments/authorize-credit-card", authorizeCardRequest);
export const debitBankAccount = paymentStart("/payments/debit-bank-account", debitBankRequest);
export const startBankTransfer = paymentStart("/payments/bank-transfer", bankTransferRequest);
export const startPraxisPayment = paymentStart("/payments/praxis/get-payment-gateway", gatewayPaymentRequest);
export const startD24Payment = paymentStart("/payments/d24/process-payment", gatewayPaymentRequest);
export const startPaypalPayment = paymentStart("/payments/paypal/authorize", gatewayPaymentRequest);
export const getPayment = get("/payments/{id}", payment, { params: idParams });
/** A Praxis payment as it stands (the gateway is asked while it is pending). */
export const getPraxisPaymentStatus = get("/payments/praxis/get-payment-status/{payment_id}", payment, {
  params: z.object({ payment_id: recordId }),
});

export const getSavedCards = get("/payments/profiles", z.array(savedCard), { query: paymentProfilesQuery });
export const getSavedBanks = get("/payments/profiles", z.array(savedBank), { query: paymentProfilesQuery });
export const getSettingsCards = get("/settings/credit-card-banks/payment-profiles", z.array(savedCard));
export const deleteSettingsCard = del("/settings/credit-card-banks/payment-profiles/{id}", z.null(), {
  params: idParams,
});
export const createCardProfile = post("/settings/create-customer-payment-profile/card", savedCard, {
  body: createCardProfileRequest,
  status: 201,
});
export const getSettingsBanks = get("/settings/bank-accounts", z.array(savedBank));
export const createBankAccount = post("/settings/bank-accounts", savedBank, {
  body: saveBankAccountRequest,
  status: 201,
});
export const deleteBankAccount = del("/settings/bank-accounts/{id}", z.null(), { params: idParams });
