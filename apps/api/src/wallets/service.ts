import type { Language } from "@vela/shared/api";
import { fromMinor } from "@vela/shared/decimal";
import type { OrderTerms } from "@vela/shared/order-terms";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "@vela/shared/orders";
import type { Calculation } from "@vela/shared/pricing";
import {
  type BalanceAndShares,
  type BalanceHistory,
  type ConvertCalculatorRequest,
  type ConvertCurrency,
  WALLET_PAGE_SIZE,
  WALLET_SERVICE_IDS,
  WALLET_SERVICES,
  type Wallet,
  type WalletCurrency,
  type WalletDashboard,
  type WalletOrderAnswer,
  type WalletSelectOption,
  type WalletService,
  type WalletTransaction,
  type WalletTransactionsQuery,
} from "@vela/shared/wallets";
import { and, asc, eq, inArray } from "drizzle-orm";
import QRCode from "qrcode";
import type { Db } from "../db/client";
import { currencies } from "../db/schema/index";
import { AppError, ConflictError, InvalidDataError, NotFoundError } from "../http/errors";
import { receiptUrl, toConfirmationRecord } from "../orders/confirmation";
import { claimQuotation, insertOrder } from "../orders/repository";
import { quotedOrderValues } from "../orders/service";
import { orderTerms } from "../orders/terms";
import { completeInstantly } from "../orders/transition";
import { paymentsInReview } from "../payments/repository";
import { flagUrl } from "../plugins/flags";
import { shareCorridorCache } from "../pricing/corridors";
import { redeemPromoHold } from "../pricing/promo-codes";
import {
  assertQuotationOpen,
  describeQuotation,
  ownQuotation,
  priceOffer,
  walletOffer,
} from "../pricing/quotes";
import type { FxRateProvider } from "../providers/fx/rate-provider";
import { RATE_BASE } from "../providers/fx/rate-provider";
import { WALLET_MESSAGES } from "./messages";
import {
  balanceHistoryRows,
  lockOwnWallet,
  markWalletClosed,
  openWallet,
  ownWallet,
  type WalletBalance,
  type WalletMovementKind,
  type WalletRow,
  type WalletWithCurrency,
  walletBalance,
  walletBalances,
  walletHasOrdersInFlight,
  walletOf,
  walletOrdersPage,
  walletsOfUser,
} from "./repository";

export { WALLET_MESSAGES };

export type WalletDeps = { db: Db; rates: FxRateProvider; language: Language; publicAppUrl: string };

/** Where a currency's flag is not its first two letters' country: the euro's, the CFA francs'. */
const FLAG_COUNTRY: Record<string, string> = { EUR: "EU", XOF: "CI", XAF: "CM", XCD: "AG", XPF: "PF" };

/** The flag a wallet shows for its currency (spec §3 flag_currency), or null for one without a country. */
export function flagCurrency(iso: string): string | null {
  const country = FLAG_COUNTRY[iso] ?? (iso.startsWith("X") ? null : iso.slice(0, 2));
  return country ? flagUrl(country) : null;
}

type CurrencyRow = typeof currencies.$inferSelect;
const toWalletCurrency = (
  row: Pick<CurrencyRow, "id" | "iso" | "name" | "symbol" | "decimals">,
): WalletCurrency => ({
  id: row.id,
  iso: row.iso,
  name: row.name,
  decimals: row.decimals,
  symbol: row.symbol,
  flag_currency: flagCurrency(row.iso),
});

const NO_MONEY: WalletBalance = { balanceMinor: 0n, availableMinor: 0n, onHoldMinor: 0n };

