import { fromMinor, sendAmountForReceiving, toMinor } from "@vela/shared/decimal";
import { PURCHASE_SERVICES } from "@vela/shared/purchases";
import { and, eq, like, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryNamedRows } from "../db/prepared";
import { journalEntries, orderStatusHistory, orders, payments, postings } from "../db/schema/index";
import { ConflictError, InsufficientFundsError } from "../http/errors";
import { ensureAccount, type Leg, postEntry } from "../ledger/ledger";
import { walletLedgerAccount } from "../ledger/wallet-accounts";
import { canTransition, type OrderStatus } from "./status";

export type OrderRow = typeof orders.$inferSelect;

export const ORDER_MESSAGES = {
  moved: "This order has moved on meanwhile; reload it to see where it stands.",
  /** A wallet paying for an order (convert, send, withdraw) would go below zero. */
  walletInsufficient: "Your wallet does not have enough funds for this.",
} as const;

/** The order was not in the status the step starts from (another worker or request moved it first). */
export class OrderTransitionConflict extends ConflictError {
  constructor(
    readonly orderId: number,
    readonly from: OrderStatus,
    readonly to: OrderStatus,
    readonly actual: string | null,
  ) {
    super(ORDER_MESSAGES.moved);
  }
}

/** Columns a step may set together with the status (the payout's reference, a pickup code). */
export type TransitionColumns = Partial<
  Pick<
    OrderRow,
    "payoutPartner" | "payoutReference" | "pickupReference" | "expectedArrivalAt" | "providerCostMinor"
  >
>;

export type TransitionOptions = {
  /** Why, in words the customer can read (kept on the order and on the history row). */
  reason?: string | null;
  /**
   * The step's ledger entry: by default the one LEDGER_STEPS names for the target status; `false`
   * posts nothing (only for steps that move no money: the default already posts nothing for them).
   */
  ledger?: boolean;
  set?: TransitionColumns;
};

/** Where an order's entries are filed (journal_entries.reference), and each step's idempotency key. */
export const orderReference = (orderId: number) => `order:${orderId}`;
export const stepKey = (orderId: number, step: OrderStatus) => `order:${orderId}:${step}`;

/**
 * Where an order's money comes from: the wallet it is paid from (issue 10), or else the clearing
 * account of the channel its payment came through.
 */
async function payingAccount(tx: Db, order: OrderRow): Promise<bigint> {
  if (order.sourceWalletId !== null)
    return walletLedgerAccount(tx, order.sourceWalletId, order.currencyFromId);
  const [payment] = order.paymentId
    ? await tx.select({ channel: payments.channel }).from(payments).where(eq(payments.id, order.paymentId))
    : [];
  const channel = payment?.channel ?? "unknown";
  return ensureAccount(tx, { kind: "payment_clearing", currencyId: order.currencyFromId, channel });
}

/**
 * Posts an order's entry. A wallet paying for the order that would go below zero refuses the whole
 * entry (the database's CHECK on the wallet's shards) with the wallet's own words; the caller's
 * transaction rolls back, so nothing of the step is written.
 */
async function postOrderEntry(tx: Db, order: OrderRow, entry: Parameters<typeof postEntry>[1]) {
  try {
    return await postEntry(tx, entry);
  } catch (error) {
    if (error instanceof InsufficientFundsError && order.sourceWalletId !== null) {
      throw new InsufficientFundsError(ORDER_MESSAGES.walletInsufficient);
    }
    throw error;
  }
}

/**
 * The ledger accounts of a transfer (ARCHITECTURE §4). Balances are credit-positive, as in the
 * rest of the ledger: money arriving through a channel takes the channel's clearing account down
 * (we are owed it by the card processor or the bank) and puts it where it now belongs.
 *
 * - paid: payment clearing (channel, currency from) −amount_paid — or, for an order paid from a
 *   wallet (`source_wallet_id`), that wallet's customer account −amount_paid, refused below zero —;
 *   funds in transit +send amount (+ the partner's external fee); fee revenue +fee; promotions
 *   expense −discount (the promotion paid part of the fee). Sums to zero: amount_paid = send + fee +
 *   external − discount.
 * - sent / available_for_pickup (the partner took the payout): funds in transit −(send + external)
 *   → FX position in the sending currency, FX position in the receiving currency −receiving →
 *   payout partner payable (partner, receiving currency) +receiving — or, for an order delivered
 *   into a wallet (`target_wallet_id`), that wallet's customer account +receiving. Each currency
 *   sums to zero.
 * - refunded: the exact opposite of everything the order posted, so the clearing channel gets back
 *   exactly amount_paid and every other account of the order returns to where it was.
 */
