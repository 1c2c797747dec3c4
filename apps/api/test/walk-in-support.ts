import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { currencies, documentTypes, orders, senders } from "../src/db/schema/index";
import { postEntry } from "../src/ledger/ledger";
import { newOrderRef, newTrackingNumber } from "../src/orders/confirmation";
import { openWallet, walletOf } from "../src/wallets/repository";
import { bearer, clientBody, countryId, verifyPhone } from "./auth-support";
import { clearingAccount, type TestApp } from "./helper";
import { giveLevel } from "./limits-support";

/**
 * What the walk-in tests share (issue 20 point 6): agents (phone-verified, at the top verification
 * level so only the walk-in rule is tested, with a funded USD wallet to pay purchases from), their
 * senders through the API, past orders of a sender (how a day of another agent is set up), and a
 * wallet-paid gift card quoted for a sender.
 */
export type Agent = { token: string; id: number };

export const isoDaysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function walkInKit(app: TestApp) {
  const ids: Record<string, number> = {};
  for (const iso of ["US", "MX"]) ids[iso] = await countryId(app, iso);
  for (const row of await app.db.select().from(currencies)) ids[row.iso] = row.id;
  const [passport] = await app.db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(eq(documentTypes.code, "passport"));
  if (!passport) throw new Error("no passport document type");
  const passportId = passport.id;

  async function registerAgent(): Promise<Agent> {
    const body = { ...(await clientBody(app)), agency_name: "Envíos Sol", address: "1 Sun Street" };
    const response = await app.inject({
      method: "POST",
      url: "/api/agents/onboarding/register",
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    const token = response.json().data.token as string;
    await verifyPhone(app, token, `${body.phone_prefix}${body.phone_number}`, "agent");
    const me = await app.inject({ method: "GET", url: "/api/me", headers: bearer(token) });
    const id = me.json().data.id as number;
    await giveLevel(app, id);
    const wallet = (await openWallet(app.db, id, ids.USD!)) ?? (await walletOf(app.db, id, ids.USD!))!;
    await postEntry(app.db, {
      kind: "test.funding",
      reference: `test-funding:${wallet.id}`,
      idempotencyKey: `test-funding:${randomUUID()}`,
      legs: [
        { accountId: await clearingAccount(app.db, ids.USD!, "test-funding"), amountMinor: -10_000_000n },
        { accountId: wallet.ledgerAccountId, amountMinor: 10_000_000n },
      ],
    });
    return { token, id };
  }

  const call = (agent: Agent, method: "GET" | "POST" | "PUT", url: string, payload?: object, key = false) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(agent.token, key ? { "idempotency-key": randomUUID() } : {}),
      ...(payload === undefined ? {} : { payload }),
    });

  /** A walk-in customer's document (a passport of Mexico), valid for a year unless told otherwise. */
  const passportOf = (number: string, expires = isoDaysFromNow(365)) => ({
    document_type_id: passportId,
    document_number: number,
    document_country_id: ids.MX,
    document_expires_on: expires,
  });

  /** A gift-card sender (the short form) of the agent; its id. */
  async function basicSender(agent: Agent, body: Record<string, unknown>) {
    const response = await call(agent, "POST", "/gift-cards/senders", body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  }

  /** A consignment sender (the full form, with its document) of the agent; its id. */
  async function fullSender(agent: Agent, body: Record<string, unknown>) {
    const response = await call(agent, "POST", "/consignments/senders", {
      country_id: ids.MX,
      city: "Ciudad de México",
      address: "Av. Reforma 100",
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  }

  /** An order of the sender (placed by its agent) that moved `usdMinor` `hoursAgo` hours ago. */
  async function pastOrder(agent: Agent, senderId: number, usdMinor: bigint, hoursAgo = 1) {
    // Every order has its quotation: a small one for the sender, then the order's amounts are set.
    const quoted = await quoteGiftCard(agent, senderId, "10.00");
    expect(quoted.statusCode, quoted.body).toBe(201);
    await app.db.insert(orders).values({
      quotationId: quoted.json().data.id as number,
      userId: agent.id,
      service: "gift-cards",
      status: "completed",
      ref: newOrderRef(),
      trackingNumber: newTrackingNumber(),
      senderId,
      currencyFromId: ids.USD!,
      currencyToId: ids.USD!,
      paymentMethod: "wallet",
      sendAmountMinor: usdMinor,
      feeMinor: 0n,
      discountMinor: 0n,
      amountPaidMinor: usdMinor,
      receivingAmountMinor: usdMinor,
      rate: "1",
      usdEquivalentMinor: usdMinor,
      // Nothing here reads the order's terms.
      terms: sql`'{}'::jsonb`,
      createdAt: sql`now() - make_interval(hours => ${hoursAgo})`,
    });
  }

  /** POST /gift-cards/quotation for a sender: the raw answer. */
  async function quoteGiftCard(agent: Agent, senderId: number, amount: string, language = "en") {
    const catalogue = (await call(agent, "GET", `/gift-cards/products?country_id=${ids.US}`)).json().data;
    const product = catalogue.find(
      (item: { type: string; currency_iso: string }) => item.type === "RANGE" && item.currency_iso === "USD",
    );
    return app.inject({
      method: "POST",
      url: "/api/gift-cards/quotation",
      headers: bearer(agent.token, { language }),
      payload: {
        product_id: product.id,
        amount,
        currency_from_id: ids.USD,
        recipient_name: "Grace Hopper",
        recipient_email: "grace@example.com",
        sender_id: senderId,
      },
    });
  }

  /** A gift card quoted for the sender and set to be paid from the agent's wallet: the quotation id. */
  async function readyGiftCard(agent: Agent, senderId: number, amount: string) {
    const quoted = await quoteGiftCard(agent, senderId, amount);
    expect(quoted.statusCode, quoted.body).toBe(201);
    const id = quoted.json().data.id as number;
    const chosen = await call(agent, "PUT", `/quotations/payment-method/${id}`, {
      payment_type_id: 8,
      url: "wallet",
      payment_currency_id: ids.USD,
      country_iso: "US",
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    return id;
  }

  const buy = (agent: Agent, quotationId: number) =>
    call(agent, "POST", "/gift-cards/transaction", { quotation_id: quotationId }, true);

  /** Lets a sender's document run out (the API refuses an expired one, so straight in the table). */
  const expireDocument = (senderId: number) =>
    app.db
      .update(senders)
      .set({ documentExpiresOn: isoDaysFromNow(-1) })
      .where(eq(senders.id, senderId));

  return {
    ids,
    passportId,
    registerAgent,
    call,
    passportOf,
    basicSender,
    fullSender,
    pastOrder,
    quoteGiftCard,
    readyGiftCard,
    buy,
    expireDocument,
  };
}
export type WalkInKit = Awaited<ReturnType<typeof walkInKit>>;
