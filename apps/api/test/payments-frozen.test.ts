import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { payments, promoCodes, quotations, sandboxCardAuthorizations } from "../src/db/schema/index";
import { RELEASE_EXPIRED_JOB, RELEASED_MESSAGE, releaseExpiredPayment } from "../src/payments/lifecycle";
import { PAID_QUOTATION } from "../src/pricing/quotes";
import { appForThisFile, postForm } from "./helper";
import { type OrderKit, orderKit } from "./orders-support";

// Issue 18, point 2: a paid quotation is frozen. Once a payment for it is started (a card authorized
// or waiting on 3-D Secure, a hosted gateway's page opened, an ACH debit or push instructions), its
// payment method, instrument, amounts (requote), promo code, sender and recipient cannot change:
// 409 with one message, in English and Spanish; a failed payment unfreezes it. On PostgreSQL, a
// requote fired together with the payment never leaves a payment for other terms than the
// quotation's. An authorization whose quotation expires unused is voided by a job, once.
let kit: OrderKit;
const serverUrl = process.env.TEST_DATABASE_URL;

const app = appForThisFile({ SANDBOX_SWEEP_SECONDS: "0", PUBLIC_APP_URL: "https://app.vela.test" });

beforeAll(async () => {
  kit = await orderKit(app);
});

const deps = () => ({ db: app.db, providers: app.providers, jobs: app.jobs });