async function ledgerLegs(tx: Db, order: OrderRow, step: OrderStatus): Promise<Leg[] | null> {
  const from = order.currencyFromId;
  const to = order.currencyToId;
  if (step === "paid") {
    const legs: Leg[] = [
      { accountId: await payingAccount(tx, order), amountMinor: -order.amountPaidMinor },
      {
        accountId: await ensureAccount(tx, { kind: "funds_in_transit", currencyId: from }),
        amountMinor: order.sendAmountMinor + order.externalFeeMinor,
      },
    ];
    if (order.feeMinor > 0n) {
      legs.push({
        accountId: await ensureAccount(tx, { kind: "fee_revenue", currencyId: from }),
        amountMinor: order.feeMinor,
      });
    }
    if (order.discountMinor > 0n) {
      legs.push({
        accountId: await ensureAccount(tx, { kind: "promotions_expense", currencyId: from }),
        amountMinor: -order.discountMinor,
      });
    }
    return legs;
  }
  if (step === "sent" && isPurchaseOrder(order)) return purchaseDeliveredLegs(tx, order);
  if (step === "sent" || step === "available_for_pickup") {
    const outgoing = order.sendAmountMinor + order.externalFeeMinor;
    const partner = order.payoutPartner ?? "payouts";
    const receivingAccount =
      order.targetWalletId !== null
        ? await walletLedgerAccount(tx, order.targetWalletId, to)
        : await ensureAccount(tx, { kind: "payout_payable", currencyId: to, channel: partner });
    const legs: Leg[] = [
      {
        accountId: await ensureAccount(tx, { kind: "funds_in_transit", currencyId: from }),
        amountMinor: -outgoing,
      },
      { accountId: receivingAccount, amountMinor: order.receivingAmountMinor },
    ];
    if (from === to) {
      // No conversion: only a difference (there is none when the rate is 1) goes to the FX position.
      const difference = outgoing - order.receivingAmountMinor;
      if (difference !== 0n) {
        legs.push({
          accountId: await ensureAccount(tx, { kind: "fx_position", currencyId: from }),
          amountMinor: difference,
        });
      }
      return legs;
    }
    legs.push(
      {
        accountId: await ensureAccount(tx, { kind: "fx_position", currencyId: from }),
        amountMinor: outgoing,
      },
      {
        accountId: await ensureAccount(tx, { kind: "fx_position", currencyId: to }),
        amountMinor: -order.receivingAmountMinor,
      },
    );
    return legs;
  }
  if (step === "refunded") {
    // The net of every entry the order posted, turned around.
    const net = await tx
      .select({ accountId: postings.accountId, total: sql<string>`sum(${postings.amountMinor})::text` })
      .from(postings)
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .where(
        and(
          eq(journalEntries.reference, orderReference(order.id)),
          like(journalEntries.idempotencyKey, `${orderReference(order.id)}:%`),
        ),
      )
      .groupBy(postings.accountId)
      .orderBy(postings.accountId);
    const legs = net
      .map((row) => ({ accountId: row.accountId, amountMinor: -BigInt(row.total) }))
      .filter((leg) => leg.amountMinor !== 0n);
    return legs.length >= 2 ? legs : null;
  }
  return null;
}

const isPurchaseOrder = (order: OrderRow) => (PURCHASE_SERVICES as readonly string[]).includes(order.service);

