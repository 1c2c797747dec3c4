import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { ConflictError } from "../src/http/errors";
import { signBody } from "../src/providers/sandbox-webhooks";
import { appForThisFile, postForm } from "./helper";
import { captureWebhooks, type Delivery, sandboxSettings } from "./payments-support";

// The card sandbox: tokenisation with Luhn, brand, expiry and CVC checks; published test numbers;
// authorize → capture → refund and void; the 3-D Secure page and its signed webhook.
const delivered: Delivery[] = [];
let answerStatus = 200;
const SECRET = "test-webhook-secret-0123456789";

const app = appForThisFile(sandboxSettings(SECRET));

beforeAll(async () => {
  captureWebhooks(app, delivered, () => answerStatus);
});
beforeEach(() => {
  delivered.length = 0;
  answerStatus = 200;
});

const cards = () => {
  if (!app.sandbox.cards) throw new Error("no card sandbox");
  return app.sandbox.cards;
};

const tokenize = (body: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/sandbox/cards/tokens", payload: body });

const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: "123",
  name: "Ada Lovelace",
  ...extra,
});

async function profileFor(number: string) {
  const response = await tokenize(card(number));
  expect(response.statusCode).toBe(200);
  const token = response.json().data.token as string;
  const profile = await app.providers.cards.createProfile({ token, holderName: "Ada Lovelace" });
  if ("status" in profile) throw new Error(`profile refused: ${profile.message}`);
  return profile;
}

let keyCounter = 0;
const authorize = async (number: string, amountMinor = 25_00n) => {
  const profile = await profileFor(number);
  keyCounter += 1;
  return app.providers.cards.authorize({
    profileToken: profile.profileToken,
    amountMinor,
    currency: "USD",
    idempotencyKey: `payment:${keyCounter}`,
    returnUrl: "https://app.vela.test/send-money/payment?payment_id=1",
  });
};

describe("POST /api/sandbox/cards/tokens", () => {
  it("answers a token, the brand, last four and expiry — never the number", async () => {
    const response = await tokenize(card("4242 4242 4242 4242"));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toEqual({
      token: expect.stringMatching(/^tok_[0-9a-f]{32}$/),
      brand: "Visa",
      last4: "4242",
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
    });
    expect(response.headers["cache-control"]).toBe("no-store");
    const rows = await queryRows<Record<string, unknown>>(app.db, sql`select * from sandbox_card_tokens`);
    expect(
      JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? String(value) : value)),
    ).not.toContain("4242424242424242");

    const mastercard = await tokenize(card("5555555555554444"));
    expect(mastercard.json().data.brand).toBe("Mastercard");
  });

  it("refuses a bad number, a past expiry and a wrong CVC in the spec's error shape", async () => {
    const luhn = await tokenize(card("4242424242424241"));
    expect(luhn.statusCode).toBe(422);
    expect(luhn.json()).toMatchObject({
      success: false,
      errors: { number: ["The card number is invalid."] },
    });

    const expired = await tokenize(card("4242424242424242", { exp_month: 1, exp_year: 2020 }));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.exp_year).toBeDefined();

    const amexShortCvc = await tokenize(card("378282246310005", { cvc: "123" }));
    expect(amexShortCvc.statusCode).toBe(422);
    expect(amexShortCvc.json().errors.cvc).toEqual(["The security code is invalid."]);
    const amex = await tokenize(card("378282246310005", { cvc: "1234" }));
    expect(amex.json().data.brand).toBe("American Express");

    const missing = await tokenize({ number: "4242424242424242" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().success).toBe(false);
  });

  it("a token makes one profile: used again it is refused", async () => {
    const token = (await tokenize(card("4242424242424242"))).json().data.token as string;
    const first = await app.providers.cards.createProfile({ token, holderName: "Ada" });
    expect(first).toMatchObject({ brand: "Visa", last4: "4242", expMonth: 12 });
    const again = await app.providers.cards.createProfile({ token, holderName: "Ada" });
    expect(again).toMatchObject({ status: "declined", code: "processing_error" });
    const unknown = await app.providers.cards.createProfile({ token: "tok_nope", holderName: "Ada" });
    expect(unknown).toMatchObject({ status: "declined" });
  });
});

