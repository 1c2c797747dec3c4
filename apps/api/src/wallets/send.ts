import type { Language } from "@vela/shared/api";
import type { Calculation } from "@vela/shared/pricing";
import {
  WALLET_SEND_MESSAGES,
  type WalletSendQuotation,
  type WalletSendRequest,
} from "@vela/shared/wallet-send";
import { and, eq, gt, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { maskPersonName } from "../auth/masking";
import { type Db, queryRows } from "../db/client";
import { queryNamedRows } from "../db/prepared";
import { quotations } from "../db/schema/index";
import { ConflictError, InvalidDataError } from "../http/errors";
import { holdWithinLimits, lockMoneyMoving } from "../limits/check";
import { insertOrder } from "../orders/repository";
import { PLACE_ORDER_MESSAGES, quotedOrderValues } from "../orders/service";
import { orderTerms } from "../orders/terms";
import { completeInstantly, type OrderRow } from "../orders/transition";
import { shareCorridorCache } from "../pricing/corridors";
import {
  assertQuotationOpen,
  describeQuotation,
  ownQuotation,
  type PricingContext,
  priceOffer,
  saveQuotation,
  walletOffer,
} from "../pricing/quotes";
import type { FxRateProvider } from "../providers/fx/rate-provider";
import { recipientByWalletId } from "./send-recipients";

/**
 * Wallet-to-wallet sends (issue 10 point 4): from the caller's open wallet in one currency into
 * another user's open wallet in the same or another currency, priced like a conversion (no fee in
 * one currency, the margin across two), quoted with a locked rate, then done at once: the order is
 * created and completed in one transaction with ONE ledger entry (`completeInstantly`), so both
 * sides see it the moment the request answers, or nothing happened at all.
 */

export const WALLET_SEND_SERVICE = "wallet-send" as const;
/** Sends pay from the wallet: the payment method the quotation and order record. */
const PAYMENT_METHOD = "wallet";

export type SendDeps = { db: Db; rates: FxRateProvider; language: Language };

/** The wallets a send moves money between, as the request names them, after every refusal. */
type SendParties = {
  sourceWalletId: number;
  targetWalletId: number;
  recipient: { name: string; wallet_id: string };
};

/**
 * The offer and the two wallets a send request names: the caller's open wallet in currency_from_id
 * and the recipient's in currency_to_id, the recipient named by one of their open wallets' public
 * ids. A send to oneself, to someone with no open wallet in the receiving currency or from a
 * currency the caller has no open wallet in is refused on its field.
 */
async function sendOffer(context: PricingContext, userId: number, input: WalletSendRequest) {
  const offer = await walletOffer(
    context,
    "send",
    input.currency_from_id,
    input.currency_to_id,
    PAYMENT_METHOD,
  );
  const found = await recipientByWalletId(context.db, input.recipient_wallet_id);
  if (!found) throw new InvalidDataError({ recipient_wallet_id: [WALLET_SEND_MESSAGES.notFound] });
  if (found.userId === userId) {
    throw new InvalidDataError({ recipient_wallet_id: [WALLET_SEND_MESSAGES.yourself] });
  }
  const target = found.wallets.find((wallet) => wallet.currencyId === offer.to.id);
  if (!target) {
    throw new InvalidDataError({ currency_to_id: [WALLET_SEND_MESSAGES.noWalletTo(offer.to.iso)] });
  }
  const [source] = await queryRows<{ id: number }>(
    context.db,
    sql`select id from wallets
        where user_id = ${userId} and currency_id = ${offer.from.id} and status = 'open'`,
  );
  if (!source) {
    throw new InvalidDataError({ currency_from_id: [WALLET_SEND_MESSAGES.noWalletFrom(offer.from.iso)] });
  }
  const parties: SendParties = {
    sourceWalletId: source.id,
    targetWalletId: target.walletId,
    recipient: { name: found.recipient.name, wallet_id: target.publicId },
  };
  return { offer, parties };
}

/** POST /wallets/send-money/calculator: the price of a send, and who it goes to. */
export async function calculateSend(
  context: PricingContext,
  userId: number,
  input: WalletSendRequest,
): Promise<Calculation & { recipient: SendParties["recipient"] }> {
  const { offer, parties } = await sendOffer(context, userId, input);
  const { calculation } = await priceOffer(context, offer, input, { userId });
  return { ...calculation, recipient: parties.recipient };
}

/** POST /wallets/send-money/quotation/create: the send priced and its rate locked, for that wallet. */
export async function createSendQuotation(
  context: PricingContext,
  userId: number,
  input: WalletSendRequest,
): Promise<WalletSendQuotation> {
  const { offer, parties } = await sendOffer(context, userId, input);
  const priced = await priceOffer(context, offer, input, { userId });
  const saved = await saveQuotation(context, userId, WALLET_SEND_SERVICE, offer, priced, {
    targetWalletId: parties.targetWalletId,
  });
  return { ...saved, recipient: parties.recipient };
}

type SendWalletRow = {
  id: number;
  user_id: number;
  currency_id: number;
  public_id: string;
  status: string;
  first_name: string;
  last_name: string;
  decimals: number;
};

/**
 * The two wallets of a send with their owners' names, locked FOR SHARE until the send commits, so
 * a wallet cannot be closed under a send in flight and a send after a close sees it closed.
 */
async function lockSendWallets(tx: Db, userId: number, currencyFromId: number, targetWalletId: number) {
  const rows = await queryNamedRows<SendWalletRow>(
    tx,
    "lock_send_wallets",
    sql`select w.id, w.user_id, w.currency_id, w.public_id, w.status, u.first_name, u.last_name,
          c.decimals
        from wallets w join users u on u.id = w.user_id join currencies c on c.id = w.currency_id
        where w.id = ${targetWalletId}
           or (w.user_id = ${userId} and w.currency_id = ${currencyFromId})
        order by w.id
        for share of w`,
  );
  const target = rows.find((row) => row.id === targetWalletId);
  // The caller's open wallet in that currency; a closed one (there may be several) only to say so.
  const mine = rows.filter((row) => row.user_id === userId && row.currency_id === currencyFromId);
  const source = mine.find((row) => row.status === "open") ?? mine[0];
  return { source, target };
}

export type SendCommand = { userId: number; quotationId: number };

/**
 * POST /wallets/send-money/transaction: the send of the caller's open wallet-send quotation, in one
 * transaction (the caller's Idempotency-Key transaction when there is one): the quotation is marked
 * used, the order is created with a copy of its terms and completed at once with one ledger entry.
 * A wallet without the funds refuses with InsufficientFundsError and leaves nothing behind.
 */
export async function sendFromWallet(deps: SendDeps, command: SendCommand): Promise<OrderRow> {
  const { userId, quotationId } = command;
  // Inside the request's Idempotency-Key transaction already, a savepoint would only add two round
  // trips: a refusal rolls that transaction back to its own savepoint.
  if (isTransaction(deps.db)) return sendInTransaction(deps, deps.db, userId, quotationId);
  return deps.db.transaction(async (tx) => {
    shareCorridorCache(tx, deps.db);
    return sendInTransaction(deps, tx, userId, quotationId);
  });
}

/** Whether `db` is a transaction already (drizzle's transaction type, not a pool or a client). */
const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/** The caller's open wallet-send quotation, marked used in one statement; why not, when it was not. */
async function claimSendQuotation(tx: Db, userId: number, quotationId: number) {
  const [claimed] = await tx
    .update(quotations)
    .set({ status: "used", updatedAt: sql`now()` })
    .where(
      and(
        eq(quotations.id, quotationId),
        eq(quotations.userId, userId),
        eq(quotations.service, WALLET_SEND_SERVICE),
        eq(quotations.status, "open"),
        gt(quotations.expiresAt, sql`now()`),
      ),
    )
    .returning()
    .prepare("claim_send_quotation")
    .execute();
  if (claimed?.targetWalletId != null) return claimed;
  // The rare path: say why (another user's or unknown: 404; another service; expired; used). Two
  // requests for one quotation meet here too: the second waited on the row and finds it used.
  const quotation = await ownQuotation(tx, userId, quotationId);
  if (quotation.service !== WALLET_SEND_SERVICE || quotation.targetWalletId === null) {
    throw new InvalidDataError({ quotation_id: [WALLET_SEND_MESSAGES.notSend] });
  }
  assertQuotationOpen(quotation);
  throw new ConflictError(PLACE_ORDER_MESSAGES.quotationUsed);
}

async function sendInTransaction(deps: SendDeps, tx: Db, userId: number, quotationId: number) {
  // First, before any row lock: every money-moving transaction of this user waits here in turn.
  await lockMoneyMoving(tx, userId);
  const quotation = await claimSendQuotation(tx, userId, quotationId);
  const { source, target } = await lockSendWallets(
    tx,
    userId,
    quotation.currencyFromId,
    quotation.targetWalletId!,
  );
  if (target?.status !== "open" || target.currency_id !== quotation.currencyToId) {
    throw new InvalidDataError({ quotation_id: [WALLET_SEND_MESSAGES.recipientGone] });
  }
  if (target.user_id === userId) {
    throw new InvalidDataError({ quotation_id: [WALLET_SEND_MESSAGES.yourself] });
  }
  if (source?.status !== "open") {
    throw new InvalidDataError({ quotation_id: [WALLET_SEND_MESSAGES.sourceGone] });
  }
  const summary = await describeQuotation({ db: tx, rates: deps.rates, language: deps.language }, quotation);
  const usdEquivalentMinor = await holdWithinLimits(tx, deps, userId, {
    iso: summary.currency_from_iso,
    amount: summary.amount_paid,
  });
  const sender = { name: `${source.first_name} ${source.last_name}`.trim(), wallet_id: source.public_id };
  const recipient = {
    name: maskPersonName(target.first_name, target.last_name),
    wallet_id: target.public_id,
  };
  const order = await insertOrder(tx, {
    userId,
    ...quotedOrderValues(quotation),
    service: WALLET_SEND_SERVICE,
    usdEquivalentMinor,
    status: "created",
    paymentMethod: PAYMENT_METHOD,
    sourceWalletId: source.id,
    targetWalletId: target.id,
    expectedArrivalAt: new Date(),
    terms: orderTerms(
      summary,
      { currency_from_decimals: source.decimals, currency_to_decimals: target.decimals },
      {
        service: WALLET_SEND_SERVICE,
        // No sender or recipient record: each side as the other saw them (wallet_send keeps both).
        sender: { id: null, name: sender.name, country_iso: null },
        recipient: {
          id: null,
          name: recipient.name,
          first_name: null,
          last_name: null,
          country_iso: null,
          delivery: {},
        },
        wallet_send: { sender, recipient },
      },
    ),
  });
  return completeInstantly(tx, order);
}