/**
 * A purchase delivered (a top-up, gift card or bill payment; issue 11), each part its own posting:
 * funds in transit −send → the FX position at the mid rate, and our FX margin (what the customer
 * rate kept of the send amount) to fee revenue `fx-margin`; in the product's currency the FX
 * position −face value → the aggregator's payable +its cost and fee revenue `commission` +the rest
 * (its commission off the face value). Each currency sums to zero. In one currency there is no
 * margin and no FX position.
 */
async function purchaseDeliveredLegs(tx: Db, order: OrderRow): Promise<Leg[]> {
  const from = order.currencyFromId;
  const to = order.currencyToId;
  const face = order.receivingAmountMinor;
  const cost = order.providerCostMinor ?? face;
  if (cost > face || cost < 0n) throw new Error(`order ${order.id}: a provider cost of ${cost} for ${face}`);
  const provider = order.payoutPartner ?? "purchases";
  const legs: Leg[] = [
    {
      accountId: await ensureAccount(tx, { kind: "funds_in_transit", currencyId: from }),
      amountMinor: -order.sendAmountMinor,
    },
    {
      accountId: await ensureAccount(tx, { kind: "payout_payable", currencyId: to, channel: provider }),
      amountMinor: cost,
    },
  ];
  const commission = face - cost;
  if (commission > 0n) {
    legs.push({
      accountId: await ensureAccount(tx, { kind: "fee_revenue", currencyId: to, channel: "commission" }),
      amountMinor: commission,
    });
  }
  if (from === to) {
    // No conversion: the send amount is the face value.
    const difference = order.sendAmountMinor - face;
    if (difference !== 0n) {
      legs.push({
        accountId: await ensureAccount(tx, { kind: "fee_revenue", currencyId: from, channel: "fx-margin" }),
        amountMinor: difference,
      });
    }
    return legs;
  }
  // The face value at the mid rate, in the sending currency's minor units (rounded up: the margin
  // is what is left, never more than the customer paid for the conversion).
  const { terms } = order;
  const midRate = terms.quotation?.mid_rate;
  const fromDecimals = terms.currency_from_decimals ?? 2;
  const toDecimals = terms.currency_to_decimals ?? 2;
  let atMid = order.sendAmountMinor;
  if (midRate) {
    const faceMajor = fromMinor(face, toDecimals);
    atMid = toMinor(sendAmountForReceiving(faceMajor, midRate, fromDecimals), fromDecimals);
    if (atMid > order.sendAmountMinor) atMid = order.sendAmountMinor;
  }
  const margin = order.sendAmountMinor - atMid;
  legs.push(
    { accountId: await ensureAccount(tx, { kind: "fx_position", currencyId: from }), amountMinor: atMid },
    { accountId: await ensureAccount(tx, { kind: "fx_position", currencyId: to }), amountMinor: -face },
  );
  if (margin > 0n) {
    legs.push({
      accountId: await ensureAccount(tx, { kind: "fee_revenue", currencyId: from, channel: "fx-margin" }),
      amountMinor: margin,
    });
  }
  return legs;
}

/**
 * Moves an order from `from` to `to` inside the caller's transaction: the update only matches an
 * order still in `from` (none → OrderTransitionConflict, and the caller's transaction should roll
 * back), the history row records the step, and the step's ledger entry is posted under the key
 * `order:<id>:<step>`, so a step can never post twice.
 */
