import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { payments } from "../src/db/schema/index";
import { registerClient } from "./auth-support";
import { buildTestApp, type TestApp } from "./helper";
import { type paymentKit as Kit, METHOD, paymentKit, TEST_CARDS } from "./payments-support";

// Issue 18, point 3: every payment POST replays exactly (Stripe's rule). Ten copies of one request
// with one Idempotency-Key, fired together, all answer the first answer's status and body byte for
// byte, and one payment is made in the provider's sandbox; a later copy answers the same again.
// Needs real PostgreSQL: PGlite's one connection serialises the copies.
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.warn(
    "SKIPPED concurrent payment replays: they need real PostgreSQL. Set TEST_DATABASE_URL=postgres://… to run them.",
  );
}

let app: TestApp;
let kit: Awaited<ReturnType<typeof Kit>>;
const COPIES = 10;

type Sent = { statusCode: number; body: string; headers: Record<string, unknown> };

/** Fires `COPIES` copies of one payment request with one key at once, then one more afterwards. */
async function fireTogether(url: string, payload: Record<string, unknown>, token = kit.owner.token) {
  const key = randomUUID();
  const send = () => kit.call({ method: "POST", url, payload, key, token }) as Promise<Sent>;
  const together = await Promise.all(Array.from({ length: COPIES }, send));
  const later = await send();
  return { together, later, all: [...together, later] };
}

/** Every answer is the first's: one status, one body (the same bytes); the rest are replays. */
function expectOneAnswer(answers: Sent[], status: number) {
  const [first] = answers;
  expect(first!.statusCode, first!.body).toBe(status);
  for (const answer of answers) {
    expect(answer.statusCode, answer.body).toBe(first!.statusCode);
    expect(answer.body).toBe(first!.body);
  }
  // One request did the work; every other one was answered from its record.
  expect(answers.filter((answer) => answer.headers["idempotency-hit"] !== "true")).toHaveLength(1);
}