describe("authorize, capture, void, refund", () => {
  it("approves 4242…, the same key answers the same authorization, capture then refund", async () => {
    const profile = await profileFor("4242424242424242");
    const input = {
      profileToken: profile.profileToken,
      amountMinor: 100_00n,
      currency: "usd",
      idempotencyKey: "payment:approve",
      returnUrl: "https://app.vela.test/return",
    };
    const first = await app.providers.cards.authorize(input);
    expect(first).toEqual({ status: "authorized", authorizationId: expect.stringMatching(/^auth_/) });
    const again = await app.providers.cards.authorize(input);
    expect(again).toEqual(first);
    const id = first.authorizationId as string;

    const captured = await app.providers.cards.capture(id, 100_00n);
    expect(captured).toMatchObject({ status: "captured", capturedMinor: 100_00n, currency: "USD" });
    // A repeated capture answers the same state; void after capture is refused.
    expect(await app.providers.cards.capture(id, 100_00n)).toMatchObject({ status: "captured" });
    await expect(app.providers.cards.void(id)).rejects.toBeInstanceOf(ConflictError);

    expect(await app.providers.cards.refund(id, 40_00n)).toMatchObject({
      status: "captured",
      refundedMinor: 40_00n,
    });
    await expect(app.providers.cards.refund(id, 70_00n)).rejects.toBeInstanceOf(ConflictError);
    expect(await app.providers.cards.refund(id, 60_00n)).toMatchObject({
      status: "refunded",
      refundedMinor: 100_00n,
    });
    expect(await app.providers.cards.getAuthorization(id)).toMatchObject({ status: "refunded" });
  });

  it("voids an authorization that was never captured", async () => {
    const result = await authorize("5555555555554444");
    expect(result.status).toBe("authorized");
    const voided = await app.providers.cards.void(result.authorizationId as string);
    expect(voided.status).toBe("voided");
    // Voiding again answers the voided authorization unchanged, as a processor's void is idempotent.
    const again = await app.providers.cards.void(result.authorizationId as string);
    expect(again).toEqual(voided);
    await expect(
      app.providers.cards.capture(result.authorizationId as string, 25_00n),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it.each([
    ["4000000000000002", "card_declined", "Your card was declined."],
    ["4000000000009995", "insufficient_funds", "Your card has insufficient funds."],
    ["4000000000000069", "expired_card", "Your card has expired."],
  ])("declines %s with %s", async (number, code, message) => {
    const result = await authorize(number);
    expect(result).toEqual({ status: "declined", authorizationId: expect.any(String), code, message });
    await expect(
      app.providers.cards.capture(result.authorizationId as string, 25_00n),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it("declines an unknown profile without an authorization", async () => {
    const result = await app.providers.cards.authorize({
      profileToken: "card_unknown",
      amountMinor: 1n,
      currency: "USD",
      idempotencyKey: "payment:unknown",
      returnUrl: "https://app.vela.test/",
    });
    expect(result).toMatchObject({ status: "declined", authorizationId: null });
  });
});

describe("3-D Secure (4000002500003220)", () => {
  it("waits on the challenge page; approving authorizes, sends a signed webhook and goes back", async () => {
    const result = await authorize("4000002500003220", 75_50n);
    if (result.status !== "requires_action")
      throw new Error(`expected requires_action, got ${result.status}`);
    const url = new URL(result.redirectUrl);
    expect(url.origin).toBe("https://app.vela.test");
    expect(url.pathname).toBe(`/api/sandbox/cards/3ds/${result.authorizationId}`);
    expect(await cards().getAuthorization(result.authorizationId)).toMatchObject({
      status: "requires_action",
    });

    const page = await app.inject({ method: "GET", url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toContain("form-action 'self' https://app.vela.test");
    expect(page.body).toContain("75.50 USD");
    expect(page.body).toContain('value="approve"');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!app\.vela\.test)/);

    const answer = await postForm(app, url.pathname, "outcome=approve");
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe("https://app.vela.test/send-money/payment?payment_id=1");
    expect(await cards().getAuthorization(result.authorizationId)).toMatchObject({ status: "authorized" });

    expect(delivered).toHaveLength(1);
    const [webhook] = delivered;
    if (!webhook) throw new Error("no webhook");
    expect(webhook.provider).toBe("cards");
    expect(webhook.signature).toBe(signBody(SECRET, webhook.body));
    expect(app.providers.cards.verifyWebhook(webhook.body, webhook.signature)).toEqual({
      authorizationId: result.authorizationId,
      status: "authorized",
    });
    expect(app.providers.cards.verifyWebhook(webhook.body, "sha256=00")).toBeNull();
    expect(
      app.providers.cards.verifyWebhook(webhook.body.replace("authorized", "captured"), webhook.signature),
    ).toBeNull();

    // Answering again changes nothing and sends no second webhook.
    const repeat = await postForm(app, url.pathname, "outcome=fail");
    expect(repeat.statusCode).toBe(303);
    expect(await cards().getAuthorization(result.authorizationId)).toMatchObject({ status: "authorized" });
    expect(delivered).toHaveLength(1);
  });

  it("failing the challenge declines; a refused webhook is retried by the sweeper", async () => {
    answerStatus = 503;
    const result = await authorize("4000002500003220");
    if (result.status !== "requires_action") throw new Error("expected requires_action");
    const path = new URL(result.redirectUrl).pathname;
    const answer = await postForm(app, path, "outcome=fail");
    expect(answer.statusCode).toBe(303);
    expect(await cards().getAuthorization(result.authorizationId)).toMatchObject({
      status: "declined",
      declineMessage: "The card's 3-D Secure authentication failed.",
    });
    expect(delivered).toHaveLength(1);

    // Not due yet: the next attempt waits (backoff).
    answerStatus = 200;
    await app.sandbox.sweep();
    expect(delivered).toHaveLength(1);
    await app.db.execute(sql`update sandbox_webhooks set next_attempt_at = now() where delivered_at is null`);
    await app.sandbox.sweep();
    expect(delivered).toHaveLength(2);
    expect(JSON.parse(delivered[1]?.body ?? "{}")).toMatchObject({ status: "declined" });
    await app.sandbox.sweep();
    expect(delivered).toHaveLength(2);
  });

  it("an unknown authorization's page is a 404 in the error shape; a bad outcome is a 422", async () => {
    const missing = await app.inject({ method: "GET", url: `/api/sandbox/cards/3ds/auth_${"0".repeat(24)}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().success).toBe(false);
    const bad = await postForm(app, `/api/sandbox/cards/3ds/auth_${"0".repeat(24)}`, "outcome=maybe");
    expect(bad.statusCode).toBe(422);
  });
});
