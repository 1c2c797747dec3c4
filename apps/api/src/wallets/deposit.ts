import type { Db } from "../db/client";
import { InvalidDataError, NotFoundError } from "../http/errors";
import { expectedArrival } from "../orders/confirmation";
import {
  assertPaymentMethodChosen,
  assertWithinSendLimits,
  claimOwnQuotation,
  type OrderDeps,
  placeAwaitingPayment,
  quotedOrderValues,
  unusedPayment,
} from "../orders/service";
import { currencyDigits, orderTerms } from "../orders/terms";
import type { OrderRow } from "../orders/transition";
import { shareCorridorCache } from "../pricing/corridors";
import { assertQuotationOpen, describeQuotation, ownQuotation, type QuotationRow } from "../pricing/quotes";
import { DEPOSIT_MESSAGES } from "./dw-messages";
import { walletOf } from "./repository";

export const DEPOSIT_SERVICE = "wallet-deposit" as const;

export { DEPOSIT_MESSAGES };

export type DepositCommand = {
  userId: number;
  input: { quotationId: number; paymentId: number };
};

/**
 * The user's open wallet the deposit goes into (the quotation's receiving currency), read FOR SHARE
 * so it cannot close while the order is placed: the close then sees the order in flight and waits
 * for it to be credited (see closeWallet).
 */
async function targetWallet(db: Db, userId: number, quotation: QuotationRow, iso: string) {
  const wallet = await walletOf(db, userId, quotation.currencyToId, { lock: true });
  if (!wallet) throw new InvalidDataError({ currency_to_id: [DEPOSIT_MESSAGES.noWallet(iso)] });
  if (wallet.status !== "open")
    throw new InvalidDataError({ currency_to_id: [DEPOSIT_MESSAGES.walletClosed] });
  return wallet;
}

/** The quotation of a deposit, the caller's and still open, or the refusal a place would answer. */
export async function depositQuotation(db: Db, userId: number, quotationId: number) {
  const quotation = await ownQuotation(db, userId, quotationId);
  // Another service's quotation is not found here, as another user's is not.
  if (quotation.service !== DEPOSIT_SERVICE) throw new NotFoundError("Quotation not found.");
  return quotation;
}

/**
 * POST /wallets/deposit-money/transaction: places the deposit of a wallet-deposit quotation paid by
 * the caller's payment (card authorized, ACH debit started, push transfer instructions given). In
 * one transaction (the caller's idempotency transaction when there is one) it checks the quotation
 * (the caller's, open, priced for the payment's method, within its limits), the payment (the
 * caller's, for this quotation, of its amount, unused) and the wallet (the caller's, open, in the
 * receiving currency), marks the quotation used, creates the order delivering into the wallet
 * (`target_wallet_id`) and queues its job. The job captures the card or waits for the ACH debit to
 * settle or the transfer to arrive, then posts paid and sent: the wallet is credited exactly once,
 * when the money is ours. A transfer that arrives short or long stays in review and credits nothing.
 */
export async function placeDeposit(deps: OrderDeps, command: DepositCommand): Promise<OrderRow> {
  const { userId, input } = command;
  return deps.db.transaction(async (tx) => {
    shareCorridorCache(tx, deps.db);
    const quotation = await depositQuotation(tx, userId, input.quotationId);
    assertQuotationOpen(quotation);
    assertPaymentMethodChosen(quotation);
    const payment = await unusedPayment(tx, userId, quotation, input.paymentId);
    const summary = await describeQuotation(
      { db: tx, rates: deps.rates, language: deps.language },
      quotation,
    );
    const wallet = await targetWallet(tx, userId, quotation, summary.currency_to_iso);
    assertWithinSendLimits(summary);

    await claimOwnQuotation(tx, userId, quotation.id);
    const terms = orderTerms(summary, await currencyDigits(tx, quotation), {
      service: DEPOSIT_SERVICE,
      sender: null,
      recipient: null,
      wallet: { id: wallet.id, public_id: wallet.publicId, currency_iso: summary.currency_to_iso },
    });
    return placeAwaitingPayment(tx, deps.jobs, quotation.id, {
      userId,
      ...quotedOrderValues(quotation),
      service: DEPOSIT_SERVICE,
      paymentId: payment.id,
      senderId: null,
      recipientId: null,
      countryFromId: null,
      countryToId: null,
      paymentMethod: payment.method,
      targetWalletId: wallet.id,
      terms,
      expectedArrivalAt: expectedArrival(summary.transfer_time, new Date()),
    });
  });
}
