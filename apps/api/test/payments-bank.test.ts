import { payment } from "@vela/shared/payments";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentProfiles, payments } from "../src/db/schema/index";
import { refreshPayment, refundPayment } from "../src/payments/lifecycle";
import { appForThisFile, parsedData, postForm } from "./helper";
import { type paymentKit as Kit, METHOD, paymentKit } from "./payments-support";

// Paying by bank and by hosted gateway on the sandboxes: an ACH debit (pending, then settled or
// returned R01), push transfers (instructions with a VLT- reference; the arrival reported by the
// bank's signed webhook), and Praxis/PayPal pages that come back with a status by webhook.
let kit: Awaited<ReturnType<typeof Kit>>;

const app = appForThisFile({
  SANDBOX_WEBHOOK_SECRET: "payments-bank-webhook-secret-0123456789",
  SANDBOX_ACH_SETTLE_SECONDS: "0",
  SANDBOX_SWEEP_SECONDS: "0",
  PUBLIC_APP_URL: "https://app.vela.test",
});

beforeAll(async () => {
  kit = await paymentKit(app);
});

const deps = () => ({ db: app.db, providers: app.providers, jobs: app.jobs });
const account = (accountNumber = "123456789", routingNumber = "011000015") => ({
  routingNumber,
  accountNumber,
  accountType: "checking",
  nameOnAccount: "Ada Lovelace",
});

const achQuotation = async (options: Parameters<typeof kit.quote>[0] = {}) => {
  const quotation = await kit.quote(options);
  const chosen = await kit.choose(quotation.id, METHOD.bankTransfer, { sub: METHOD.ach });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return chosen.json().data as { id: number; amount_paid: string };
};

