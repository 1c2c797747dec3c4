import type { Language } from "@vela/shared/api";
import type { Calculation, Quotation } from "@vela/shared/pricing";
import type { Recipient } from "@vela/shared/recipients";
import { WITHDRAWAL_METHOD_SLUGS, type WithdrawMethod } from "@vela/shared/wallet-dw";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { corridorMethods, corridors, countries, shippingMethods } from "../db/schema/index";
import { AppError, InvalidDataError, NotFoundError } from "../http/errors";
import { holdWithinLimits, lockMoneyMoving } from "../limits/check";
import { expectedArrival } from "../orders/confirmation";
import { insertFirstHistory, insertOrder, recipientRow } from "../orders/repository";
import {
  ADVANCE_JOB,
  assertWithinSendLimits,
  claimOwnQuotation,
  type OrderDeps,
  quotedOrderValues,
} from "../orders/service";
import { currencyDigits, orderTerms, recipientTerms } from "../orders/terms";
import { type OrderRow, transition } from "../orders/transition";
import { shareCorridorCache } from "../pricing/corridors";
import {
  assertQuotationOpen,
  describeQuotation,
  ownQuotation,
  type PricingContext,
  priceOffer,
  type QuotationRow,
  saveQuotation,
  walletOffer,
} from "../pricing/quotes";
import { findOwnRecipient } from "../recipients/repository";
import { WITHDRAW_MESSAGES } from "./dw-messages";
import { walletOf } from "./repository";

export const WITHDRAW_SERVICE = "wallet-withdraw" as const;
/** A withdrawal is paid from the wallet: priced as the wallet payment method. */
const WALLET_PAYMENT = "wallet";

export { WITHDRAW_MESSAGES };

const METHOD_TEXT: Record<(typeof WITHDRAWAL_METHOD_SLUGS)[number], Record<Language, [string, string]>> = {
  "bank-deposit": {
    en: ["Bank account", "To a bank account in your name. Arrives in 1–2 business days."],
    es: ["Cuenta bancaria", "A una cuenta bancaria a tu nombre. Llega en 1 o 2 días hábiles."],
  },
  "mobile-wallet": {
    en: ["Mobile wallet", "To a mobile wallet in your name. Arrives in 1–2 business days."],
    es: ["Billetera móvil", "A una billetera móvil a tu nombre. Llega en 1 o 2 días hábiles."],
  },
};

/**
 * GET /wallets/withdraw-money/methods: a bank account always; a mobile wallet where money in the
 * currency is paid out to mobile wallets (a corridor delivers to one in that currency).
 */
export async function withdrawMethods(
  db: Db,
  language: Language,
  currencyId: number | undefined,
): Promise<WithdrawMethod[]> {
  const rows = await db
    .select({ id: shippingMethods.id, slug: shippingMethods.slug })
    .from(shippingMethods)
    .where(inArray(shippingMethods.slug, [...WITHDRAWAL_METHOD_SLUGS]));
  let mobileOffered = true;
  if (currencyId !== undefined) {
    const [found] = await db
      .select({ id: corridors.id })
      .from(corridors)
      .innerJoin(corridorMethods, eq(corridorMethods.corridorId, corridors.id))
      .innerJoin(shippingMethods, eq(shippingMethods.id, corridorMethods.shippingMethodId))
      .where(
        and(
          eq(corridors.currencyToId, currencyId),
          eq(corridors.isActive, true),
          eq(shippingMethods.slug, "mobile-wallet"),
        ),
      )
      .limit(1);
    mobileOffered = found !== undefined;
  }
  return WITHDRAWAL_METHOD_SLUGS.filter((slug) => slug !== "mobile-wallet" || mobileOffered).flatMap(
    (slug) => {
      const row = rows.find((candidate) => candidate.slug === slug);
      if (!row) return [];
      const [name, description] = METHOD_TEXT[slug][language];
      return [{ id: row.id, slug, name, description }];
    },
  );
}

async function methodIdOf(db: Db, slug: string): Promise<number> {
  const [row] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(eq(shippingMethods.slug, slug));
  if (!row) throw new Error(`shipping method ${slug} is not seeded`);
  return row.id;
}

/** The caller's active withdrawal account (a recipient saved through the withdraw form). */
async function withdrawalAccount(db: Db, userId: number, recipientId: number): Promise<Recipient> {
  const recipient = await findOwnRecipient(db, userId, recipientId);
  if (!recipient) {
    throw new AppError(404, "Recipient not found.", { recipient_id: ["Recipient not found."] });
  }
  if (recipient.withdrawal_method === null) {
    throw new InvalidDataError({ recipient_id: [WITHDRAW_MESSAGES.notAccount] });
  }
  if (!recipient.is_active) throw new InvalidDataError({ recipient_id: [WITHDRAW_MESSAGES.inactive] });
  return recipient;
}

/**
 * The caller's open wallet in a currency, which a withdrawal is paid from. A withdrawal being placed
 * reads it FOR SHARE (`lock`), so the wallet cannot close under it (see closeWallet).
 */
async function sourceWallet(
  db: Db,
  userId: number,
  currencyId: number,
  iso: string,
  field: string,
  lock = false,
) {
  const wallet = await walletOf(db, userId, currencyId, { lock });
  if (!wallet) throw new InvalidDataError({ [field]: [WITHDRAW_MESSAGES.noWallet(iso)] });
  if (wallet.status !== "open") throw new InvalidDataError({ [field]: [WITHDRAW_MESSAGES.walletClosed] });
  return wallet;
}

