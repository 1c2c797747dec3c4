import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { currencies, orders, quotations, users } from "../src/db/schema/index";
import { postEntry } from "../src/ledger/ledger";
import { newOrderRef, newTrackingNumber } from "../src/orders/confirmation";
import type { OrderRow } from "../src/orders/transition";
import { openWallet, type WalletRow, walletBalance, walletOf } from "../src/wallets/repository";
import { bearer, registerClient } from "./auth-support";
import type { TestApp } from "./helper";
import { clearingAccount } from "./helper";
import { giveLevel } from "./limits-support";

export type Client = { token: string; id: number; email: string };
export type QuotationRow = typeof quotations.$inferSelect;

/** POST wallets/deposit-money/quotation/create: a card deposit of 100.00 into the `currencyId` wallet. */
export const postCardDepositQuotation = (app: TestApp, token: string, currencyId: number) =>
  app.inject({
    method: "POST",
    url: "/api/wallets/deposit-money/quotation/create",
    headers: bearer(token),
    payload: {
      currency_from_id: currencyId,
      currency_to_id: currencyId,
      send_amount: "100.00",
      payment_method: "credit-and-debit-card-methods",
    },
  });

/**
 * What the wallet tests share: signed-in clients, currency ids by ISO code, wallets opened through
 * the repository, money put into a wallet through the ledger (as a settled deposit would), and a
 * wallet order inserted as a service would insert it.
 */
export async function walletKit(app: TestApp) {
  const currency: Record<string, { id: number; decimals: number }> = {};
  for (const row of await app.db.select().from(currencies))
    currency[row.iso] = { id: row.id, decimals: row.decimals };
  const idOf = (iso: string) => {
    const found = currency[iso];
    if (!found) throw new Error(`no currency ${iso}`);
    return found.id;
  };

  const signUp = async (): Promise<Client> => {
    const { session, body } = await registerClient(app);
    // Money tests run at the top level so the verification limits stop none of them (limits-*.test.ts test those).
    await giveLevel(app, session.user.id as number);
    return { token: session.token as string, id: session.user.id as number, email: body.email as string };
  };

  /** Marks the client's e-mail and phone verified, as the verification codes would. */
  async function markVerified(client: Client) {
    await app.db
      .update(users)
      .set({ emailVerifiedAt: sql`now()`, phoneVerifiedAt: sql`now()` })
      .where(eq(users.id, client.id));
  }

  /** A signed-in client whose e-mail and phone are verified. */
  const signUpVerified = async (): Promise<Client> => {
    const client = await signUp();
    await markVerified(client);
    return client;
  };

  /** The client's wallet in a currency, opened now (or the one they have). */
  async function wallet(client: Client, iso: string): Promise<WalletRow> {
    const opened = await openWallet(app.db, client.id, idOf(iso));
    return opened ?? (await walletOf(app.db, client.id, idOf(iso)))!;
  }

  /** Puts money into a wallet as a settled deposit would: a test clearing account → the wallet. */
  async function fund(target: WalletRow, amountMinor: bigint) {
    await postEntry(app.db, {
      kind: "test.funding",
      reference: `test-funding:${target.id}`,
      idempotencyKey: `test-funding:${randomUUID()}`,
      legs: [
        {
          accountId: await clearingAccount(app.db, target.currencyId, "test-funding"),
          amountMinor: -amountMinor,
        },
        { accountId: target.ledgerAccountId, amountMinor },
      ],
    });
  }

  /** A new client with a wallet in `iso` that holds `amountMinor`. */
  async function fundedClient(iso: string, amountMinor: bigint) {
    const client = await signUp();
    const funded = await wallet(client, iso);
    await fund(funded, amountMinor);
    return { client, wallet: funded };
  }

  const available = async (target: WalletRow) => (await walletBalance(app.db, target)).availableMinor;

  /** A priced wallet quotation through the API (convert or deposit), as its row. */
  async function walletQuotation(
    client: Client,
    kind: "convert" | "deposit",
    from: string,
    to: string,
    sendAmount: string,
  ): Promise<QuotationRow> {
    const response = await app.inject({
      method: "POST",
      url: `/api/wallets/${kind}-money/quotation/create`,
      headers: bearer(client.token),
      payload: { currency_from_id: idOf(from), currency_to_id: idOf(to), send_amount: sendAmount },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await app.db
      .select()
      .from(quotations)
      .where(eq(quotations.id, response.json().data.id as number));
    return row!;
  }

  /** An order in `created` for a wallet quotation, as the wallet services insert one (no history). */
  async function insertOrder(
    db: TestApp["db"],
    quotation: QuotationRow,
    values: {
      service: string;
      sourceWalletId?: number | null;
      targetWalletId?: number | null;
      paymentId?: number | null;
    },
  ): Promise<OrderRow> {
    const [row] = await db
      .insert(orders)
      .values({
        userId: quotation.userId,
        service: values.service,
        status: "created",
        ref: newOrderRef(),
        trackingNumber: newTrackingNumber(),
        quotationId: quotation.id,
        paymentId: values.paymentId ?? null,
        sourceWalletId: values.sourceWalletId ?? null,
        targetWalletId: values.targetWalletId ?? null,
        currencyFromId: quotation.currencyFromId,
        currencyToId: quotation.currencyToId,
        paymentMethod: quotation.paymentMethod,
        sendAmountMinor: quotation.sendAmountMinor,
        feeMinor: quotation.feeMinor,
        discountMinor: quotation.discountMinor,
        amountPaidMinor: quotation.totalMinor,
        receivingAmountMinor: quotation.receivingAmountMinor,
        rate: quotation.customerRate,
        // A copy of the terms with nothing in it these tests read (no parties, no wallets' names).
        terms: {
          service: "wallet-deposit",
          quotation: {},
          sender: null,
          recipient: null,
          delivery_method: null,
          transfer_time: "",
          guaranteed_rate: false,
          currency_from_iso: "",
          currency_to_iso: "",
          currency_from_decimals: 2,
          currency_to_decimals: 2,
          wallet: { id: values.targetWalletId ?? 0, public_id: "", currency_iso: "" },
        },
      })
      .returning();
    return row!;
  }

  return {
    currency,
    idOf,
    signUp,
    markVerified,
    signUpVerified,
    wallet,
    fund,
    fundedClient,
    available,
    walletQuotation,
    insertOrder,
  };
}
export type WalletKit = Awaited<ReturnType<typeof walletKit>>;