describe("POST /payments/debit-bank-account (ACH)", () => {
  it("debits a new account (pending, number sealed), then settles when asked (succeeded, payment.updated)", async () => {
    const quotation = await achQuotation({ to: "PH", currencyTo: "PHP" });
    const response = await kit.call({
      method: "POST",
      url: "/payments/debit-bank-account",
      key: "ach-1",
      payload: { quotation_id: quotation.id, bank_account: account(), save_bank: true },
    });
    const started = parsedData(response, 201, payment);
    expect(started).toMatchObject({
      status: "pending",
      method: "ach-transfer",
      amount: quotation.amount_paid,
      bank: { last4: "6789" },
      card: null,
    });
    const [row] = await app.db.select().from(payments).where(eq(payments.id, started.id));
    const [profile] = await app.db
      .select()
      .from(paymentProfiles)
      .where(eq(paymentProfiles.id, row!.paymentProfileId!));
    expect(profile!.accountNumberSealed).not.toContain("123456789");
    expect(app.secrets.decrypt(profile!.accountNumberSealed!)).toBe("123456789");
    expect(profile!.saved).toBe(true);

    const shown = await kit.call({ url: `/payments/${started.id}` });
    expect(shown.json().data.status).toBe("succeeded");
    expect(await kit.updatedJobs(started.id)).toHaveLength(1);

    // A refund credits exactly what was debited back to the same account.
    const refunded = await refundPayment(deps(), started.id, "payout failed");
    expect(refunded.status).toBe("refunded");
    expect(refunded.metadata.refund).toMatchObject({
      kind: "credit",
      amount_minor: String(row!.amountMinor),
    });
  });

  it("a returned debit (R01) ends failed with the bank's reason", async () => {
    const quotation = await achQuotation();
    const response = await kit.call({
      method: "POST",
      url: "/payments/debit-bank-account",
      payload: { quotation_id: quotation.id, bank_account: account("000111111113") },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as number;
    const refreshed = await refreshPayment(deps(), id);
    expect(refreshed).toMatchObject({
      status: "failed",
      failureCode: "R01",
      failureMessage: "Insufficient funds",
    });
    // The one-time account is not listed among the saved ones.
    const listed = await kit.call({ url: "/payments/profiles?payment_method_id=1" });
    expect(listed.json().data.map((bank: { accountNumber: string }) => bank.accountNumber)).not.toContain(
      "•••• 1113",
    );
  });

  it("refuses a bad routing number (422), no account (422), someone else's account (404)", async () => {
    const quotation = await achQuotation();
    const bad = await kit.call({
      method: "POST",
      url: "/payments/debit-bank-account",
      payload: { quotation_id: quotation.id, bank_account: account("123456789", "123456789") },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.routingNumber).toEqual(["This is not a valid ABA routing number."]);
    const none = await kit.call({
      method: "POST",
      url: "/payments/debit-bank-account",
      payload: { quotation_id: quotation.id },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.bank_account_id).toBeDefined();

    const theirs = await kit.call({
      method: "POST",
      url: "/settings/bank-accounts",
      token: kit.other.token,
      payload: account("987654321"),
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const foreign = await kit.call({
      method: "POST",
      url: "/payments/debit-bank-account",
      payload: { quotation_id: quotation.id, bank_account_id: theirs.json().data.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await kit.orderCount()).toBe(0);
  });
});

describe("POST /payments/bank-transfer (push)", () => {
  it("answers the wire instructions with a VLT- reference; the arrival's webhook makes it succeeded", async () => {
    const quotation = await kit.quote();
    expect((await kit.choose(quotation.id, METHOD.bankTransfer, { sub: METHOD.wire })).statusCode).toBe(200);
    const wrong = await kit.call({
      method: "POST",
      url: "/payments/bank-transfer",
      payload: { quotation_id: quotation.id, method: "international-swift-transfer" },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.method).toBeDefined();

    const response = await kit.call({
      method: "POST",
      url: "/payments/bank-transfer",
      key: "push-1",
      payload: { quotation_id: quotation.id, method: "domestic-wire-transfer-usa" },
    });
    const started = parsedData(response, 201, payment);
    expect(started.status).toBe("pending");
    expect(started.instructions).toMatchObject({
      method: "domestic-wire-transfer-usa",
      currency: "USD",
    });
    expect(started.instructions!.reference).toMatch(/^VLT-[A-Z0-9]{8}$/);

    const arrived = await postForm(
      app,
      "/api/sandbox/banks/arrivals",
      `reference=${started.instructions!.reference}&amount=${started.instructions!.amount}`,
    );
    expect(arrived.statusCode).toBe(200);
    const [row] = await app.db.select().from(payments).where(eq(payments.id, started.id));
    expect(row!.status).toBe("succeeded");
    expect(await kit.updatedJobs(started.id)).toHaveLength(1);
  });
});

describe("hosted gateways", () => {
  it("Praxis (euros from Spain): pending with the gateway's page; approving it succeeds through the webhook", async () => {
    const quotation = await kit.quote({ from: "ES", currencyFrom: "EUR" });
    const chosen = await kit.choose(quotation.id, METHOD.praxis, { currency: "EUR", country: "ES" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const response = await kit.call({
      method: "POST",
      url: "/payments/praxis/get-payment-gateway",
      payload: { quotation_id: quotation.id, return_url: "/send-money/payment" },
    });
    const started = parsedData(response, 201, payment);
    expect(started.status).toBe("pending");
    expect(started.redirect_url).toMatch(/^https:\/\/app\.vela\.test\/api\/sandbox\/gateways\/praxis\//);
    const answered = await postForm(app, new URL(started.redirect_url!).pathname, "outcome=approve");
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toBe(`/send-money/payment?payment_id=${started.id}`);
    const status = await kit.call({ url: `/payments/praxis/get-payment-status/${started.id}` });
    expect(status.json().data).toMatchObject({ status: "succeeded", redirect_url: null });
    const foreign = await kit.call({
      url: `/payments/praxis/get-payment-status/${started.id}`,
      token: kit.other.token,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("PayPal: a declined approval ends failed; an outside return URL is refused", async () => {
    const quotation = await kit.quote();
    expect((await kit.choose(quotation.id, METHOD.paypal)).statusCode).toBe(200);
    const outside = await kit.call({
      method: "POST",
      url: "/payments/paypal/authorize",
      payload: { quotation_id: quotation.id, return_url: "//evil.example/x" },
    });
    expect(outside.statusCode).toBe(422);
    const response = await kit.call({
      method: "POST",
      url: "/payments/paypal/authorize",
      payload: { quotation_id: quotation.id, return_url: "https://app.vela.test/send-money/payment" },
    });
    const started = parsedData(response, 201, payment);
    await postForm(app, new URL(started.redirect_url!).pathname, "outcome=decline");
    const shown = await kit.call({ url: `/payments/${started.id}` });
    expect(shown.json().data).toMatchObject({
      status: "failed",
      failure_message: "The payment was declined.",
    });
  });

  it("d24 is refused where it is not offered (a US quotation)", async () => {
    const quotation = await kit.quote();
    const chosen = await kit.choose(quotation.id, METHOD.d24);
    expect(chosen.statusCode).toBe(422);
    const paid = await kit.call({
      method: "POST",
      url: "/payments/d24/process-payment",
      payload: { quotation_id: quotation.id, return_url: "/send-money/payment" },
    });
    expect(paid.statusCode).toBe(422);
  });
});
