import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InvalidDataError } from "../src/http/errors";
import { abaChecksumValid, decimalToMinor } from "../src/providers/banks/sandbox-banks";
import { signBody } from "../src/providers/sandbox-webhooks";
import { buildTestApp, type TestApp } from "./helper";
import { captureWebhooks, type Delivery } from "./payments-support";

// The bank sandbox: ABA checksum, ACH debits that settle after a delay or return (R01, R03), push
// transfer instructions with VLT- references and the page that records their arrival.
const SECRET = "test-webhook-secret-0123456789";
const delivered: Delivery[] = [];

let app: TestApp; // settles at once, sweeper every 0.2 s
let slow: TestApp; // settles after an hour, no sweeper

beforeAll(async () => {
  app = await buildTestApp({
    SANDBOX_WEBHOOK_SECRET: SECRET,
    SANDBOX_ACH_SETTLE_SECONDS: "0",
    SANDBOX_SWEEP_SECONDS: "0.2",
  });
  captureWebhooks(app, delivered);
  slow = await buildTestApp({ SANDBOX_ACH_SETTLE_SECONDS: "3600", SANDBOX_SWEEP_SECONDS: "0" });
});
afterAll(async () => {
  await app.close();
  await slow.close();
});
beforeEach(() => {
  delivered.length = 0;
});

const account = (accountNumber: string, routingNumber = "021000021") => ({
  routingNumber,
  accountNumber,
  accountType: "checking" as const,
  holderName: "Ada Lovelace",
});

/** An ACH debit in dollars from a verified account, through the bank sandbox of `on`. */
const debitUsd = (on: TestApp, accountToken: string, amountMinor: bigint, idempotencyKey: string) =>
  on.providers.banks.debit({ accountToken, amountMinor, currency: "USD", idempotencyKey });

