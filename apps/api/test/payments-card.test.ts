import { PAYMENT_MESSAGES, payment } from "@vela/shared/payments";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { payments, quotations } from "../src/db/schema/index";
import { capturePayment, refreshPayment, refundPayment } from "../src/payments/lifecycle";
import { signBody } from "../src/providers/sandbox-webhooks";
import { appForThisFile, parsedData, postForm, postJsonText } from "./helper";
import { type paymentKit as Kit, METHOD, paymentKit, sandboxSettings, TEST_CARDS } from "./payments-support";

// Paying a quotation by card (POST payments/authorize-credit-card) on the card sandbox: approvals,
// the published declines (402 with the card's message, the payment failed, no order), 3-D Secure
// through the signed webhook, the Idempotency-Key kept on the payment, refusals of someone else's,
// an expired or a used quotation and of a method not chosen; then capture, refund and refresh.
let kit: Awaited<ReturnType<typeof Kit>>;
const SECRET = "payments-card-webhook-secret-0123456789";

const app = appForThisFile(sandboxSettings(SECRET));

beforeAll(async () => {
  kit = await paymentKit(app);
});

const deps = () => ({ db: app.db, providers: app.providers, jobs: app.jobs });
let keys = 0;
const nextKey = () => `card-test-${++keys}`;

const payNewCard = async (
  quotationId: number,
  number: string,
  options: { key?: string; token?: string; extra?: Record<string, unknown> } = {},
) =>
  kit.call({
    method: "POST",
    url: "/payments/authorize-credit-card",
    token: options.token,
    key: options.key,
    payload: { ...(await kit.newCardBody(quotationId, number)), ...options.extra },
  });

