import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConflictError } from "../src/http/errors";
import { GATEWAY_NAMES, type GatewayName } from "../src/providers/gateways/hosted-gateway";
import { signBody } from "../src/providers/sandbox-webhooks";
import { appForThisFile, postForm, testConfig } from "./helper";
import { captureWebhooks, type Delivery, sandboxSettings } from "./payments-support";

// The hosted gateways' sandbox (praxis, d24, PayPal): a session's page with Approve, Decline and
// Cancel; each answer sends a signed webhook to the gateway's own path and the browser back.
const SECRET = "test-webhook-secret-0123456789";
const delivered: Delivery[] = [];

const app = appForThisFile(sandboxSettings(SECRET));

beforeAll(async () => {
  captureWebhooks(app, delivered);
});
beforeEach(() => {
  delivered.length = 0;
});

let counter = 0;
const open = async (gateway: GatewayName, amountMinor = 120_00n) => {
  counter += 1;
  const reference = `payment:${counter}`;
  const session = await app.providers.gateways[gateway].createSession({
    amountMinor,
    currency: "USD",
    reference,
    returnUrl: `https://app.vela.test/send-money/payment?payment_id=${counter}`,
    customer: { name: "Ada Lovelace", email: "ada@example.com", countryIso: "US" },
  });
  return { ...session, reference, path: new URL(session.redirectUrl).pathname };
};

const answer = (path: string, outcome: string) => postForm(app, path, `outcome=${outcome}`);

describe.each(GATEWAY_NAMES)("%s", (gateway) => {
  it("createSession answers the sandbox page; the same reference answers the same session", async () => {
    const session = await open(gateway);
    expect(session.redirectUrl).toBe(
      `https://app.vela.test/api/sandbox/gateways/${gateway}/${session.sessionId}`,
    );
    const again = await app.providers.gateways[gateway].createSession({
      amountMinor: 120_00n,
      currency: "USD",
      reference: session.reference,
      returnUrl: "https://app.vela.test/elsewhere",
      customer: { name: "Ada Lovelace", email: null, countryIso: null },
    });
    expect(again.sessionId).toBe(session.sessionId);
    expect(await app.providers.gateways[gateway].getSession(session.sessionId)).toEqual({
      sessionId: session.sessionId,
      status: "pending",
      amountMinor: 120_00n,
      currency: "USD",
      reference: session.reference,
    });

    const page = await app.inject({ method: "GET", url: session.path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("120.00 USD");
    for (const outcome of ["approve", "decline", "cancel"]) expect(page.body).toContain(`value="${outcome}"`);
    expect(page.body).not.toContain("<script");
  });

  it("Approve: approved, a signed webhook to its own path, back to returnUrl; then a refund", async () => {
    const session = await open(gateway);
    const response = await answer(session.path, "approve");
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(
      /^https:\/\/app\.vela\.test\/send-money\/payment\?payment_id=\d+$/,
    );
    expect(await app.providers.gateways[gateway].getSession(session.sessionId)).toMatchObject({
      status: "approved",
    });
    expect(delivered).toHaveLength(1);
    const [webhook] = delivered;
    if (!webhook) throw new Error("no webhook");
    expect(webhook.provider).toBe(gateway);
    expect(webhook.signature).toBe(signBody(SECRET, webhook.body));
    expect(app.providers.gateways[gateway].verifyWebhook(webhook.body, webhook.signature)).toEqual({
      sessionId: session.sessionId,
      status: "approved",
      reference: session.reference,
    });
    expect(app.providers.gateways[gateway].verifyWebhook(webhook.body, undefined)).toBeNull();
    const other = GATEWAY_NAMES.find((name) => name !== gateway) as GatewayName;
    expect(app.providers.gateways[other].verifyWebhook(webhook.body, webhook.signature)).toBeNull();

    // A second answer changes nothing.
    await answer(session.path, "decline");
    expect(await app.providers.gateways[gateway].getSession(session.sessionId)).toMatchObject({
      status: "approved",
    });
    expect(delivered).toHaveLength(1);

    await expect(app.providers.gateways[gateway].refund(session.sessionId, 200_00n)).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(await app.providers.gateways[gateway].refund(session.sessionId, 120_00n)).toMatchObject({
      status: "refunded",
    });
  });

  it("Decline and Cancel end the session with their status", async () => {
    const declined = await open(gateway);
    expect((await answer(declined.path, "decline")).statusCode).toBe(303);
    expect(await app.providers.gateways[gateway].getSession(declined.sessionId)).toMatchObject({
      status: "declined",
    });
    const cancelled = await open(gateway);
    expect((await answer(cancelled.path, "cancel")).statusCode).toBe(303);
    expect(await app.providers.gateways[gateway].getSession(cancelled.sessionId)).toMatchObject({
      status: "cancelled",
    });
    expect(delivered.map((item) => JSON.parse(item.body).status)).toEqual(["declined", "cancelled"]);
    await expect(app.providers.gateways[gateway].refund(declined.sessionId, 1n)).rejects.toBeInstanceOf(
      ConflictError,
    );
  });

  it("cancel closes an unanswered session once (the page's approval is then refused) and refuses an approved one", async () => {
    const gateways = app.providers.gateways[gateway];
    const pending = await open(gateway);
    expect(await gateways.cancel(pending.sessionId)).toMatchObject({ status: "cancelled" });
    const before = await app.sandbox.gateways!.session(gateway, pending.sessionId);
    expect(await gateways.cancel(pending.sessionId)).toMatchObject({ status: "cancelled" });
    await answer(pending.path, "approve");
    expect(await gateways.getSession(pending.sessionId)).toMatchObject({ status: "cancelled" });
    expect(await app.sandbox.gateways!.session(gateway, pending.sessionId)).toEqual(before);
    const approved = await open(gateway);
    expect((await answer(approved.path, "approve")).statusCode).toBe(303);
    await expect(gateways.cancel(approved.sessionId)).rejects.toBeInstanceOf(ConflictError);
  });
});

describe("hosted pages", () => {
  it("a session is only found under its own gateway; unknown ones are 404", async () => {
    const session = await open("praxis");
    const wrong = await app.inject({ method: "GET", url: session.path.replace("/praxis/", "/paypal/") });
    expect(wrong.statusCode).toBe(404);
    expect(await app.providers.gateways.paypal.getSession(session.sessionId)).toBeNull();
    const bad = await app.inject({ method: "GET", url: "/api/sandbox/gateways/praxis/nope" });
    expect(bad.statusCode).toBe(422);
    const unknownGateway = await app.inject({
      method: "GET",
      url: `/api/sandbox/gateways/stripe/${session.sessionId}`,
    });
    expect(unknownGateway.statusCode).toBe(422);
  });
});

describe("configuration", () => {
  it("refuses a short webhook secret or a sweep interval out of range", () => {
    expect(() => testConfig({ SANDBOX_WEBHOOK_SECRET: "short" })).toThrow(/SANDBOX_WEBHOOK_SECRET/);
    expect(() => testConfig({ SANDBOX_ACH_SETTLE_SECONDS: "-1" })).toThrow(/SANDBOX_ACH_SETTLE_SECONDS/);
    expect(() => testConfig({ JOBS_POLLING_SECONDS: "0.1" })).toThrow(/JOBS_POLLING_SECONDS/);
    expect(() => testConfig({ CARD_PROVIDER: "stripe" })).toThrow(/CARD_PROVIDER/);
  });
});
