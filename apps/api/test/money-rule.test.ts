import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerClient, verifyPhone } from "./auth-support";
import { buildTestApp, type TestApp } from "./helper";

// Issue 18 point 5: one rule for every money-moving service. A client whose phone is not verified
// is refused the quotation and the transaction of each service by the API itself (the SPA asks
// before the flow starts, but a direct call must not skip the rule), with the rules' message.
let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

const MONEY_MOVING_ROUTES = [
  "/api/quotations",
  "/api/consignments/quotation",
  "/api/consignments/transaction",
  "/api/send_money",
  "/api/wallets/deposit-money/quotation/create",
  "/api/wallets/deposit-money/transaction",
  "/api/wallets/convert-money/quotation/create",
  "/api/wallets/convert-money/transaction",
  "/api/wallets/send-money/quotation/create",
  "/api/wallets/send-money/transaction",
  "/api/wallets/withdraw-money/quotation/create",
  "/api/wallets/withdraw-money/transaction",
  "/api/reload-phones/quotation",
  "/api/reload-phones/transaction",
  "/api/gift-cards/quotation",
  "/api/gift-cards/transaction",
  "/api/prepaid-pay-bills/quotation",
  "/api/prepaid-pay-bills/transaction",
] as const;

const post = (url: string, token: string, language = "en") =>
  app.inject({
    method: "POST",
    url,
    headers: bearer(token, { "idempotency-key": randomUUID(), language }),
    payload: {},
  });

describe("the money-moving rule", () => {
  it("refuses every money-moving quotation and transaction to a client whose phone is not verified", async () => {
    const { body, session } = await registerClient(app, {}, { phoneVerified: false });
    for (const url of MONEY_MOVING_ROUTES) {
      const refused = await post(url, session.token);
      expect({ url, status: refused.statusCode, body: refused.json() }).toEqual({
        url,
        status: 403,
        body: {
          success: false,
          message: "Moving money needs a verified phone number. We will send you a code by SMS.",
        },
      });
    }
    const spanish = await post("/api/wallets/deposit-money/transaction", session.token, "es");
    expect(spanish.json().message).toBe(
      "Para mover dinero necesitas un teléfono verificado. Te enviaremos un código por SMS.",
    );
    // Once the phone is verified the same calls pass the guard (and reach validation of the empty body).
    await verifyPhone(app, session.token, `${body.phone_prefix}${body.phone_number}`);
    for (const url of MONEY_MOVING_ROUTES) {
      const passed = await post(url, session.token);
      expect({ url, status: passed.statusCode }).toEqual({ url, status: 422 });
    }
  });

  it("still answers the reading routes (calculators, catalogues) to an unverified client", async () => {
    const { session } = await registerClient(app, {}, { phoneVerified: false });
    const currencies = await app.inject({
      method: "GET",
      url: "/api/wallets/deposit-money/currencies",
      headers: bearer(session.token),
    });
    expect(currencies.statusCode).toBe(200);
  });
});
