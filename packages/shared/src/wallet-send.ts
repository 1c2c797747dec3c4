import { z } from "zod";
import { recordId } from "./api";
import { askedAmountFields, calculation, quotation, refineOneAskedAmount } from "./pricing";
import { currency } from "./reference";
import { WALLET_PUBLIC_ID_PATTERN } from "./wallets";

/**
 * The wallet-to-wallet send contract (spec §7 Wallets: send-money search-user, recent recipients,
 * currencies, calculator, quotation/create, transaction): what the API validates with and the SPA
 * types and checks its forms with.
 */

/** A wallet's public id as people share it ("VW-7K3M9-Q2XAB"); typed in any case. */
export { WALLET_PUBLIC_ID_PATTERN };

export const WALLET_SEND_MESSAGES = {
  notFound: "We found no Vela wallet for this e-mail, phone number or wallet id.",
  yourself: "This is your own wallet. To move money between your wallets, convert it instead.",
  badWalletId: "Must be a wallet id such as VW-7K3M9-Q2XAB.",
  noWalletTo: (iso: string) => `The recipient has no open ${iso} wallet.`,
  noWalletFrom: (iso: string) => `You have no open ${iso} wallet to send from.`,
  notSend: "This quotation is not for a wallet send.",
  recipientGone: "The recipient's wallet is no longer open. Choose the recipient again.",
  sourceGone: "Your wallet for this send is no longer open.",
  sent: "Money sent.",
} as const;

/** A public wallet id, trimmed and upper-cased before it is checked. */
export const walletPublicId = z
  .string()
  .trim()
  .max(40)
  .transform((value) => value.toUpperCase())
  .refine((value) => WALLET_PUBLIC_ID_PATTERN.test(value), WALLET_SEND_MESSAGES.badWalletId);

/** GET /wallets/send-money/search-user?query=: an exact e-mail, phone number or wallet id. */
export const searchUserQuery = z.object({ query: z.string().trim().min(3).max(254) });

/** A currency the recipient can receive in, with the public id of their wallet in it. */
export const recipientCurrency = currency.extend({ wallet_id: z.string() });
export type RecipientCurrency = z.infer<typeof recipientCurrency>;

/**
 * Who a send goes to, as far as the sender may know: a masked name to confirm the right person,
 * a public wallet id to name them by (the one searched for, else their oldest open wallet's) and
 * the currencies they have open wallets in. Nothing else about them is ever answered.
 */
export const walletRecipient = z.object({
  name: z.string(),
  wallet_id: z.string(),
  currencies: z.array(recipientCurrency),
});
export type WalletRecipient = z.infer<typeof walletRecipient>;

/** GET /wallets/send-money/recent-recipients: the last people sent to, newest first. */
export const recentRecipient = walletRecipient.extend({ last_sent_at: z.string() });
export type RecentRecipient = z.infer<typeof recentRecipient>;

/**
 * GET /wallets/send-money/currencies: with is_from 1 (the default) the caller's open wallets, what
 * a send can be paid from; with is_from 0 and a recipient's wallet_id, what that person can receive.
 */
export const sendCurrenciesQuery = z
  .object({
    is_from: z.enum(["0", "1"]).default("1"),
    wallet_id: walletPublicId.optional(),
  })
  .superRefine((value, context) => {
    if (value.is_from === "0" && value.wallet_id === undefined) {
      context.addIssue({ code: "custom", path: ["wallet_id"], message: "Required." });
    }
  });

/**
 * A currency of GET /wallets/send-money/currencies: the wallet in it (public id) and, for the
 * caller's own wallets only, what it holds to spend now.
 */
export const sendCurrency = recipientCurrency.extend({ available: z.string().optional() });
export type SendCurrency = z.infer<typeof sendCurrency>;

/**
 * POST /wallets/send-money/calculator and /quotation/create: from the caller's wallet in
 * currency_from_id to the recipient's wallet in currency_to_id. The recipient is named by any of
 * their open wallets' public ids (search-user's wallet_id). Either amount, never both.
 */
export const walletSendRequest = z
  .object({
    recipient_wallet_id: walletPublicId,
    currency_from_id: recordId,
    currency_to_id: recordId,
    ...askedAmountFields,
  })
  .superRefine(refineOneAskedAmount);
export type WalletSendRequest = z.infer<typeof walletSendRequest>;

/** The recipient as a send's calculation and quotation name them. */
export const sendRecipientSummary = z.object({ name: z.string(), wallet_id: z.string() });

/** A wallet send's calculation: the price and who it goes to. */
export const walletSendCalculation = calculation.extend({ recipient: sendRecipientSummary });
export type WalletSendCalculation = z.infer<typeof walletSendCalculation>;

/** A wallet send's quotation: the priced quotation and who it goes to. */
export const walletSendQuotation = quotation.extend({ recipient: sendRecipientSummary });
export type WalletSendQuotation = z.infer<typeof walletSendQuotation>;

/** POST /wallets/send-money/transaction (with an Idempotency-Key): the send of an open quotation. */
export const walletSendTransactionRequest = z.object({ quotation_id: recordId });
