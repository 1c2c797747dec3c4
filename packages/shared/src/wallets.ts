import { z } from "zod";
import { recordId } from "./api";
import { confirmationRecord, ORDER_STATUSES, orderAmountFields } from "./orders";
import { askedAmountFields, refineOneAskedAmount } from "./pricing";
import { currency } from "./reference";

/**
 * The wallet contract (issue 10; spec §3 Wallet: balance, currency with flag_currency, shares,
 * walletId, statuses, services; §7 Wallets; §9 page size 10). Amounts are decimal strings in the
 * wallet currency's digits; dates ISO 8601. Every wallet answer is the signed-in user's own: another
 * user's wallet id answers 404 exactly like an unknown one.
 */

/** The order services a wallet's money moves through, with their names (history and selects). */
export const WALLET_SERVICES = {
  "wallet-deposit": "Deposit",
  "wallet-convert": "Convert",
  "wallet-send": "Send",
  "wallet-withdraw": "Withdraw",
} as const;
export type WalletService = keyof typeof WALLET_SERVICES;
export const WALLET_SERVICE_IDS = Object.keys(WALLET_SERVICES) as [WalletService, ...WalletService[]];

/** Wallet lists (transactions) come 10 a page (spec §9). */
export const WALLET_PAGE_SIZE = 10;

/** "VW-XXXXX-XXXXX": the id a user shares so others can send to the wallet. */
export const WALLET_PUBLIC_ID_PATTERN = /^VW-[0-9A-Z]{5}-[0-9A-Z]{5}$/;

/** A currency as wallets show it: with its flag (an SVG under /api/flags), null when it has none. */
export const walletCurrency = currency.extend({ flag_currency: z.string().nullable() });
export type WalletCurrency = z.infer<typeof walletCurrency>;

/**
 * One wallet (u-wallets items, dashboard.wallets, POST new-wallet, POST {id}/close: the lists hold
 * open wallets only; a closed one is still answered by its id). `available` is the ledger balance
 * of the wallet's account, what can be spent now; `on_hold` is what withdrawals waiting for their
 * payout have taken out of it (back if one fails); `balance` = available + on hold.
 */
export const wallet = z.object({
  id: z.number().int(),
  /** The public wallet id ("VW-XXXXX-XXXXX"). */
  public_id: z.string(),
  status: z.enum(["open", "closed"]),
  currency: walletCurrency,
  balance: z.string(),
  available: z.string(),
  on_hold: z.string(),
  created_at: z.string(),
});
export type Wallet = z.infer<typeof wallet>;

/** A button of the wallet dashboard: the service and the flow it opens (/account/wallets/{path}). */
export const walletServiceButton = z.object({
  id: z.enum(WALLET_SERVICE_IDS),
  name: z.string(),
  path: z.enum(["deposit", "convert", "send", "withdraw"]),
});

/** A choice of a select (service and status filters). */
export const walletSelectOption = z.object({ id: z.string(), name: z.string() });
export type WalletSelectOption = z.infer<typeof walletSelectOption>;

/** GET /wallets/dashboard. */
export const walletDashboard = z.object({
  wallets: z.array(wallet),
  services: z.array(walletServiceButton),
  statuses: z.array(walletSelectOption),
});
export type WalletDashboard = z.infer<typeof walletDashboard>;

/** POST /wallets/new-wallet: one wallet per currency per user. */
export const newWalletRequest = z.object({ currency_id: recordId });
export type NewWalletRequest = z.infer<typeof newWalletRequest>;

/** What others need to send to a wallet: its public id, a link and that link as a QR code. */
export const walletShares = z.object({
  wallet_id: z.string(),
  /** The SPA's send-money page with the wallet filled in. */
  link: z.string(),
  /** The link as a QR code: an SVG data URL, for an <img>. */
  qr_code: z.string(),
  /** A sentence to paste into a message. */
  text: z.string(),
});
export type WalletShares = z.infer<typeof walletShares>;

/** GET /wallets/{id}/balance-and-shares: the wallet (wallet_id = its id) and its shares. */
export const balanceAndShares = wallet.extend({ wallet_id: z.number().int(), shares: walletShares });
export type BalanceAndShares = z.infer<typeof balanceAndShares>;

const isoDay = z.iso.date({ message: "Must be a date (YYYY-MM-DD)." });