/** The payments made for a quotation, and what each one's provider sandbox holds under its reference. */
async function madeFor(quotationId: number) {
  const rows = await app.db.select().from(payments).where(eq(payments.quotationId, quotationId));
  const inSandbox = async (table: string, column: string) =>
    (
      await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} in (${sql.join(
          rows.map((row) => sql`${`payment:${row.id}`}`),
          sql`, `,
        )})`,
      )
    )[0]!.n;
  return { rows, inSandbox };
}

beforeAll(async () => {
  if (!serverUrl) return;
  app = await buildTestApp({
    SANDBOX_SWEEP_SECONDS: "0",
    SANDBOX_ACH_SETTLE_SECONDS: "3600",
    PUBLIC_APP_URL: "https://app.vela.test",
  });
  kit = await paymentKit(app);
});
afterAll(() => app?.close());

describe.skipIf(!serverUrl)("ten copies of a payment POST with one Idempotency-Key (PostgreSQL)", () => {
  it("authorize-credit-card: one 201 body for all, one authorization in the card sandbox", async () => {
    const quotation = await kit.cardQuotation();
    const { all } = await fireTogether(
      "/payments/authorize-credit-card",
      await kit.newCardBody(quotation.id, TEST_CARDS.approve),
    );
    expectOneAnswer(all, 201);
    expect(JSON.parse(all[0]!.body).data).toMatchObject({
      status: "authorized",
      card: { brand: "Visa", last4: "4242" },
    });
    const { rows, inSandbox } = await madeFor(quotation.id);
    expect(rows).toHaveLength(1);
    expect(await inSandbox("sandbox_card_authorizations", "idempotency_key")).toBe(1);
  });

  it("authorize-credit-card declined: one 402 refusal for all, one failed payment", async () => {
    const quotation = await kit.cardQuotation();
    const { all } = await fireTogether(
      "/payments/authorize-credit-card",
      await kit.newCardBody(quotation.id, TEST_CARDS.declined),
    );
    expectOneAnswer(all, 402);
    const { rows, inSandbox } = await madeFor(quotation.id);
    expect(rows.map((row) => row.status)).toEqual(["failed"]);
    expect(await inSandbox("sandbox_card_authorizations", "idempotency_key")).toBe(1);
  });

  it("debit-bank-account: one 201 body for all, one ACH debit in the bank sandbox", async () => {
    const quotation = await kit.quote({ amount: "40.00" });
    const chosen = await kit.choose(quotation.id, METHOD.bankTransfer, { sub: METHOD.ach });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { all } = await fireTogether("/payments/debit-bank-account", {
      quotation_id: quotation.id,
      bank_account: {
        routingNumber: "011000015",
        accountNumber: "000123456789",
        accountType: "checking",
        nameOnAccount: "Ada Lovelace",
      },
    });
    expectOneAnswer(all, 201);
    expect(JSON.parse(all[0]!.body).data).toMatchObject({ status: "pending", bank: { last4: "6789" } });
    const { rows, inSandbox } = await madeFor(quotation.id);
    expect(rows).toHaveLength(1);
    expect(await inSandbox("sandbox_ach_debits", "idempotency_key")).toBe(1);
  });

  it("bank-transfer: one 201 body for all (one VLT- reference), one expected transfer in the bank sandbox", async () => {
    const quotation = await kit.quote();
    const chosen = await kit.choose(quotation.id, METHOD.bankTransfer, { sub: METHOD.wire });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { all } = await fireTogether("/payments/bank-transfer", {
      quotation_id: quotation.id,
      method: "domestic-wire-transfer-usa",
    });
    expectOneAnswer(all, 201);
    expect(JSON.parse(all[0]!.body).data.instructions.reference).toMatch(/^VLT-/);
    const { rows, inSandbox } = await madeFor(quotation.id);
    expect(rows).toHaveLength(1);
    expect(await inSandbox("sandbox_incoming_transfers", "idempotency_key")).toBe(1);
  });

  it.each([
    ["praxis", "/payments/praxis/get-payment-gateway", METHOD.praxis],
    ["paypal", "/payments/paypal/authorize", METHOD.paypal],
  ] as const)(
    "%s: one 201 body for all (one page), one session in the gateway sandbox",
    async (gateway, url, method) => {
      const euro = gateway === "praxis";
      const quotation = await kit.quote(euro ? { from: "ES", currencyFrom: "EUR" } : {});
      const chosen = await kit.choose(quotation.id, method, euro ? { currency: "EUR", country: "ES" } : {});
      expect(chosen.statusCode, chosen.body).toBe(200);
      const { all } = await fireTogether(url, {
        quotation_id: quotation.id,
        return_url: "/send-money/payment",
      });
      expectOneAnswer(all, 201);
      expect(JSON.parse(all[0]!.body).data.redirect_url).toContain(`/api/sandbox/gateways/${gateway}/`);
      const { rows } = await madeFor(quotation.id);
      expect(rows).toHaveLength(1);
      const [counted] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from sandbox_gateway_sessions where reference = ${`payment:${rows[0]!.id}`}`,
      );
      expect(counted?.n).toBe(1);
    },
  );

  it("d24 (a top-up paid from Brazil): one 201 body for all, one session in the gateway sandbox", async () => {
    const { session } = await registerClient(app, { country_id: kit.ids.BR });
    const token = session.token as string;
    const phone = "+52 55 1234 5678";
    const found = await kit.call({
      url: `/reload-phones/operators?phone=${encodeURIComponent(phone)}`,
      token,
    });
    expect(found.statusCode, found.body).toBe(200);
    const data = found.json().data;
    const operator = data.operators.find((item: { id: number }) => item.id === data.detected_operator_id);
    const product = operator.products.find((item: { type: string }) => item.type === "FIXED");
    const quoted = await kit.call({
      method: "POST",
      url: "/reload-phones/quotation",
      token,
      payload: { phone, operator_id: operator.id, product_id: product.id, currency_from_id: kit.ids.USD },
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quotationId = quoted.json().data.id as number;
    const chosen = await kit.choose(quotationId, METHOD.d24, { token, country: "BR" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { all } = await fireTogether(
      "/payments/d24/process-payment",
      { quotation_id: quotationId, return_url: "/send-money/payment" },
      token,
    );
    expectOneAnswer(all, 201);
    const { rows } = await madeFor(quotationId);
    expect(rows).toHaveLength(1);
    const [counted] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from sandbox_gateway_sessions where reference = ${`payment:${rows[0]!.id}`}`,
    );
    expect(counted?.n).toBe(1);
  });

  it("a copy with another body under the key is a 422, concurrent or later; nothing more is paid", async () => {
    const quotation = await kit.cardQuotation();
    const key = randomUUID();
    const body = await kit.newCardBody(quotation.id, TEST_CARDS.approve);
    const other = { ...body, name_holder: "Someone Else" };
    const send = (payload: Record<string, unknown>) =>
      kit.call({ method: "POST", url: "/payments/authorize-credit-card", key, payload });
    const bodies = Array.from({ length: COPIES }, (_, index) => (index % 2 === 0 ? body : other));
    const answers = await Promise.all(bodies.map(send));
    // Whichever body claimed the key first is paid, and its copies replay it; the other body is refused.
    const winner = bodies[answers.findIndex((answer) => answer.statusCode === 201)]!;
    answers.forEach((answer, index) => {
      if (bodies[index] === winner) {
        expect(answer.statusCode, answer.body).toBe(201);
        expect(answer.body).toBe(answers[bodies.indexOf(winner)]!.body);
      } else {
        expect(answer.statusCode, answer.body).toBe(422);
        expect(answer.json().errors["Idempotency-Key"]).toBeDefined();
      }
    });
    expect((await send(winner === body ? other : body)).statusCode).toBe(422);
    expect((await madeFor(quotation.id)).rows).toHaveLength(1);
  });
});
