import type { Payment } from "@vela/shared/payments";
import { api } from "@/shared/api/api-client";

/** What the card processor answers for a card: a single-use token and what may be shown of the card. */
export type CardToken = { token: string; brand: string; last4: string; exp_month: number; exp_year: number };

export type CardDetails = { number: string; exp_month: number; exp_year: number; cvc: string; name: string };

/**
 * POST /sandbox/cards/tokens: the card processor's own tokenisation endpoint, called straight from
 * the browser without our session (no Authorization, no role). The card number goes only there;
 * our payments API sees the token, the brand and the last four digits.
 */
export const tokenizeCard = (card: CardDetails) =>
  api.request<CardToken>("POST", "sandbox/cards/tokens", { body: card, anonymous: true, renew: false });

const withKey = (idempotencyKey: string) => ({ "Idempotency-Key": idempotencyKey });

export type AuthorizeCard = {
  quotation_id: number;
  sender_id?: number;
  return_url: string;
} & ({ payment_profile_id: number } | { card_token: string; name_holder: string; save_card: boolean });

/** POST /payments/authorize-credit-card: a saved card or a new card's token. */
export const authorizeCard = (body: AuthorizeCard, idempotencyKey: string) =>
  api.request<Payment>("POST", "payments/authorize-credit-card", { body, headers: withKey(idempotencyKey) });

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
  api.request<Payment>("POST", "payments/debit-bank-account", { body, headers: withKey(idempotencyKey) });

/** POST /payments/bank-transfer: a transfer the customer pushes; answers its instructions. */
export const startBankTransfer = (body: { quotation_id: number; method: string }, idempotencyKey: string) =>
  api.request<Payment>("POST", "payments/bank-transfer", { body, headers: withKey(idempotencyKey) });

/** The hosted gateways' start calls: each answers a payment with the gateway page to go to. */
const GATEWAY_PATHS = {
  praxis: "payments/praxis/get-payment-gateway",
  d24: "payments/d24/process-payment",
  paypal: "payments/paypal/authorize",
} as const;
export type GatewayName = keyof typeof GATEWAY_PATHS;

export const startGatewayPayment = (
  gateway: GatewayName,
  body: { quotation_id: number; return_url: string },
  idempotencyKey: string,
) => api.request<Payment>("POST", GATEWAY_PATHS[gateway], { body, headers: withKey(idempotencyKey) });

/** GET /payments/{id}: the payment as it stands (after a redirect back from 3-D Secure or a gateway). */
export const getPayment = (paymentId: number, signal?: AbortSignal) =>
  api.get<Payment>(`payments/${paymentId}`, undefined, signal);