/** GET /wallets/{id}/transactions: the filters and the page (10 a page). */
export const walletTransactionsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    service: z.enum(WALLET_SERVICE_IDS).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    /** Days in UTC, both included. */
    date_from: isoDay.optional(),
    date_to: isoDay.optional(),
  })
  .superRefine((value, context) => {
    if (value.date_from && value.date_to && value.date_from > value.date_to) {
      context.addIssue({ code: "custom", path: ["date_to"], message: "Must not be before the start date." });
    }
  });
export type WalletTransactionsQuery = z.infer<typeof walletTransactionsQuery>;

/**
 * A row of a wallet's transactions, as a bank statement lists them: an order that took money out of
 * the wallet (`out`: its amount paid) or put money into it (`in`: its receiving amount), and, for an
 * order paid from the wallet and refunded, a second row (`movement: "refund"`, `in`) when the money
 * came back. A send from another user is `in` and not the user's own order: it has no details or
 * receipt links for them (`is_own` false).
 */
export const walletTransaction = z.object({
  /** The order's id (a refund row names the order it returned). */
  id: z.number().int(),
  movement: z.enum(["order", "refund"]),
  /**
   * Whether the money moved in the wallet's balance: `posted` (it did), `pending` (not yet: a deposit
   * waiting for its payment), `none` (it never will: a payment that failed, a cancelled order).
   */
  effect: z.enum(["posted", "pending", "none"]),
  /** A deposit whose push transfer arrived with another amount: held for review, nothing credited. */
  in_review: z.boolean(),
  ref: z.string(),
  service: z.string(),
  service_name: z.string(),
  status: z.enum(ORDER_STATUSES),
  status_label: z.string(),
  direction: z.enum(["in", "out"]),
  /** What moved in or out of this wallet, unsigned, in the wallet's currency. */
  amount: z.string(),
  currency_iso: z.string(),
  /** The other side: the other currency of a convert, the other person of a send, null otherwise. */
  counterparty: z.string().nullable(),
  ...orderAmountFields,
  is_own: z.boolean(),
  /** GET /api/orders/{id}/details and the receipt, for the user's own orders. */
  details_url: z.string().nullable(),
  receipt_url: z.string().nullable(),
  /** When the movement happened: the order placed, or its refund. */
  created_at: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

/** GET /wallets/{id}/balance-history: the last `days` days, today included. */
export const balanceHistoryQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

/** End-of-day (UTC) balances of the wallet's ledger account, one point per day, oldest first. */
export const balanceHistory = z.object({
  wallet_id: z.number().int(),
  currency_iso: z.string(),
  decimals: z.number().int(),
  points: z.array(z.object({ date: z.string(), balance: z.string() })),
});
export type BalanceHistory = z.infer<typeof balanceHistory>;

/** GET /wallets/convert-money/currencies: is_from 1 (convert from) or 0 (convert to). */
export const convertCurrenciesQuery = z.object({
  is_from: z.enum(["1", "0"]),
  /** With is_from 0: the currency converted from, left out of the list. */
  currency_from_id: recordId.optional(),
});

/**
 * A currency to convert from (the user's open wallets, with what is available) or to (every
 * currency a wallet can hold, with the user's wallet in it or null: a convert needs one).
 */
export const convertCurrency = walletCurrency.extend({
  wallet: z.object({ id: z.number().int(), public_id: z.string(), available: z.string() }).nullable(),
});
export type ConvertCurrency = z.infer<typeof convertCurrency>;

/** POST /wallets/convert-money/calculator: either amount, never both. */
export const convertCalculatorRequest = z
  .object({
    currency_from_id: recordId,
    currency_to_id: recordId,
    ...askedAmountFields,
  })
  .superRefine(refineOneAskedAmount);
export type ConvertCalculatorRequest = z.infer<typeof convertCalculatorRequest>;

/** POST /wallets/convert-money/transaction (with an Idempotency-Key header). */
export const convertTransactionRequest = z.object({ quotation_id: recordId });

/**
 * What a wallet transaction answers (convert; send and others may use it too): the order's spec §3
 * confirmation record and the wallets it paid from and delivered into, as they stand after it.
 */
export const walletOrderAnswer = confirmationRecord.extend({
  source_wallet: wallet.nullable(),
  target_wallet: wallet.nullable(),
});
export type WalletOrderAnswer = z.infer<typeof walletOrderAnswer>;
