import { randomBytes } from "node:crypto";
import type { OrderStatus } from "@vela/shared/orders";
import { eq } from "drizzle-orm";
import {
  countries,
  currencies,
  orderStatusHistory,
  orders,
  quotations,
  shippingMethods,
} from "../src/db/schema/index";
import { countryId, registerClient } from "./auth-support";
import type { TestApp } from "./helper";

/**
 * Orders for the history and tracking tests, written straight into the tables the orders module
 * fills (a quotation, the order with its copy of the terms, its status history), so these tests
 * read what they wrote without going through payments and payouts.
 */

export type OrderFixture = {
  service?: string;
  status?: OrderStatus;
  /** The statuses it went through, oldest first (the last should be `status`); defaults to [status]. */
  path?: OrderStatus[];
  createdAt?: Date;
  recipientName?: string;
  senderName?: string;
  sendAmountMinor?: bigint;
  feeMinor?: bigint;
  expectedArrivalAt?: Date | null;
  statusReason?: string | null;
};

export type SignedIn = { token: string; id: number };

export async function signUp(app: TestApp): Promise<SignedIn> {
  const { session } = await registerClient(app);
  return { token: session.token as string, id: session.user.id as number };
}

const random = (size: number) => randomBytes(size).toString("hex").toUpperCase();

export async function historyKit(app: TestApp) {
  const [usdRow] = await app.db.select().from(currencies).where(eq(currencies.iso, "USD"));
  const [mxnRow] = await app.db.select().from(currencies).where(eq(currencies.iso, "MXN"));
  const [mxRow] = await app.db.select().from(countries).where(eq(countries.iso2, "MX"));
  const usId = await countryId(app, "US");
  const [bankDepositRow] = await app.db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.slug, "bank-deposit"));
  if (!usdRow || !mxnRow || !mxRow || !bankDepositRow) throw new Error("reference data missing");
  const [usd, mxn, mx, bankDeposit] = [usdRow, mxnRow, mxRow, bankDepositRow];

  /** Writes one order for `userId` with its quotation and status history; answers the order row. */
  async function insertOrder(userId: number, fixture: OrderFixture = {}) {
    const status = fixture.status ?? "processing";
    const path = fixture.path ?? [status];
    const createdAt = fixture.createdAt ?? new Date();
    const sendAmountMinor = fixture.sendAmountMinor ?? 25_000n;
    const feeMinor = fixture.feeMinor ?? 399n;
    const receivingAmountMinor = (sendAmountMinor * 1725n) / 100n;
    const recipientName = fixture.recipientName ?? "María López Hernández";
    // What the quotation and its order share: a card-paid US → MX corridor.
    const corridor = {
      countryFromId: usId,
      countryToId: mx.id,
      currencyFromId: usd.id,
      currencyToId: mxn.id,
      paymentMethod: "credit-and-debit-card-methods",
    };
    const [quotation] = await app.db
      .insert(quotations)
      .values({
        userId,
        service: "consignments",
        ...corridor,
        sendAmountMinor,
        feeMinor,
        discountMinor: 0n,
        totalMinor: sendAmountMinor + feeMinor,
        receivingAmountMinor,
        midRate: "17.4500000000",
        marginBps: 115,
        customerRate: "17.2500000000",
        rateSource: "ECB euro foreign exchange reference rates, 2024-11-25",
        fixedSide: "send",
        status: "used",
        expiresAt: new Date(createdAt.getTime() + 15 * 60_000),
        createdAt,
      })
      .returning();
    const [first, ...rest] = recipientName.split(" ");
    const [order] = await app.db
      .insert(orders)
      .values({
        userId,
        service: fixture.service ?? "consignments",
        status,
        ref: `VL-${random(4)}`,
        trackingNumber: `VT${random(6)}`,
        quotationId: quotation!.id,
        ...corridor,
        sendAmountMinor,
        feeMinor,
        externalFeeMinor: 0n,
        discountMinor: 0n,
        amountPaidMinor: sendAmountMinor + feeMinor,
        receivingAmountMinor,
        rate: "17.2500000000",
        terms: {
          service: "consignments",
          quotation: { id: quotation!.id, rate: "17.25", payment_method: "credit-and-debit-card-methods" },
          sender: { id: null, name: fixture.senderName ?? "Ana García", country_iso: "US" },
          recipient: {
            id: null,
            name: recipientName,
            first_name: first ?? null,
            last_name: rest.join(" "),
            country_iso: "MX",
            delivery: { Bank: "Banamex", CLABE: "•••• 7771" },
          },
          delivery_method: { id: bankDeposit.id, name: "Bank deposit", slug: "bank-deposit" },
          transfer_time: "Within 1 business day",
          guaranteed_rate: true,
          currency_from_iso: "USD",
          currency_to_iso: "MXN",
          currency_from_decimals: usd.decimals,
          currency_to_decimals: mxn.decimals,
        },
        expectedArrivalAt:
          fixture.expectedArrivalAt === undefined
            ? new Date(createdAt.getTime() + 86_400_000)
            : fixture.expectedArrivalAt,
        statusReason: fixture.statusReason ?? null,
        createdAt,
      })
      .returning();
    let at = createdAt.getTime();
    let from: OrderStatus | null = null;
    for (const step of path) {
      await app.db.insert(orderStatusHistory).values({
        orderId: order!.id,
        fromStatus: from,
        toStatus: step,
        reason: step === status ? (fixture.statusReason ?? null) : null,
        createdAt: new Date(at),
      });
      from = step;
      at += 60_000;
    }
    return order!;
  }

  return { insertOrder, usd, mxn };
}