const waitFor = async <T>(check: () => T | undefined, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("verifyAccount", () => {
  it("checks the ABA routing checksum", async () => {
    for (const valid of ["011000015", "021000021", "110000000", "026009593"])
      expect(abaChecksumValid(valid)).toBe(true);
    for (const invalid of ["021000022", "123456789", "02100002", "abcdefghi"])
      expect(abaChecksumValid(invalid)).toBe(false);

    const verified = await app.providers.banks.verifyAccount(account("123456789012"));
    expect(verified).toEqual({
      accountToken: expect.stringMatching(/^ba_/),
      bankName: "JPMorgan Chase Bank",
      last4: "9012",
    });
    const refused = app.providers.banks.verifyAccount(account("123456789012", "021000022"));
    await expect(refused).rejects.toBeInstanceOf(InvalidDataError);
    await expect(refused).rejects.toMatchObject({
      errors: { routingNumber: ["The routing number is invalid."] },
    });
    await expect(app.providers.banks.verifyAccount(account("12"))).rejects.toMatchObject({
      errors: { accountNumber: expect.any(Array) },
    });
  });
});

describe("ACH debits", () => {
  it("a debit is pending, then settles; the sweeper delivers a signed banks webhook unasked", async () => {
    const { accountToken } = await app.providers.banks.verifyAccount(account("123456789012"));
    const debit = await debitUsd(app, accountToken, 250_00n, "payment:1");
    expect(debit).toMatchObject({ status: "pending", amountMinor: 250_00n, returnCode: null });
    // The same key answers the same debit.
    const again = await debitUsd(app, accountToken, 250_00n, "payment:1");
    expect(again.debitId).toBe(debit.debitId);

    const webhook = await waitFor(() => delivered.find((item) => item.body.includes(debit.debitId)));
    expect(webhook.provider).toBe("banks");
    expect(webhook.signature).toBe(signBody(SECRET, webhook.body));
    expect(app.providers.banks.verifyWebhook(webhook.body, webhook.signature)).toEqual({
      kind: "debit",
      id: debit.debitId,
      status: "settled",
    });
    expect(app.providers.banks.verifyWebhook(webhook.body, "sha256=bad")).toBeNull();
    expect(await app.providers.banks.getDebit(debit.debitId)).toMatchObject({ status: "settled" });
    // Delivered once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(delivered.filter((item) => item.body.includes(debit.debitId))).toHaveLength(1);
  });

  it.each([
    ["000111111113", "R01", "Insufficient funds"],
    ["000111111116", "R03", "No account or unable to locate account"],
  ])("account %s returns %s", async (accountNumber, code, reason) => {
    const { accountToken } = await app.providers.banks.verifyAccount(account(accountNumber, "011000015"));
    const debit = await debitUsd(app, accountToken, 10_00n, `payment:${accountNumber}`);
    expect(debit.status).toBe("pending");
    // Read before the sweeper gets to it: time is reflected on read.
    expect(await app.providers.banks.getDebit(debit.debitId)).toEqual({
      debitId: debit.debitId,
      status: "returned",
      amountMinor: 10_00n,
      returnCode: code,
      returnReason: reason,
    });
    const webhook = await waitFor(() => delivered.find((item) => item.body.includes(debit.debitId)));
    expect(app.providers.banks.verifyWebhook(webhook.body, webhook.signature)).toMatchObject({
      status: "returned",
    });
  });

  it("stays pending until its settle time", async () => {
    const { accountToken } = await slow.providers.banks.verifyAccount(account("123456789012"));
    const debit = await debitUsd(slow, accountToken, 5_00n, "payment:slow");
    expect(await slow.providers.banks.getDebit(debit.debitId)).toMatchObject({ status: "pending" });
    expect(await slow.sandbox.banks?.settleDue()).toBe(0);
    expect(await slow.providers.banks.getDebit("debit_unknown")).toBeNull();
  });

  it("credits back to a debited account (a refund)", async () => {
    const { accountToken } = await app.providers.banks.verifyAccount(account("123456789012"));
    const credit = await app.providers.banks.credit({
      accountToken,
      amountMinor: 250_00n,
      currency: "USD",
      idempotencyKey: "refund:1",
    });
    expect(credit.creditId).toMatch(/^credit_/);
    const again = await app.providers.banks.credit({
      accountToken,
      amountMinor: 250_00n,
      currency: "USD",
      idempotencyKey: "refund:1",
    });
    expect(again).toEqual(credit);
  });
});

describe("push transfers", () => {
  it("answers instructions with a unique VLT- reference, per method", async () => {
    const wire = await app.providers.banks.expectTransfer({
      method: "domestic-wire-transfer-usa",
      amountMinor: 250_00n,
      currency: "USD",
      idempotencyKey: "payment:wire",
    });
    expect(wire).toMatchObject({
      method: "domestic-wire-transfer-usa",
      reference: expect.stringMatching(/^VLT-[A-HJ-NP-Z2-9]{8}$/),
      amount: "250.00",
      currency: "USD",
      beneficiary_name: "Vela Payments Inc.",
      routing_number: "021000021",
      iban: null,
    });
    expect(
      await app.providers.banks.expectTransfer({
        method: "domestic-wire-transfer-usa",
        amountMinor: 250_00n,
        currency: "USD",
        idempotencyKey: "payment:wire",
      }),
    ).toEqual(wire);
    const sepa = await app.providers.banks.expectTransfer({
      method: "sepa-transfer-eur",
      amountMinor: 99_95n,
      currency: "EUR",
      idempotencyKey: "payment:sepa",
    });
    expect(sepa).toMatchObject({ iban: "DE89370400440532013000", bic: "COBADEFFXXX", amount: "99.95" });
    expect(sepa.reference).not.toBe(wire.reference);
    expect(await app.providers.banks.getIncomingTransfer(wire.reference)).toEqual({
      reference: wire.reference,
      status: "awaiting",
      expectedMinor: 250_00n,
      receivedMinor: null,
    });
  });

  const arrive = (payload: string) =>
    app.inject({
      method: "POST",
      url: "/api/sandbox/banks/arrivals",
      // What a browser submitting the form sends: the refusal comes back as the page.
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html,*/*;q=0.8" },
      payload,
    });

  it("the arrivals page: the exact amount is received with a webhook; another amount goes to review", async () => {
    const page = await app.inject({
      method: "GET",
      url: "/api/sandbox/banks/arrivals?reference=VLT-ABCDEFGH",
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('value="VLT-ABCDEFGH"');
    expect(page.body).toContain('<label for="amount">');
    expect(page.body).not.toContain("<script");

    const exact = await app.providers.banks.expectTransfer({
      method: "international-swift-transfer",
      amountMinor: 1_250_00n,
      currency: "USD",
      idempotencyKey: "payment:swift",
    });
    const received = await arrive(`reference=${exact.reference.toLowerCase()}&amount=1%2C250.00`);
    expect(received.statusCode).toBe(200);
    expect(received.body).toContain('data-status="received"');
    expect(await app.providers.banks.getIncomingTransfer(exact.reference)).toMatchObject({
      status: "received",
      receivedMinor: 1_250_00n,
    });
    const webhook = delivered.find((item) => item.body.includes(exact.reference));
    if (!webhook) throw new Error("no webhook");
    expect(app.providers.banks.verifyWebhook(webhook.body, webhook.signature)).toEqual({
      kind: "incoming_transfer",
      id: exact.reference,
      status: "received",
    });
    // A second arrival for the same reference changes nothing of the first: it is held for review.
    const repeat = await arrive(`reference=${exact.reference}&amount=5`);
    expect(repeat.body).toContain("already recorded");
    expect(repeat.body).toContain('data-status="held"');
    expect(await app.providers.banks.getIncomingTransfer(exact.reference)).toMatchObject({
      status: "received",
      receivedMinor: 1_250_00n,
    });
    expect((await app.sandbox.banks!.unmatchedArrivals(1))[0]).toMatchObject({
      reference: exact.reference,
      amount: "5.00",
      reason: "reference_used",
    });

    const short = await app.providers.banks.expectTransfer({
      method: "electronic-funds-transfer",
      amountMinor: 100_00n,
      currency: "USD",
      idempotencyKey: "payment:eft",
    });
    const review = await arrive(`reference=${short.reference}&amount=90`);
    expect(review.body).toContain('data-status="review"');
    expect(await app.providers.banks.getIncomingTransfer(short.reference)).toMatchObject({
      status: "review",
      receivedMinor: 90_00n,
    });
    expect(delivered.find((item) => item.body.includes(short.reference))).toBeUndefined();
  });

  it("an unknown reference is held for review, never lost; a bad amount answers the form again", async () => {
    const unknown = await arrive("reference=vlt-zzzzzzzz&amount=10");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain("Unknown reference");
    expect(unknown.body).toContain('data-status="held"');
    expect((await app.sandbox.banks!.unmatchedArrivals(1))[0]).toMatchObject({
      reference: "VLT-ZZZZZZZZ",
      amount: "10",
      reason: "unknown_reference",
    });
    const listed = await app.inject({ method: "GET", url: "/api/sandbox/banks/arrivals" });
    expect(listed.body).toContain("Held for review");
    expect(listed.body).toContain("VLT-ZZZZZZZZ");
    const badUnknown = await arrive("reference=VLT-YYYYYYYY&amount=0");
    expect(badUnknown.statusCode).toBe(422);
    expect(badUnknown.body).toContain('role="alert"');
    const wire = await app.providers.banks.expectTransfer({
      method: "domestic-wire-transfer-usa",
      amountMinor: 10_00n,
      currency: "USD",
      idempotencyKey: "payment:bad-amount",
    });
    const bad = await arrive(`reference=${wire.reference}&amount=ten`);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("Enter the amount that arrived");
    expect(decimalToMinor("10.001", "USD")).toBeNull();
    expect(decimalToMinor("1000", "JPY")).toBe(1000n);
  });

  it("a caller that is not a browser form gets the refusal in the API's error shape", async () => {
    const refused = await app.inject({
      method: "POST",
      url: "/api/sandbox/banks/arrivals",
      payload: { reference: "  ", amount: "10" },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      success: false,
      errors: { reference: ["Enter the reference the transfer quoted."] },
    });
  });
});