export function toWallet(row: WalletWithCurrency, balance: WalletBalance): Wallet {
  const digits = row.currency.decimals;
  return {
    id: row.id,
    public_id: row.publicId,
    status: row.status,
    currency: toWalletCurrency(row.currency),
    balance: fromMinor(balance.balanceMinor, digits),
    available: fromMinor(balance.availableMinor, digits),
    on_hold: fromMinor(balance.onHoldMinor, digits),
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's wallets with their balances from the ledger, oldest first. */
export async function userWallets(deps: Pick<WalletDeps, "db">, userId: number): Promise<Wallet[]> {
  const rows = await walletsOfUser(deps.db, userId);
  const balances = await walletBalances(deps.db, rows);
  return rows.map((row) => toWallet(row, balances.get(row.id) ?? NO_MONEY));
}

const SERVICE_PATHS = {
  "wallet-deposit": "deposit",
  "wallet-convert": "convert",
  "wallet-send": "send",
  "wallet-withdraw": "withdraw",
} as const;

/** Spanish for the wallet services' names (WALLET_SERVICES), which the lists and buttons show. */
const WALLET_SERVICES_ES: Record<WalletService, string> = {
  "wallet-deposit": "Depósito",
  "wallet-convert": "Conversión",
  "wallet-send": "Envío",
  "wallet-withdraw": "Retiro",
};

/** A wallet service's name in the caller's language (another service's slug as it is). */
export const walletServiceName = (service: string, language: Language) =>
  ((language === "es" ? WALLET_SERVICES_ES : WALLET_SERVICES) as Record<string, string>)[service] ?? service;

export const walletServiceOptions = (language: Language): WalletSelectOption[] =>
  WALLET_SERVICE_IDS.map((id) => ({ id, name: walletServiceName(id, language) }));
export const WALLET_STATUS_OPTIONS: WalletSelectOption[] = ORDER_STATUSES.map((id) => ({
  id,
  name: ORDER_STATUS_LABELS[id],
}));

/** GET /wallets/dashboard: the wallets, the service buttons and the statuses (spec §3 Wallet). */
export async function dashboard(
  deps: Pick<WalletDeps, "db" | "language">,
  userId: number,
): Promise<WalletDashboard> {
  return {
    wallets: await userWallets(deps, userId),
    services: (Object.keys(SERVICE_PATHS) as (keyof typeof SERVICE_PATHS)[]).map((id) => ({
      id,
      name: walletServiceName(id, deps.language),
      path: SERVICE_PATHS[id],
    })),
    statuses: WALLET_STATUS_OPTIONS,
  };
}

/**
 * The currencies a wallet can hold: the active ones we can quote (the rate table's and its base),
 * so every wallet can be converted from and into, in ISO order.
 */
export async function walletCurrencyRows(deps: Pick<WalletDeps, "db" | "rates">): Promise<CurrencyRow[]> {
  const quoted = [RATE_BASE, ...deps.rates.table().rates.keys()];
  return deps.db
    .select()
    .from(currencies)
    .where(and(inArray(currencies.iso, quoted), eq(currencies.isActive, true)))
    .orderBy(asc(currencies.iso));
}

/** GET /wallets/new-wallet/currencies: the wallet currencies the user has no wallet in yet. */
export async function newWalletCurrencies(
  deps: Pick<WalletDeps, "db" | "rates">,
  userId: number,
): Promise<WalletCurrency[]> {
  const owned = new Set((await walletsOfUser(deps.db, userId)).map((row) => row.currencyId));
  return (await walletCurrencyRows(deps)).filter((row) => !owned.has(row.id)).map(toWalletCurrency);
}

/**
 * POST /wallets/new-wallet: opens the user's wallet in a currency a wallet can hold. A second
 * wallet in the same currency is refused on `currency_id` (the unique index decides, so two
 * requests at once cannot both open one).
 */
export async function openNewWallet(
  deps: Pick<WalletDeps, "db" | "rates">,
  userId: number,
  currencyId: number,
): Promise<Wallet> {
  const row = (await walletCurrencyRows(deps)).find((candidate) => candidate.id === currencyId);
  if (!row) throw new InvalidDataError({ currency_id: [WALLET_MESSAGES.unknownCurrency] });
  const opened = await openWallet(deps.db, userId, currencyId);
  if (!opened) {
    const message = WALLET_MESSAGES.alreadyOpen(row.iso);
    throw new InvalidDataError({ currency_id: [message] }, message);
  }
  return toWallet({ ...opened, currency: row }, NO_MONEY);
}

/** The user's wallet by id; another user's wallet answers 404 exactly like an unknown id. */
async function requireOwnWallet(db: Db, userId: number, walletId: number): Promise<WalletWithCurrency> {
  const row = await ownWallet(db, userId, walletId);
  if (!row) throw new NotFoundError(WALLET_MESSAGES.notFound);
  return row;
}

/**
 * POST /wallets/{id}/close: closes the user's wallet, in one transaction under the wallet's row lock
 * (FOR UPDATE). Every order placed into or out of a wallet reads it FOR SHARE in its own transaction
 * (send, convert, deposit, withdrawal), so a close and such an order serialise: the close sees the
 * order's money and order, or the order sees the wallet closed and is refused before money moves.
 * Refused (422) while the wallet holds money, has an amount on hold, or is named by an order that
 * is not final (a deposit still to be credited, a withdrawal still to be paid out or refunded), so
 * no job is ever left to credit a closed wallet. The closed wallet leaves the lists; its orders and
 * figures stay readable by its id, and a new wallet may be opened in its currency.
 */
export async function closeWallet(deps: Pick<WalletDeps, "db">, userId: number, walletId: number) {
  return deps.db.transaction(async (tx) => {
    const row = await lockOwnWallet(tx, userId, walletId);
    if (!row) throw new NotFoundError(WALLET_MESSAGES.notFound);
    if (row.status !== "open") throw new AppError(422, WALLET_MESSAGES.alreadyClosed);
    const balance = await walletBalance(tx, row);
    const digits = row.currency.decimals;
    if (balance.onHoldMinor !== 0n) {
      throw new AppError(
        422,
        WALLET_MESSAGES.closeHeld(fromMinor(balance.onHoldMinor, digits), row.currency.iso),
      );
    }
    if (balance.balanceMinor !== 0n) {
      throw new AppError(
        422,
        WALLET_MESSAGES.closeNotEmpty(fromMinor(balance.balanceMinor, digits), row.currency.iso),
      );
    }
    if (await walletHasOrdersInFlight(tx, row.id)) throw new AppError(422, WALLET_MESSAGES.closeInFlight);
    const closed = await markWalletClosed(tx, row.id);
    return toWallet({ ...closed, currency: row.currency }, NO_MONEY);
  });
}

/** The page of the SPA that sends to a wallet, with the wallet filled in. */
export const shareLink = (publicAppUrl: string, publicId: string) =>
  `${publicAppUrl}/account/wallets/send?wallet_id=${encodeURIComponent(publicId)}`;

/** GET /wallets/{id}/balance-and-shares: the balance and what others need to send to the wallet. */
export async function balanceAndShares(
  deps: Pick<WalletDeps, "db" | "publicAppUrl">,
  userId: number,
  walletId: number,
): Promise<BalanceAndShares> {
  const row = await requireOwnWallet(deps.db, userId, walletId);
  const balance = (await walletBalances(deps.db, [row])).get(row.id) ?? NO_MONEY;
  const link = shareLink(deps.publicAppUrl, row.publicId);
  const svg = await QRCode.toString(link, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return {
    ...toWallet(row, balance),
    wallet_id: row.id,
    shares: {
      wallet_id: row.publicId,
      link,
      qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
      text: `Send me ${row.currency.iso} on Vela: my wallet id is ${row.publicId}. ${link}`,
    },
  };
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * The other side of a wallet order, as the wallet's owner may see it: a convert's other currency,
 * the person a send came from or went to, a withdrawal's beneficiary.
 */
function counterpartyOf(
  order: { service: string; terms: OrderTerms },
  isos: { from: string; to: string },
  direction: "in" | "out",
): string | null {
  if (order.service === "wallet-convert") return direction === "out" ? isos.to : isos.from;
  const { terms } = order;
  if (direction === "in") return order.service === "wallet-send" ? text(terms.sender?.name) : null;
  return text(terms.recipient?.name);
}

/** Out of a wallet: the money left at the paid step; before it, or when it never came, it did not. */
const OUT_NOT_YET: ReadonlySet<string> = new Set(["created", "awaiting_payment"]);
const OUT_NEVER: ReadonlySet<string> = new Set(["payment_failed", "cancelled"]);
/** Into a wallet: the money arrives at the sent step; an order that ends before it brings none. */
const IN_POSTED: ReadonlySet<string> = new Set(["sent", "completed"]);
const IN_NEVER: ReadonlySet<string> = new Set(["payment_failed", "cancelled", "failed", "refunded"]);

/** Whether a movement is in the wallet's balance yet, will be, or never will (see walletTransaction). */
function effectOf(
  movement: WalletMovementKind,
  direction: "in" | "out",
  status: string,
): WalletTransaction["effect"] {
  if (movement === "refund") return "posted";
  if (direction === "out")
    return OUT_NEVER.has(status) ? "none" : OUT_NOT_YET.has(status) ? "pending" : "posted";
  if (IN_POSTED.has(status)) return "posted";
  return IN_NEVER.has(status) ? "none" : "pending";
}

/**
 * GET /wallets/{id}/transactions: the wallet's movements, newest first, 10 a page, by service, status
 * and days (UTC, both included): each order that moved money out of or into the wallet, and the
 * refund of each order paid from it and refunded (a bank statement's debit and its reversal, as the
 * ledger posts them). A deposit not yet credited is `pending` (`in_review` when its transfer is held).
 */
export async function walletTransactions(
  deps: Pick<WalletDeps, "db" | "language">,
  userId: number,
  walletId: number,
  query: WalletTransactionsQuery,
) {
  const wallet = await requireOwnWallet(deps.db, userId, walletId);
  const { rows, total } = await walletOrdersPage(deps.db, wallet.id, query, {
    page: query.page,
    limit: WALLET_PAGE_SIZE,
  });
  const inReview = await paymentsInReview(
    deps.db,
    rows.flatMap(({ order }) =>
      order.paymentId !== null && order.status === "awaiting_payment" ? [order.paymentId] : [],
    ),
  );
  const items: WalletTransaction[] = rows.map(({ order, currencyFrom, currencyTo, movement, at }) => {
    const isRefund = movement === "refund";
    const direction = isRefund || order.sourceWalletId !== wallet.id ? "in" : "out";
    const status = (ORDER_STATUSES as readonly string[]).includes(order.status)
      ? (order.status as (typeof ORDER_STATUSES)[number])
      : "created";
    const isOwn = order.userId === userId;
    // What left the wallet comes back in full: the refund row is the amount paid, returned.
    const leftOrCameBack = isRefund || direction === "out";
    return {
      id: order.id,
      movement,
      effect: effectOf(movement, direction, status),
      in_review: order.paymentId !== null && inReview.has(order.paymentId),
      ref: order.ref,
      service: order.service,
      service_name: walletServiceName(order.service, deps.language),
      status,
      status_label: ORDER_STATUS_LABELS[status],
      direction,
      amount: leftOrCameBack
        ? fromMinor(order.amountPaidMinor, currencyFrom.decimals)
        : fromMinor(order.receivingAmountMinor, currencyTo.decimals),
      currency_iso: wallet.currency.iso,
      counterparty: counterpartyOf(
        order,
        { from: currencyFrom.iso, to: currencyTo.iso },
        isRefund ? "out" : direction,
      ),
      send_amount: fromMinor(order.sendAmountMinor, currencyFrom.decimals),
      amount_paid: fromMinor(order.amountPaidMinor, currencyFrom.decimals),
      currency_from_iso: currencyFrom.iso,
      receiving_amount: fromMinor(order.receivingAmountMinor, currencyTo.decimals),
      currency_to_iso: currencyTo.iso,
      is_own: isOwn,
      details_url: isOwn ? `/api/orders/${order.id}/details` : null,
      receipt_url: isOwn ? receiptUrl(order.id) : null,
      created_at: at.toISOString(),
    };
  });
  return { rows: items, total };
}

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * GET /wallets/{id}/balance-history: the end-of-day (UTC) balance of the wallet's ledger account
 * for the last `days` days, today included, worked out from its postings: the sum before the first
 * day, then each day's movements added in turn.
 */
export async function balanceHistory(
  deps: Pick<WalletDeps, "db">,
  userId: number,
  walletId: number,
  days: number,
  now = new Date(),
): Promise<BalanceHistory> {
  const wallet = await requireOwnWallet(deps.db, userId, walletId);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  const { openingMinor, daily } = await balanceHistoryRows(deps.db, wallet.ledgerAccountId, start);
  const movements = new Map(daily.map((row) => [row.day, row.amountMinor]));
  const points: BalanceHistory["points"] = [];
  let balanceMinor = openingMinor;
  for (let index = 0; index < days; index++) {
    const day = dayOf(new Date(start.getTime() + index * DAY_MS));
    balanceMinor += movements.get(day) ?? 0n;
    points.push({ date: day, balance: fromMinor(balanceMinor, wallet.currency.decimals) });
  }
  return {
    wallet_id: wallet.id,
    currency_iso: wallet.currency.iso,
    decimals: wallet.currency.decimals,
    points,
  };
}

/**
 * GET /wallets/convert-money/currencies: with is_from 1 the user's open wallets (a convert pays from
 * one), with their available money; with is_from 0 every currency a wallet can hold but the one
 * converted from, each with the user's wallet in it or null (a convert needs it: the SPA offers to
 * open it).
 */
export async function convertCurrencies(
  deps: Pick<WalletDeps, "db" | "rates">,
  userId: number,
  isFrom: boolean,
  currencyFromId?: number,
): Promise<ConvertCurrency[]> {
  const owned = await walletsOfUser(deps.db, userId);
  const balances = await walletBalances(deps.db, owned);
  const walletOfCurrency = new Map(
    owned.filter((row) => row.status === "open").map((row) => [row.currencyId, row]),
  );
  const withWallet = (row: CurrencyRow): ConvertCurrency => {
    const found = walletOfCurrency.get(row.id);
    return {
      ...toWalletCurrency(row),
      wallet: found
        ? {
            id: found.id,
            public_id: found.publicId,
            available: fromMinor((balances.get(found.id) ?? NO_MONEY).availableMinor, row.decimals),
          }
        : null,
    };
  };
  const rows = await walletCurrencyRows(deps);
  if (isFrom) return rows.filter((row) => walletOfCurrency.has(row.id)).map(withWallet);
  return rows.filter((row) => row.id !== currencyFromId).map(withWallet);
}

/** POST /wallets/convert-money/calculator: the convert's price at today's rate (nothing is kept). */
export async function convertCalculator(
  deps: Pick<WalletDeps, "db" | "rates" | "language">,
  userId: number,
  input: ConvertCalculatorRequest,
): Promise<Calculation> {
  const context = { db: deps.db, rates: deps.rates, language: deps.language };
  const offer = await walletOffer(context, "convert", input.currency_from_id, input.currency_to_id, "wallet");
  const priced = await priceOffer(
    context,
    offer,
    { send_amount: input.send_amount, receiving_amount: input.receiving_amount },
    { userId },
  );
  return priced.calculation;
}

/**
 * The user's open wallet in a currency, read FOR SHARE so it cannot close under the convert (see
 * closeWallet), or the field error that says which is missing.
 */
async function convertWallet(
  db: Db,
  userId: number,
  currency: CurrencyRow,
  side: "from" | "to",
): Promise<{ wallet: WalletRow | null; error: string | null }> {
  const wallet = await walletOf(db, userId, currency.id, { lock: true });
  if (!wallet) {
    return {
      wallet: null,
      error:
        side === "from"
          ? WALLET_MESSAGES.noFromWallet(currency.iso)
          : WALLET_MESSAGES.noToWallet(currency.iso),
    };
  }
  if (wallet.status !== "open") return { wallet: null, error: WALLET_MESSAGES.closed(currency.iso) };
  return { wallet, error: null };
}

/**
 * POST /wallets/convert-money/transaction: converts between two of the user's wallets at the
 * quotation's locked rate, at once. In one transaction (the caller's idempotency transaction when
 * there is one): the quotation must be the user's (404), a convert's, open and unexpired (409);
 * both wallets must exist and be open (422 naming the missing one); the quotation is claimed, the
 * order inserted and taken through completeInstantly, which posts the one entry that debits the
 * source wallet by the amount paid and credits the target by the receiving amount. A source wallet
 * short of funds refuses it all (422, nothing kept but the refusal).
 */
export async function convertTransaction(
  deps: WalletDeps,
  command: { userId: number; quotationId: number },
): Promise<WalletOrderAnswer> {
  const { userId } = command;
  return deps.db.transaction(async (tx) => {
    shareCorridorCache(tx, deps.db);
    const quotation = await ownQuotation(tx, userId, command.quotationId);
    if (quotation.service !== "wallet-convert") {
      throw new InvalidDataError({ quotation_id: [WALLET_MESSAGES.notConvert] }, WALLET_MESSAGES.notConvert);
    }
    assertQuotationOpen(quotation);
    const pair = await tx
      .select()
      .from(currencies)
      .where(inArray(currencies.id, [quotation.currencyFromId, quotation.currencyToId]));
    const from = pair.find((row) => row.id === quotation.currencyFromId)!;
    const to = pair.find((row) => row.id === quotation.currencyToId)!;
    const source = await convertWallet(tx, userId, from, "from");
    const target = await convertWallet(tx, userId, to, "to");
    if (source.error || target.error) {
      const errors: Record<string, string[]> = {};
      if (source.error) errors.currency_from_id = [source.error];
      if (target.error) errors.currency_to_id = [target.error];
      throw new InvalidDataError(errors, WALLET_MESSAGES.needsWallets);
    }
    const claimed = await claimQuotation(tx, quotation.id);
    if (!claimed) {
      assertQuotationOpen(await ownQuotation(tx, userId, quotation.id));
      throw new ConflictError("This quotation was already used. Request a new quotation.");
    }
    const summary = await describeQuotation(
      { db: tx, rates: deps.rates, language: deps.language },
      quotation,
    );
    const sourceWallet = source.wallet!;
    const targetWallet = target.wallet!;
    const terms = orderTerms(
      summary,
      { currency_from_decimals: from.decimals, currency_to_decimals: to.decimals },
      {
        service: "wallet-convert",
        sender: null,
        recipient: null,
        delivery_method: { id: quotation.shippingMethodId ?? 0, name: "Vela wallet", slug: "vela" },
        wallets: {
          from: { id: sourceWallet.id, public_id: sourceWallet.publicId, currency_iso: from.iso },
          to: { id: targetWallet.id, public_id: targetWallet.publicId, currency_iso: to.iso },
        },
      },
    );
    const order = await insertOrder(tx, {
      userId,
      ...quotedOrderValues(quotation),
      service: "wallet-convert",
      status: "created",
      sourceWalletId: sourceWallet.id,
      targetWalletId: targetWallet.id,
      paymentMethod: "wallet",
      terms,
      expectedArrivalAt: new Date(),
    });
    const completed = await completeInstantly(tx, order);
    await redeemPromoHold(tx, quotation.id);
    const balances = await walletBalances(tx, [sourceWallet, targetWallet]);
    return {
      ...toConfirmationRecord(completed, { from, to }),
      source_wallet: toWallet({ ...sourceWallet, currency: from }, balances.get(sourceWallet.id) ?? NO_MONEY),
      target_wallet: toWallet({ ...targetWallet, currency: to }, balances.get(targetWallet.id) ?? NO_MONEY),
    };
  });
}