export async function transition(
  tx: Db,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  options: TransitionOptions = {},
): Promise<OrderRow> {
  if (!canTransition(from, to)) throw new Error(`an order cannot go from ${from} to ${to}`);
  const [order] = await tx
    .update(orders)
    .set({
      status: to,
      ...(options.set ?? {}),
      ...(options.reason !== undefined ? { statusReason: options.reason } : {}),
      ...(to === "completed" ? { completedAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning();
  if (!order) {
    const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    throw new OrderTransitionConflict(orderId, from, to, current?.status ?? null);
  }
  let journalEntryId: bigint | null = null;
  if (options.ledger !== false) {
    const legs = await ledgerLegs(tx, order, to);
    if (legs) {
      journalEntryId = await postOrderEntry(tx, order, {
        kind: `order.${to}`,
        reference: orderReference(order.id),
        idempotencyKey: stepKey(order.id, to),
        legs,
        metadata: { order_id: order.id, from, to },
      });
    }
  }
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: from,
    toStatus: to,
    journalEntryId,
    reason: options.reason ?? null,
  });
  return order;
}

/** The steps an instant order takes, in order, from `created` (each a history row). */
const INSTANT_STEPS = [
  "created",
  "paid",
  "processing",
  "sent",
  "completed",
] as const satisfies readonly OrderStatus[];

/** The history rows of an instant order (from, to), as array literals in `completeInstantly`'s SQL. */
const INSTANT_FROM = sql.raw(`'{NULL,${INSTANT_STEPS.slice(0, -1).join(",")}}'::text[]`);
const INSTANT_TO = sql.raw(`'{${INSTANT_STEPS.join(",")}}'::text[]`);

/** The idempotency key of an instant order's one entry (under `order:<id>:`, so a refund would find it). */
export const instantKey = (orderId: number) => `order:${orderId}:instant`;

/**
 * Takes an order just inserted in `created` (and with no history yet) through paid → processing →
 * sent → completed in the caller's transaction: a wallet convert or a wallet-to-wallet send, which
 * pay from a wallet and deliver into one with no one else to wait for. It posts ONE journal entry,
 * the legs of the paid and sent steps merged per account (funds in transit nets to nothing and is
 * left out): one entry, so `post_entry` takes its locks in one order (account id, then shard) and
 * two users sending to each other at once cannot deadlock, which two entries in one transaction
 * could. A source wallet without the funds refuses the whole entry with InsufficientFundsError
 * before anything of the order is written but the caller's own rows, which its rollback removes.
 * Writes the history row of every step (from `created` on), the paid and sent rows naming the entry.
 */
export async function completeInstantly(tx: Db, order: OrderRow): Promise<OrderRow> {
  if (order.status !== "created") throw new Error(`an instant order starts at created, not ${order.status}`);
  if (order.targetWalletId === null) throw new Error("an instant order delivers into a wallet");
  const paid = (await ledgerLegs(tx, order, "paid")) ?? [];
  const sent = (await ledgerLegs(tx, order, "sent")) ?? [];
  const totals = new Map<bigint, bigint>();
  for (const leg of [...paid, ...sent]) {
    totals.set(leg.accountId, (totals.get(leg.accountId) ?? 0n) + leg.amountMinor);
  }
  const legs = [...totals]
    .filter(([, amountMinor]) => amountMinor !== 0n)
    .map(([accountId, amountMinor]) => ({ accountId, amountMinor }));
  // The entry first: a wallet short of funds refuses here, before the order's status moves.
  const journalEntryId = await postOrderEntry(tx, order, {
    kind: "order.instant",
    reference: orderReference(order.id),
    idempotencyKey: instantKey(order.id),
    legs,
    metadata: { order_id: order.id, from: "created", to: "completed", steps: INSTANT_STEPS.slice(1) },
  });
  // One round trip: the status moves and its history (a row per step, the paid and sent ones naming
  // the entry) is written only when it did.
  const [moved] = await queryNamedRows<{ completed_at: Date; updated_at: Date }>(
    tx,
    "complete_instant_order",
    sql`with moved as (
          update orders set status = 'completed', completed_at = now(), updated_at = now()
          where id = ${order.id} and status = 'created'
          returning id, completed_at, updated_at
        ), history as (
          insert into order_status_history (order_id, from_status, to_status, journal_entry_id)
          select moved.id, step.from_status, step.to_status,
                 case when step.to_status in ('paid', 'sent') then ${journalEntryId}::bigint end
          from moved, unnest(${INSTANT_FROM}, ${INSTANT_TO}) as step(from_status, to_status)
        )
        select completed_at, updated_at from moved`,
  );
  if (!moved) {
    const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    throw new OrderTransitionConflict(order.id, "created", "completed", current?.status ?? null);
  }
  const completed: OrderRow = {
    ...order,
    status: "completed",
    completedAt: new Date(moved.completed_at),
    updatedAt: new Date(moved.updated_at),
  };
  return completed;
}