/** POST /wallets/withdraw-money/calculator: the price of a withdrawal into a currency (bank account). */
export async function calculateWithdrawal(
  context: PricingContext,
  userId: number,
  input: { currency_from_id: number; currency_to_id: number; send_amount: string },
): Promise<Calculation> {
  const offer = await walletOffer(
    context,
    "withdraw",
    input.currency_from_id,
    input.currency_to_id,
    WALLET_PAYMENT,
  );
  return (await priceOffer(context, offer, { send_amount: input.send_amount }, { userId })).calculation;
}

/**
 * POST /wallets/withdraw-money/quotation/create: prices a withdrawal from the caller's wallet in
 * `currency_from_id` to one of their withdrawal accounts (its currency receives, its method
 * delivers) and stores it with the account chosen, its rate held for the quotation's time.
 */
export async function createWithdrawQuotation(
  context: PricingContext,
  userId: number,
  input: { currency_from_id: number; recipient_id: number; send_amount: string },
): Promise<Quotation> {
  const recipient = await withdrawalAccount(context.db, userId, input.recipient_id);
  const methodId = await methodIdOf(context.db, recipient.withdrawal_method!);
  const offer = await walletOffer(
    context,
    "withdraw",
    input.currency_from_id,
    recipient.currency_id,
    WALLET_PAYMENT,
    undefined,
    methodId,
  );
  await sourceWallet(context.db, userId, offer.from.id, offer.from.iso, "currency_from_id");
  const priced = await priceOffer(context, offer, { send_amount: input.send_amount }, { userId });
  return saveQuotation(context, userId, WITHDRAW_SERVICE, offer, priced, { recipientId: recipient.id });
}

/** The caller's withdraw quotation; another user's or another service's is not found. */
export async function withdrawQuotation(db: Db, userId: number, quotationId: number): Promise<QuotationRow> {
  const quotation = await ownQuotation(db, userId, quotationId);
  if (quotation.service !== WITHDRAW_SERVICE) throw new NotFoundError("Quotation not found.");
  return quotation;
}

/**
 * POST /wallets/withdraw-money/transaction, once the confirmation code was accepted: in one
 * transaction (the caller's idempotency transaction) checks the quotation (the caller's, open,
 * within its limits), the account (still the caller's and active) and the wallet (open), marks the
 * quotation used, creates the order paid from the wallet (`source_wallet_id`) and takes its `paid`
 * step at once: the wallet's account is debited by the amount paid into funds in transit, which is
 * the hold. A wallet without the funds refuses the whole transaction (InsufficientFundsError) and
 * nothing is written. The queued job then submits the payout and follows it to completed, or to
 * failed → refunded, which returns the hold to the wallet.
 */
export async function placeWithdrawal(
  deps: OrderDeps,
  command: { userId: number; quotationId: number },
): Promise<OrderRow> {
  const { userId } = command;
  return deps.db.transaction(async (tx) => {
    // First, before any row lock: every money-moving transaction of this user waits here in turn.
    await lockMoneyMoving(tx, userId);
    shareCorridorCache(tx, deps.db);
    const quotation = await withdrawQuotation(tx, userId, command.quotationId);
    assertQuotationOpen(quotation);
    const recipient = quotation.recipientId === null ? null : await recipientRow(tx, quotation.recipientId);
    if (
      !recipient ||
      recipient.ownerUserId !== userId ||
      recipient.deletedAt !== null ||
      !recipient.isActive ||
      recipient.withdrawalMethod === null ||
      recipient.currencyId !== quotation.currencyToId
    ) {
      throw new InvalidDataError({ recipient_id: [WITHDRAW_MESSAGES.recipientGone] });
    }
    const summary = await describeQuotation(
      { db: tx, rates: deps.rates, language: deps.language },
      quotation,
    );
    const wallet = await sourceWallet(
      tx,
      userId,
      quotation.currencyFromId,
      summary.currency_from_iso,
      "quotation_id",
      true,
    );
    assertWithinSendLimits(summary);
    const usdEquivalentMinor = await holdWithinLimits(tx, deps, userId, {
      iso: summary.currency_from_iso,
      amount: summary.amount_paid,
    });
    await claimOwnQuotation(tx, userId, quotation.id);
    const terms = orderTerms(summary, await currencyDigits(tx, quotation), {
      service: WITHDRAW_SERVICE,
      sender: null,
      recipient: {
        ...recipientTerms(recipient, await countryIsoOf(tx, recipient.countryId)),
        last_name: recipient.lastName ?? recipient.businessName,
      },
      wallet: { id: wallet.id, public_id: wallet.publicId, currency_iso: summary.currency_from_iso },
    });
    const placedAt = new Date();
    const order = await insertOrder(tx, {
      userId,
      ...quotedOrderValues(quotation),
      service: WITHDRAW_SERVICE,
      usdEquivalentMinor,
      status: "created",
      paymentId: null,
      senderId: null,
      recipientId: recipient.id,
      countryFromId: null,
      countryToId: recipient.countryId,
      paymentMethod: WALLET_PAYMENT,
      sourceWalletId: wallet.id,
      terms,
      expectedArrivalAt: expectedArrival(summary.transfer_time, placedAt),
    });
    await insertFirstHistory(tx, order.id, ["created"]);
    // The hold: the wallet pays now, in this transaction, or the withdrawal is refused whole.
    const paid = await transition(tx, order.id, "created", "paid");
    await deps.jobs.send(ADVANCE_JOB, { orderId: order.id }, { db: tx, retryLimit: 10 });
    return paid;
  });
}

async function countryIsoOf(db: Db, countryId: number): Promise<string | null> {
  const [row] = await db.select({ iso2: countries.iso2 }).from(countries).where(eq(countries.id, countryId));
  return row?.iso2 ?? null;
}
