import * as contract from "@vela/shared/contract/payments";
import type { z } from "zod";
import { api } from "@/shared/api/api-client";

/** What the card processor answers for a card: a single-use token and what may be shown of the card. */
export type CardToken = z.infer<typeof contract.cardToken>;

export type CardDetails = { number: string; exp_month: number; exp_year: number; cvc: string; name: string };

/**
 * POST /sandbox/cards/tokens: the card processor's own tokenisation endpoint, called straight from
 * the browser without our session (no Authorization, no role). The card number goes only there;
 * our payments API sees the token, the brand and the last four digits.
 */
export const tokenizeCard = (card: CardDetails) =>
  api.call(contract.tokenizeCard, { body: card }, { anonymous: true, renew: false });

const withKey = (idempotencyKey: string) => ({ "Idempotency-Key": idempotencyKey });

export type AuthorizeCard = {
  quotation_id: number;
  sender_id?: number;
  return_url: string;
} & ({ payment_profile_id: number } | { card_token: string; name_holder: string; save_card: boolean });

/** POST /payments/authorize-credit-card: a saved card or a new card's token. */
export const authorizeCard = (body: AuthorizeCard, idempotencyKey: string) =>
  api.call(contract.authorizeCard, { body }, { headers: withKey(idempotencyKey) });

export type BankAccountForm = {
  bankName?: string;
  routingNumber: string;
  accountNumber: string;
  accountType: "checking" | "savings";
  nameOnAccount: string;
};

export type DebitBank = {
  quotation_id: number;
  sender_id?: number;
} & ({ bank_account_id: number } | { bank_account: BankAccountForm; save_bank: boolean });

/** POST /payments/debit-bank-account: an ACH debit of a saved or a new account. */
export const debitBankAccount = (body: DebitBank, idempotencyKey: string) =>
  api.call(contract.debitBankAccount, { body }, { headers: withKey(idempotencyKey) });

/** POST /payments/bank-transfer: a transfer the customer pushes; answers its instructions. */
export const startBankTransfer = (body: { quotation_id: number; method: string }, idempotencyKey: string) =>
  api.call(
    contract.startBankTransfer,
    // The method is the slug of an offer the server listed; the server checks it is one it knows.
    { body: body as z.input<typeof contract.startBankTransfer.body> },
    { headers: withKey(idempotencyKey) },
  );

/** The hosted gateways' start calls: each answers a payment with the gateway page to go to. */
const GATEWAYS = {
  praxis: contract.startPraxisPayment,
  d24: contract.startD24Payment,
  paypal: contract.startPaypalPayment,
} as const;
export type GatewayName = keyof typeof GATEWAYS;

export const startGatewayPayment = (
  gateway: GatewayName,
  body: { quotation_id: number; return_url: string },
  idempotencyKey: string,
) => api.call(GATEWAYS[gateway], { body }, { headers: withKey(idempotencyKey) });

/** GET /payments/{id}: the payment as it stands (after a redirect back from 3-D Secure or a gateway). */
export const getPayment = (paymentId: number, signal?: AbortSignal) =>
  api.call(contract.getPayment, { params: { id: paymentId } }, { signal });