type Request = { method?: string; url: string; payload?: unknown; headers?: Record<string, string> };
/** The owner's request, with any headers (language, Idempotency-Key). */
const call = ({ method = "GET", url, payload, headers = {} }: Request) =>
  app.inject({
    method: method as "GET",
    url: `/api${url}`,
    headers: { authorization: `Bearer ${kit.owner.token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function cardToken(number = "4242424242424242") {
  const response = await app.inject({
    method: "POST",
    url: "/api/sandbox/cards/tokens",
    payload: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123", name: "Ada" },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.token as string;
}

async function payByCard(quotationId: number, number?: string, extra: Record<string, unknown> = {}) {
  return call({
    method: "POST",
    url: "/payments/authorize-credit-card",
    headers: { "idempotency-key": randomUUID() },
    payload: {
      quotation_id: quotationId,
      card_token: await cardToken(number),
      name_holder: "Ada Lovelace",
      ...extra,
    },
  });
}

/** Every change a quotation can be asked for, each as its route takes it. */
async function changesOf(quotationId: number, language = "en") {
  const headers = { language };
  const self = (await call({ url: "/senders" })).json().data.data[0];
  const recipient = await call({ method: "POST", url: "/recipients", payload: kit.mxRecipient({}) });
  expect(recipient.statusCode, recipient.body).toBe(201);
  const code = `FROZEN${randomUUID().slice(0, 8).toUpperCase()}`;
  await app.db
    .insert(promoCodes)
    .values({ code, kind: "percent", percentBps: 5000, description: "Half off our fee, for the tests." });
  const method = (type: number, sub?: number, url = "bank-transfer") => ({
    method: "PUT",
    url: `/quotations/payment-method/${quotationId}`,
    headers,
    payload: {
      payment_type_id: type,
      ...(sub === undefined ? {} : { payment_sub_type_id: sub }),
      url,
      payment_currency_id: kit.ids.USD,
      country_iso: "US",
    },
  });
  return {
    "another payment method": method(1, 12),
    "the same method again": method(3, undefined, "authorize-credit-card"),
    "a requote to 500": {
      method: "PUT",
      url: `/quotations/${quotationId}`,
      headers,
      payload: { send_amount: "500.00" },
    },
    "a promo code": {
      method: "PATCH",
      url: `/consignments/quotation/${quotationId}/apply-promo-code`,
      headers,
      payload: { code },
    },
    "another sender": {
      method: "PUT",
      url: `/consignments/quotation/${quotationId}/add-sender`,
      headers,
      payload: { sender_id: self.id },
    },
    "another recipient": {
      method: "PUT",
      url: `/consignments/quotation/${quotationId}/add-recipient`,
      headers,
      payload: { recipient_id: recipient.json().data.id },
    },
    "another recipient (PATCH)": {
      method: "PATCH",
      url: `/quotations/${quotationId}`,
      headers,
      payload: { recipient_id: recipient.json().data.id },
    },
  } as const;
}

const quotationRow = async (id: number) =>
  (await app.db.select().from(quotations).where(eq(quotations.id, id)))[0]!;

describe("a quotation with a payment is frozen", () => {
  it("refuses every change with 409 once a card is authorized; nothing of the quotation changes", async () => {
    const quotation = await kit.readyQuotation();
    const paid = await payByCard(quotation.id, undefined, { save_card: true });
    expect(paid.statusCode, paid.body).toBe(201);
    const before = await quotationRow(quotation.id);
    const saved = (await call({ url: "/payments/profiles?payment_method_id=3" })).json().data[0];
    const changes = {
      ...(await changesOf(quotation.id)),
      "a saved card": {
        method: "PUT",
        url: "/payments/add-payment-method",
        payload: { quotation_id: quotation.id, payment_profile_id: saved.id },
      },
    };
    for (const [what, request] of Object.entries(changes)) {
      const response = await call(request);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(409);
      expect(response.json(), what).toEqual({ success: false, message: PAID_QUOTATION });
    }
    const after = await quotationRow(quotation.id);
    expect(after).toEqual(before);
    // What the payment holds is still what the quotation asks for.
    const [payment] = await app.db.select().from(payments).where(eq(payments.quotationId, quotation.id));
    expect(payment!.amountMinor).toBe(after.totalMinor);
  });

  it("says so in Spanish", async () => {
    const quotation = await kit.readyQuotation();
    expect((await payByCard(quotation.id)).statusCode).toBe(201);
    const changes = await changesOf(quotation.id, "es");
    const response = await call(changes["a requote to 500"]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "Esta cotización ya tiene un pago. Empieza una nueva para cambiarla.",
    );
  });

  it("freezes it as soon as a hosted gateway's page is opened (the payer may be paying there) and push instructions are issued", async () => {
    const paypal = await kit.readyQuotation({ payBy: "none" });
    const chosen = await call({
      method: "PUT",
      url: `/quotations/payment-method/${paypal.id}`,
      payload: {
        payment_type_id: 6,
        url: "paypal",
        payment_currency_id: kit.ids.USD,
        country_iso: "US",
      },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const opened = await call({
      method: "POST",
      url: "/payments/paypal/authorize",
      payload: { quotation_id: paypal.id, return_url: "/send-money/payment" },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const wire = await kit.readyQuotation({ payBy: "wire" });
    const instructed = await call({
      method: "POST",
      url: "/payments/bank-transfer",
      payload: { quotation_id: wire.id, method: "domestic-wire-transfer-usa" },
    });
    expect(instructed.statusCode, instructed.body).toBe(201);
    for (const id of [paypal.id, wire.id]) {
      const changes = await changesOf(id);
      for (const what of ["another payment method", "a requote to 500", "a promo code"] as const) {
        const response = await call(changes[what]);
        expect(response.statusCode, `${what}: ${response.body}`).toBe(409);
      }
    }
  });

  it("lets a quotation whose payment was declined change again", async () => {
    const quotation = await kit.readyQuotation();
    const declined = await payByCard(quotation.id, "4000000000000002");
    expect(declined.statusCode).toBe(402);
    const changes = await changesOf(quotation.id);
    expect((await call(changes["a requote to 500"])).statusCode).toBe(200);
    expect((await call(changes["another payment method"])).statusCode).toBe(200);
  });

  it.skipIf(!serverUrl)(
    "never lets a requote and a payment fired together both win (PostgreSQL)",
    async () => {
      const outcomes = { requoteFirst: 0, paymentFirst: 0 };
      for (let round = 0; round < 12; round++) {
        const quotation = await kit.readyQuotation();
        const token = await cardToken();
        // The requote leaves a little later each round, so it meets the payment before, during and
        // after its claim.
        const [requote, paid] = await Promise.all([
          new Promise((resolve) => setTimeout(resolve, round * 12)).then(() =>
            call({ method: "PUT", url: `/quotations/${quotation.id}`, payload: { send_amount: "500.00" } }),
          ),
          call({
            method: "POST",
            url: "/payments/authorize-credit-card",
            headers: { "idempotency-key": randomUUID() },
            payload: { quotation_id: quotation.id, card_token: token, name_holder: "Ada Lovelace" },
          }),
        ]);
        expect(paid.statusCode, paid.body).toBe(201);
        const after = await quotationRow(quotation.id);
        const [payment] = await app.db.select().from(payments).where(eq(payments.quotationId, quotation.id));
        // Whatever the order, the payment holds exactly what the quotation now asks for.
        expect(payment!.amountMinor).toBe(after.totalMinor);
        if (requote.statusCode === 200) {
          outcomes.requoteFirst++;
          expect(after.sendAmountMinor).toBe(50000n);
        } else {
          outcomes.paymentFirst++;
          expect(requote.statusCode, requote.body).toBe(409);
          expect(after.sendAmountMinor).toBe(25000n);
        }
      }
      expect(outcomes.requoteFirst + outcomes.paymentFirst).toBe(12);
      console.info("requote and payment fired together:", outcomes);
    },
  );
});

describe("an authorization whose quotation expires unused is voided by a job", () => {
  const expire = (quotationId: number, minutes: number) =>
    app.db
      .update(quotations)
      .set({ expiresAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(quotations.id, quotationId));
  const authorization = async (paymentId: number) => {
    const [payment] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
    const [row] = await app.db
      .select()
      .from(sandboxCardAuthorizations)
      .where(eq(sandboxCardAuthorizations.id, payment!.providerReference!));
    return { payment: payment!, authorization: row! };
  };

  it("is scheduled with the payment, for when the quotation (and a grace minute) has passed", async () => {
    const quotation = await kit.readyQuotation();
    const paid = await payByCard(quotation.id);
    const paymentId = paid.json().data.id as number;
    const [job] = await queryRows<{ late: number }>(
      app.db,
      sql`select extract(epoch from start_after - ${quotation.expiresAt}::timestamptz)::int as late
          from pgboss.job where name = ${RELEASE_EXPIRED_JOB} and (data->>'paymentId')::int = ${paymentId}`,
    );
    expect(job?.late).toBeGreaterThanOrEqual(59);
    expect(job?.late).toBeLessThanOrEqual(62);
    // Early, it voids nothing and says when to look again.
    const early = await releaseExpiredPayment(deps(), paymentId);
    expect(early).toMatchObject({ released: false });
    expect(early.released ? 0 : (early.retryInSeconds ?? 0)).toBeGreaterThan(0);
    expect((await authorization(paymentId)).authorization.status).toBe("authorized");
  });

  it("voids the hold in the card sandbox and cancels the payment; run twice, it voids once", async () => {
    const quotation = await kit.readyQuotation();
    const paid = await payByCard(quotation.id);
    const paymentId = paid.json().data.id as number;
    await expire(quotation.id, 5);

    const first = await releaseExpiredPayment(deps(), paymentId);
    expect(first.released).toBe(true);
    const voided = await authorization(paymentId);
    expect(voided.authorization.status).toBe("voided");
    expect(voided.payment).toMatchObject({
      status: "canceled",
      failureCode: "quotation_expired",
      failureMessage: RELEASED_MESSAGE,
    });
    const shown = await call({ url: `/payments/${paymentId}` });
    expect(shown.json().data).toMatchObject({ status: "canceled", failure_message: RELEASED_MESSAGE });

    const second = await releaseExpiredPayment(deps(), paymentId);
    expect(second.released).toBe(false);
    const again = await authorization(paymentId);
    expect(again.authorization.updatedAt).toEqual(voided.authorization.updatedAt);
    expect(again.payment.updatedAt).toEqual(voided.payment.updatedAt);
    const canceledJobs = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from pgboss.job
          where name = 'payment.updated' and singleton_key = ${`payment.updated:${paymentId}:canceled`}`,
    );
    expect(canceledJobs[0]!.n).toBe(1);
  });

  it("runs as the queued job and leaves alone an authorization whose quotation was used by an order", async () => {
    const expired = await kit.readyQuotation();
    const expiredPayment = (await payByCard(expired.id)).json().data.id as number;
    const used = await kit.readyQuotation();
    const usedPayment = (await payByCard(used.id)).json().data.id as number;
    await kit.placeQuietly(used, usedPayment);
    await expire(expired.id, 5);
    await expire(used.id, 5);
    await app.jobs.send(RELEASE_EXPIRED_JOB, { paymentId: expiredPayment });
    await app.jobs.send(RELEASE_EXPIRED_JOB, { paymentId: usedPayment });
    const deadline = Date.now() + 20_000;
    while ((await authorization(expiredPayment)).authorization.status !== "voided") {
      if (Date.now() > deadline) throw new Error("the job did not void the authorization");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await authorization(expiredPayment)).payment.status).toBe("canceled");
    expect(await releaseExpiredPayment(deps(), usedPayment)).toMatchObject({ released: false });
    expect((await authorization(usedPayment)).authorization.status).toBe("authorized");
  });

  it("cancels an unanswered hosted gateway page, whose approval is then refused", async () => {
    const quotation = await kit.readyQuotation({ payBy: "none" });
    await call({
      method: "PUT",
      url: `/quotations/payment-method/${quotation.id}`,
      payload: { payment_type_id: 6, url: "paypal", payment_currency_id: kit.ids.USD, country_iso: "US" },
    });
    const opened = await call({
      method: "POST",
      url: "/payments/paypal/authorize",
      payload: { quotation_id: quotation.id, return_url: "/send-money/payment" },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { id, redirect_url } = opened.json().data as { id: number; redirect_url: string };
    await expire(quotation.id, 5);
    expect(await releaseExpiredPayment(deps(), id)).toMatchObject({ released: true });
    await postForm(app, new URL(redirect_url).pathname, "outcome=approve");
    const shown = await call({ url: `/payments/${id}` });
    expect(shown.json().data.status).toBe("canceled");
  });
});
