import { z } from "zod";
import { paginationQuery, recordId } from "./api";
import { nonNegativeAmountSchema } from "./decimal";
import { walletQuotationRequest } from "./pricing";
import { RECIPIENT_TYPES } from "./recipients";

/**
 * The wallet's money in and out (issue 10 points 2 and 5; spec §7 Wallets deposit-money and
 * withdraw-money): deposit currencies, calculator and transaction; withdraw methods, beneficiaries,
 * the withdraw form, currencies, calculator, quotation, the confirmation code and the transaction.
 * Quotations and calculations answer the pricing contract (`quotation`, `calculation`), transactions
 * the orders contract (`confirmationRecord`).
 */

/** `?is_from=1` the currencies money comes from, `?is_from=0` those it goes to (spec: "from and to"). */
export const walletCurrenciesQuery = z.object({
  is_from: z.enum(["1", "0"]).optional().default("1"),
});

/** A currency a deposit or a withdrawal can use, with its flag (a country using it) for the lists. */
export const walletCurrencyOption = z.object({
  id: z.number().int(),
  iso: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  symbol: z.string(),
  /** The flag of a country using the currency, as served by /api/flags (null when none is known). */
  flag_currency: z.string().nullable(),
  /** The caller's wallet in this currency, when it has one (its id and public id). */
  wallet_id: z.number().int().nullable(),
  wallet_public_id: z.string().nullable(),
});
export type WalletCurrencyOption = z.infer<typeof walletCurrencyOption>;

/**
 * `POST /wallets/deposit-money/calculator`: what is paid in, into which wallet currency, paid how;
 * what the deposit's quotation is asked.
 */
export const depositCalculatorRequest = walletQuotationRequest;

/** `POST /wallets/deposit-money/transaction` (Idempotency-Key): the quotation and its payment. */
export const depositTransactionRequest = z.object({
  quotation_id: recordId,
  payment_id: recordId,
});

/** The two ways a withdrawal is paid out (the recipients issue's withdrawal methods). */
export const WITHDRAWAL_METHOD_SLUGS = ["bank-deposit", "mobile-wallet"] as const;

/** `GET /wallets/withdraw-money/methods?currency_id=`: where money in this currency can be paid out. */
export const withdrawMethodsQuery = z.object({ currency_id: recordId.optional() });

export const withdrawMethod = z.object({
  /** The delivery method's id: the `withdrawal_method_id` of the withdraw form and beneficiaries. */
  id: z.number().int(),
  slug: z.enum(WITHDRAWAL_METHOD_SLUGS),
  name: z.string(),
  description: z.string(),
});
export type WithdrawMethod = z.infer<typeof withdrawMethod>;

/** `GET /wallets/withdraw-money/beneficiaries`: the caller's saved withdrawal accounts, 10 a page. */
export const beneficiariesQuery = paginationQuery.extend({
  currency_id: recordId.optional(),
  withdrawal_method_id: recordId.optional(),
  email: z.string().trim().max(254).optional(),
  type: z
    .enum(["", ...RECIPIENT_TYPES])
    .optional()
    .default(""),
});

/** `POST /wallets/withdraw-money/calculator`: from a wallet currency into an account currency. */
export const withdrawCalculatorRequest = z.object({
  currency_from_id: recordId,
  currency_to_id: recordId,
  send_amount: nonNegativeAmountSchema,
});

/**
 * `POST /wallets/withdraw-money/quotation/create` (Idempotency-Key): from the wallet in
 * `currency_from_id` to the beneficiary `recipient_id` (whose account's currency is the receiving
 * one and whose withdrawal method is the delivery method).
 */
export const withdrawQuotationRequest = z.object({
  currency_from_id: recordId,
  recipient_id: recordId,
  send_amount: nonNegativeAmountSchema,
});

/** `POST /wallets/withdraw-money/confirmation`: sends the code that confirms this withdrawal. */
export const withdrawConfirmationRequest = z.object({ quotation_id: recordId });

/** `POST /wallets/withdraw-money/transaction` (Idempotency-Key): the quotation and the code it was sent. */
export const withdrawTransactionRequest = z.object({
  quotation_id: recordId,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code we sent you."),
});