describe("POST /payments/authorize-credit-card", () => {
  it("authorizes the quotation's amount_paid on the approving card and enqueues payment.updated", async () => {
    const quotation = await kit.cardQuotation();
    const response = await payNewCard(quotation.id, TEST_CARDS.approve, { key: nextKey() });
    const answer = parsedData(response, 201, payment);
    expect(answer).toMatchObject({
      quotation_id: quotation.id,
      method: "credit-and-debit-card-methods",
      status: "authorized",
      amount: quotation.amount_paid,
      currency: "USD",
      redirect_url: null,
      failure_message: null,
      card: { brand: "Visa", last4: "4242" },
      bank: null,
    });
    const [row] = await app.db.select().from(payments).where(eq(payments.id, answer.id));
    expect(row).toMatchObject({ channel: "card", status: "authorized" });
    expect(await kit.updatedJobs(answer.id)).toHaveLength(1);
    // No card number anywhere in what we stored.
    expect(JSON.stringify({ ...row, amountMinor: String(row?.amountMinor) })).not.toContain(
      "4242424242424242",
    );

    const shown = await kit.call({ url: `/payments/${answer.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.status).toBe("authorized");
    expect((await kit.call({ url: `/payments/${answer.id}`, token: kit.other.token })).statusCode).toBe(404);
  });

  it.each([
    [TEST_CARDS.declined, PAYMENT_MESSAGES.cardDeclined],
    [TEST_CARDS.insufficient, "Your card has insufficient funds."],
    [TEST_CARDS.expired, "Your card has expired."],
  ])("answers 402 for %s with the card's message: the payment failed, no order", async (number, message) => {
    const quotation = await kit.cardQuotation();
    const key = nextKey();
    const orders = await kit.orderCount();
    const body = await kit.newCardBody(quotation.id, number);
    const pay = () =>
      kit.call({ method: "POST", url: "/payments/authorize-credit-card", key, payload: body });
    const response = await pay();
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json()).toEqual({ success: false, message });
    const rows = await app.db.select().from(payments).where(eq(payments.quotationId, quotation.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "failed", failureMessage: message });
    expect(await kit.orderCount()).toBe(orders);
    expect(await kit.updatedJobs(rows[0]!.id)).toHaveLength(1);

    // The same key answers the same refusal without charging again; a new attempt may follow.
    const repeat = await pay();
    expect(repeat.statusCode).toBe(402);
    expect(repeat.json()).toEqual({ success: false, message });
    expect(await kit.paymentCount(quotation.id)).toBe(1);
    const retry = await payNewCard(quotation.id, TEST_CARDS.approve, { key: nextKey() });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await kit.paymentCount(quotation.id)).toBe(2);
  });

  it("replays the same key and body with the first answer byte for byte (Idempotency-Hit) and refuses the same key with another body (422)", async () => {
    const quotation = await kit.cardQuotation();
    const key = nextKey();
    const body = await kit.newCardBody(quotation.id, TEST_CARDS.approve);
    const first = await kit.call({
      method: "POST",
      url: "/payments/authorize-credit-card",
      key,
      payload: body,
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await kit.call({
      method: "POST",
      url: "/payments/authorize-credit-card",
      key,
      payload: body,
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotency-hit"]).toBe("true");
    expect(again.body).toBe(first.body);
    const different = await kit.call({
      method: "POST",
      url: "/payments/authorize-credit-card",
      key,
      payload: { ...body, name_holder: "Someone Else" },
    });
    expect(different.statusCode).toBe(422);
    expect(different.json()).toMatchObject({
      success: false,
      errors: { "Idempotency-Key": ["This Idempotency-Key was already used for a different request."] },
    });
    expect(await kit.paymentCount(quotation.id)).toBe(1);
    // A quotation already paid is not paid twice under another key.
    const second = await payNewCard(quotation.id, TEST_CARDS.approve, { key: nextKey() });
    expect(second.statusCode).toBe(409);
    expect(await kit.paymentCount(quotation.id)).toBe(1);
    const badKey = await payNewCard(quotation.id, TEST_CARDS.approve, { key: "has spaces" });
    expect(badKey.statusCode).toBe(422);
  });

  it("refuses someone else's quotation (404), an expired (409) or used one, a method not chosen (422): nothing charged", async () => {
    const before = await kit.paymentCount();
    const foreign = await kit.cardQuotation(kit.other.token);
    expect((await payNewCard(foreign.id, TEST_CARDS.approve)).statusCode).toBe(404);

    const expired = await kit.cardQuotation();
    await kit.expire(expired.id);
    const late = await payNewCard(expired.id, TEST_CARDS.approve);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);

    const unpriced = await kit.quote();
    const none = await payNewCard(unpriced.id, TEST_CARDS.approve);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.quotation_id).toEqual(["Choose a payment method for this quotation first."]);

    const byBank = await kit.quote();
    expect((await kit.choose(byBank.id, METHOD.bankTransfer, { sub: METHOD.swift })).statusCode).toBe(200);
    const other = await payNewCard(byBank.id, TEST_CARDS.approve);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.quotation_id[0]).toMatch(/International SWIFT transfer/);

    const both = await kit.call({
      method: "POST",
      url: "/payments/authorize-credit-card",
      payload: { quotation_id: unpriced.id },
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.card_token).toEqual(["Give either a saved card or a new card."]);

    const badReturn = await payNewCard(expired.id, TEST_CARDS.approve, {
      extra: { return_url: "https://evil.example/steal" },
    });
    expect(badReturn.statusCode).toBe(422);
    expect(await kit.paymentCount()).toBe(before);
  });

  it("pays a quotation once when two payments race with different keys; a used quotation is refused", async () => {
    const quotation = await kit.cardQuotation();
    const answers = await Promise.all(
      [1, 2].map(() => payNewCard(quotation.id, TEST_CARDS.approve, { key: nextKey() })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await kit.paymentCount(quotation.id)).toBe(1);

    const used = await kit.cardQuotation();
    await app.db.update(quotations).set({ status: "used" }).where(eq(quotations.id, used.id));
    const refused = await payNewCard(used.id, TEST_CARDS.approve);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/already used/);
    expect(await kit.paymentCount(used.id)).toBe(0);
  });

  it("refuses a made-up or used card token (422 on card_token)", async () => {
    const quotation = await kit.cardQuotation();
    const response = await kit.call({
      method: "POST",
      url: "/payments/authorize-credit-card",
      payload: { quotation_id: quotation.id, card_token: "tok_made_up", name_holder: "Ada" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.card_token).toBeDefined();
  });

  it("pays with a saved card; another user's saved card is not found", async () => {
    const saved = await kit.call({
      method: "POST",
      url: "/settings/create-customer-payment-profile/card",
      payload: {
        card_token: await kit.cardToken(TEST_CARDS.mastercard),
        name_holder: "Ada Lovelace",
        billing_address: { line1: "1 Main St", city: "Austin", postal_code: "78701", country_iso: "US" },
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const profileId = saved.json().data.id as number;
    const quotation = await kit.cardQuotation();
    const paid = await kit.call({
      method: "POST",
      url: "/payments/authorize-credit-card",
      payload: { quotation_id: quotation.id, payment_profile_id: profileId },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.card).toEqual({ brand: "Mastercard", last4: "4444" });

    const theirs = await kit.cardQuotation(kit.other.token);
    const refused = await kit.call({
      method: "POST",
      url: "/payments/authorize-credit-card",
      token: kit.other.token,
      payload: { quotation_id: theirs.id, payment_profile_id: profileId },
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe("3-D Secure and the cards webhook", () => {
  it("answers requires_action with the challenge; approving it authorizes the payment through the signed webhook", async () => {
    const quotation = await kit.cardQuotation();
    const response = await payNewCard(quotation.id, TEST_CARDS.threeDs, {
      extra: { return_url: "/send-money/payment" },
    });
    const started = parsedData(response, 201, payment);
    expect(started.status).toBe("requires_action");
    const challenge = new URL(started.redirect_url!);
    const approved = await postForm(app, challenge.pathname, "outcome=approve");
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`/send-money/payment?payment_id=${started.id}`);
    const [row] = await app.db.select().from(payments).where(eq(payments.id, started.id));
    expect(row!.status).toBe("authorized");
    expect(await kit.updatedJobs(started.id)).toHaveLength(1);
  });

  it("refuses a webhook with a bad or missing signature (401) and changes nothing", async () => {
    const quotation = await kit.cardQuotation();
    const response = await payNewCard(quotation.id, TEST_CARDS.threeDs);
    const started = response.json().data as { id: number };
    const [row] = await app.db.select().from(payments).where(eq(payments.id, started.id));
    const body = JSON.stringify({ authorization_id: row!.providerReference, status: "authorized" });
    for (const signature of ["sha256=00", undefined, signBody("another-secret-of-enough-length", body)]) {
      const hook = await app.inject({
        method: "POST",
        url: "/api/payments/webhooks/cards",
        headers: {
          "content-type": "application/json",
          ...(signature ? { "vela-signature": signature } : {}),
        },
        payload: body,
      });
      expect(hook.statusCode).toBe(401);
      expect(hook.json()).toMatchObject({ success: false });
    }
    const [after] = await app.db.select().from(payments).where(eq(payments.id, started.id));
    expect(after!.status).toBe("requires_action");
    expect(await kit.updatedJobs(started.id)).toHaveLength(0);
    const unknown = await postJsonText(app, "/api/payments/webhooks/stripe", body);
    expect(unknown.statusCode).toBe(422);
  });
});

describe("lifecycle: capture, refund, refresh", () => {
  it("captures an authorized card payment (succeeded) and refunds exactly amount_minor (refunded)", async () => {
    const quotation = await kit.cardQuotation();
    const paid = await payNewCard(quotation.id, TEST_CARDS.approve);
    const id = paid.json().data.id as number;
    const captured = await capturePayment(deps(), id);
    expect(captured.status).toBe("succeeded");
    expect(await capturePayment(deps(), id)).toMatchObject({ status: "succeeded" });
    expect((await kit.updatedJobs(id)).length).toBe(2);
    const state = await app.providers.cards.getAuthorization(captured.providerReference!);
    expect(state?.capturedMinor).toBe(captured.amountMinor);

    const refunded = await refundPayment(deps(), id, "payout failed");
    expect(refunded.status).toBe("refunded");
    expect(refunded.metadata.refund).toMatchObject({ kind: "refund", reason: "payout failed" });
    const after = await app.providers.cards.getAuthorization(captured.providerReference!);
    expect(after?.refundedMinor).toBe(captured.amountMinor);
    expect(await refundPayment(deps(), id, "again")).toMatchObject({ status: "refunded" });
    expect((await refreshPayment(deps(), id)).status).toBe("refunded");
  });

  it("voids an authorization that was never captured, and refuses to capture a failed payment", async () => {
    const quotation = await kit.cardQuotation();
    const paid = await payNewCard(quotation.id, TEST_CARDS.approve);
    const id = paid.json().data.id as number;
    expect((await refundPayment(deps(), id, "cancelled")).metadata.refund).toMatchObject({ kind: "void" });

    const declinedQuotation = await kit.cardQuotation();
    await payNewCard(declinedQuotation.id, TEST_CARDS.declined);
    const [failed] = await app.db
      .select()
      .from(payments)
      .where(eq(payments.quotationId, declinedQuotation.id));
    await expect(capturePayment(deps(), failed!.id)).rejects.toThrow(/authorized card payment/);
    await expect(refundPayment(deps(), failed!.id, "x")).rejects.toThrow(/refunded/);
  });
});
