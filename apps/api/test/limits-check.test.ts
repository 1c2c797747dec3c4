import { randomUUID } from "node:crypto";
import { examineRules } from "@vela/shared/auth";
import { type VerificationLevel, verificationLevelView } from "@vela/shared/verification";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { orders, quotations, seedVersions, shippingMethods } from "../src/db/schema/index";
import { seedDatabase } from "../src/db/seed/index";
import { DEFAULT_LIMITS_USD } from "../src/db/seed/verification-limits";
import { setLimit } from "../src/limits/repository";
import { parseSetLimitArgs, setLimitCommand } from "../src/limits/set-limit";
import { blockMoneyMoving } from "../src/verification/state";
import type { WalletRow } from "../src/wallets/repository";
import { bearer, clientBody, countryId, verifyPhone } from "./auth-support";
import { appForThisFile } from "./helper";
import { giveLevel, pastOrder } from "./limits-support";
import { type Client, type WalletKit, walletKit } from "./wallets-support";

// Issue 20 point 3: limits per verification level over rolling windows, counted in USD across the
// money-moving services, refused on `amount` at the quotation and again at the transaction.
const app = appForThisFile();
let wallets: WalletKit;
let payee: Client;
let payeeUsd: WalletRow;

beforeAll(async () => {
  wallets = await walletKit(app);
  payee = await wallets.signUpVerified();
  payeeUsd = await wallets.wallet(payee, "USD");
});

/** A client with e-mail and phone verified, a USD wallet holding 200,000 USD, at a level (none: unverified). */
async function funded(level?: VerificationLevel) {
  const client = await wallets.signUpVerified();
  const wallet = await wallets.wallet(client, "USD");
  await wallets.fund(wallet, 20_000_000n);
  // The kits make top-level clients: these tests set the level they test.
  await giveLevel(app, client.id, level ?? "unverified");
  return { client, wallet };
}

const headers = (client: Client, language?: string, key?: string) =>
  bearer(client.token, { ...(language ? { language } : {}), ...(key ? { "idempotency-key": key } : {}) });

/** POST /wallets/send-money/quotation/create of `amount` USD to the payee (a send has no fee in one currency). */
const quoteSend = (client: Client, amount: string, language?: string) =>
  app.inject({
    method: "POST",
    url: "/api/wallets/send-money/quotation/create",
    headers: headers(client, language),
    payload: {
      recipient_wallet_id: payeeUsd.publicId,
      currency_from_id: wallets.idOf("USD"),
      currency_to_id: wallets.idOf("USD"),
      send_amount: amount,
    },
  });

const sendNow = (client: Client, quotationId: number, language?: string) =>
  app.inject({
    method: "POST",
    url: "/api/wallets/send-money/transaction",
    headers: headers(client, language, randomUUID()),
    payload: { quotation_id: quotationId },
  });

async function quotedSend(client: Client, amount: string) {
  const response = await quoteSend(client, amount);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const rulesOf = async (client: Client, service: string, language?: string) => {
  const response = await app.inject({
    url: `/api/${service}/examine-rules`,
    headers: headers(client, language),
  });
  expect(response.statusCode, response.body).toBe(200);
  return examineRules.parse(response.json().data);
};

const levelsOf = async (client: Client, language?: string) => {
  const response = await app.inject({
    url: "/api/identity-verification/levels",
    headers: headers(client, language),
  });
  expect(response.statusCode, response.body).toBe(200);
  return z.array(verificationLevelView).parse(response.json().data);
};

describe("the windows (unverified: 1,000 USD a day, 2,000 in 30 days, 3,000 in 180 days)", () => {
  it("refuses past the 24-hour limit, saying what is left and how to raise it", async () => {
    const { client } = await funded();
    await pastOrder(app, wallets, client, 90_000n, { hoursAgo: 2 });
    const refused = await quoteSend(client, "150.00");
    expect(refused.statusCode, refused.body).toBe(422);
    const message =
      "This would take you past your 24-hour limit of 1,000 USD for unverified accounts (100 USD left). Verify your identity to raise it.";
    expect(refused.json()).toMatchObject({ success: false, message, errors: { amount: [message] } });
    expect((await quoteSend(client, "100.00")).statusCode).toBe(201);
  });

  it("counts the 30-day window once the day has passed", async () => {
    const { client } = await funded();
    await pastOrder(app, wallets, client, 190_000n, { hoursAgo: 24 * 10 });
    const refused = await quoteSend(client, "150.00");
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.amount[0]).toBe(
      "This would take you past your 30-day limit of 2,000 USD for unverified accounts (100 USD left). Verify your identity to raise it.",
    );
  });

  it("counts the 180-day window, and nothing older", async () => {
    const { client } = await funded();
    await pastOrder(app, wallets, client, 290_000n, { hoursAgo: 24 * 100 });
    const refused = await quoteSend(client, "100.01");
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.amount[0]).toContain(
      "180-day limit of 3,000 USD for unverified accounts (100 USD left)",
    );
    expect((await quoteSend(client, "100.00")).statusCode).toBe(201);

    const older = await funded();
    await pastOrder(app, wallets, older.client, 500_000n, { hoursAgo: 24 * 181 });
    expect((await quoteSend(older.client, "900.00")).statusCode).toBe(201);
  });

  it("counts transfers and purchases together, not failed or refunded orders, deposits or conversions", async () => {
    const { client } = await funded();
    await pastOrder(app, wallets, client, 30_000n, { service: "consignments" });
    await pastOrder(app, wallets, client, 30_000n, { service: "gift-cards" });
    await pastOrder(app, wallets, client, 50_000n, { status: "refunded" });
    await pastOrder(app, wallets, client, 50_000n, { status: "failed", service: "reload-phones" });
    await pastOrder(app, wallets, client, 90_000n, { service: "wallet-deposit" });
    await pastOrder(app, wallets, client, 90_000n, { service: "wallet-convert" });
    const refused = await quoteSend(client, "400.01");
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.amount[0]).toContain("(400 USD left)");
    expect((await quoteSend(client, "400.00")).statusCode).toBe(201);
  });

  it("counts an older order without its USD-equivalent at today's rate", async () => {
    const { client } = await funded();
    // 950 USD paid in USD before the column existed.
    await pastOrder(app, wallets, client, 0n, { legacyPaidMinor: 95_000n });
    const refused = await quoteSend(client, "60.00");
    expect(refused.json().errors?.amount?.[0]).toContain("(50 USD left)");
  });

  it("stores each order's USD-equivalent at placement", async () => {
    const { client } = await funded();
    const sent = await sendNow(client, await quotedSend(client, "123.45"));
    expect(sent.statusCode, sent.body).toBe(201);
    const [row] = await app.db
      .select({ usd: orders.usdEquivalentMinor })
      .from(orders)
      .where(and(eq(orders.userId, client.id), eq(orders.service, "wallet-send")));
    expect(row!.usd).toBe(12_345n);
  });
});

describe("the levels", () => {
  it("lifts the limits with identity verification, and says the enhanced verification raises them next", async () => {
    const { client } = await funded("identity_verified");
    await pastOrder(app, wallets, client, 995_000n);
    expect((await quoteSend(client, "50.00")).statusCode).toBe(201);
    const refused = await quoteSend(client, "50.01");
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.amount[0]).toBe(
      "This would take you past your 24-hour limit of 10,000 USD for identity-verified accounts (50 USD left). Complete the enhanced verification to raise it.",
    );
  });

  it("gives the enhanced level the top limits, raised only by support", async () => {
    const { client } = await funded("enhanced");
    await pastOrder(app, wallets, client, 4_995_000n);
    const refused = await quoteSend(client, "100.00");
    expect(refused.json().errors.amount[0]).toBe(
      "This would take you past your 24-hour limit of 50,000 USD for accounts with enhanced verification (50 USD left). Contact support to raise it.",
    );
    expect((await quoteSend(client, "50.00")).statusCode).toBe(201);
  });

  it("refuses in Spanish, the amounts written the Spanish way", async () => {
    const { client } = await funded();
    await pastOrder(app, wallets, client, 87_450n);
    const refused = await quoteSend(client, "500.00", "es");
    expect(refused.statusCode, refused.body).toBe(422);
    const message =
      "Esto superaría tu límite de 24 horas de 1.000 USD para cuentas sin verificar (te quedan 125,50 USD). Verifica tu identidad para aumentarlo.";
    expect(refused.json()).toMatchObject({ message, errors: { amount: [message] } });
    const enhanced = await funded("identity_verified");
    await pastOrder(app, wallets, enhanced.client, 2_500_000n, { hoursAgo: 48 });
    const again = await quoteSend(enhanced.client, "10.00", "es");
    expect(again.json().errors.amount[0]).toBe(
      "Esto superaría tu límite de 30 días de 25.000 USD para cuentas con identidad verificada (te quedan 0 USD). Completa la verificación reforzada para aumentarlo.",
    );
  });
});

describe("at the transaction", () => {
  it("refuses an order the quotation allowed once the windows have filled, and leaves nothing behind", async () => {
    const { client, wallet } = await funded();
    const quotationId = await quotedSend(client, "300.00");
    await pastOrder(app, wallets, client, 80_000n);
    const before = await wallets.available(wallet);
    const refused = await sendNow(client, quotationId);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.amount[0]).toContain("(200 USD left)");
    const placed = await app.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, client.id), eq(orders.quotationId, quotationId)));
    expect(placed).toHaveLength(0);
    const [quotation] = await app.db.select().from(quotations).where(eq(quotations.id, quotationId));
    expect(quotation!.status).toBe("open");
    expect(await wallets.available(wallet)).toBe(before);
  });
});

describe("a blocked account", () => {
  it("is refused every quotation and transaction (403), and examine-rules says to contact support", async () => {
    const { client, wallet } = await funded("identity_verified");
    const quotationId = await quotedSend(client, "20.00");
    await blockMoneyMoving(app.db, client.id, "review_final");
    const before = await wallets.available(wallet);

    const quote = await quoteSend(client, "20.00");
    expect(quote.statusCode, quote.body).toBe(403);
    expect(quote.json().message).toBe(
      "Your account cannot send, withdraw or buy at the moment because of the result of your identity review. Contact support.",
    );
    const sent = await sendNow(client, quotationId, "es");
    expect(sent.statusCode, sent.body).toBe(403);
    expect(sent.json().message).toBe(
      "Tu cuenta no puede enviar, retirar ni comprar por ahora debido al resultado de la revisión de tu identidad. Contacta con soporte.",
    );
    expect(await wallets.available(wallet)).toBe(before);

    for (const service of ["sendmoney", "giftcard", "wallet"]) {
      const rules = await rulesOf(client, service);
      expect(rules.allowed).toBe(false);
      expect(rules.modal).toMatchObject({
        code: "VERIFICATION_BLOCKED",
        button: { code: "CONTACT_SUPPORT" },
      });
      expect(rules.required_level).toBeNull();
    }
    const spanish = await rulesOf(client, "recharge", "es");
    expect(spanish.modal?.title).toBe("Tu cuenta no puede mover dinero");
  });
});

describe("examine-rules", () => {
  it("allows a new account, then asks for the level that raises a full limit", async () => {
    const { client } = await funded();
    const fresh = await rulesOf(client, "sendmoney");
    expect(fresh).toMatchObject({ allowed: true, modal: null });

    await pastOrder(app, wallets, client, 99_800n);
    for (const service of ["sendmoney", "giftcard"]) {
      const rules = await rulesOf(client, service);
      expect(rules.allowed).toBe(false);
      expect(rules.required_level).toBe("identity_verified");
      expect(rules.modal).toMatchObject({
        code: "VERIFY_IDENTITY",
        title: "Verify your identity",
        text: "You have reached your 24-hour limit of 1,000 USD for unverified accounts. Verify your identity to raise it.",
        button: { label: "Verify identity", code: "VERIFY_IDENTITY" },
      });
    }
    // 2 USD left: a top-up still fits; the wallet's deposits and conversions count against nothing.
    expect((await rulesOf(client, "recharge")).allowed).toBe(true);
    expect((await rulesOf(client, "wallet")).allowed).toBe(true);
    const spanish = await rulesOf(client, "sendmoney", "es");
    expect(spanish.modal).toMatchObject({
      title: "Verifica tu identidad",
      text: "Alcanzaste tu límite de 24 horas de 1.000 USD para cuentas sin verificar. Verifica tu identidad para aumentarlo.",
      button: { label: "Verificar identidad", code: "VERIFY_IDENTITY" },
    });
  });

  it("asks for the enhanced level next, and at the top sends to support", async () => {
    const verified = await funded("identity_verified");
    await pastOrder(app, wallets, verified.client, 2_500_000n, { hoursAgo: 72 });
    const rules = await rulesOf(verified.client, "sendmoney");
    expect(rules.required_level).toBe("enhanced");
    expect(rules.modal).toMatchObject({
      code: "VERIFY_IDENTITY",
      title: "Complete the enhanced verification",
    });
    expect(rules.modal?.text).toContain("30-day limit of 25,000 USD");

    const top = await funded("enhanced");
    await pastOrder(app, wallets, top.client, 50_000_000n, { hoursAgo: 24 * 90 });
    const full = await rulesOf(top.client, "paybill");
    expect(full.required_level).toBeNull();
    expect(full.modal).toMatchObject({ code: "LIMIT_REACHED", button: { code: "CONTACT_SUPPORT" } });
    expect(full.modal?.text).toBe(
      "You have reached your 180-day limit of 500,000 USD for accounts with enhanced verification. Contact support to raise it.",
    );
  });
});

describe("GET /identity-verification/levels", () => {
  it("lists every level with its limits, the caller's own marked with what they used", async () => {
    const { client } = await funded();
    await pastOrder(app, wallets, client, 30_000n, { hoursAgo: 24 * 3 });
    await pastOrder(app, wallets, client, 12_550n);
    const levels = await levelsOf(client);
    expect(levels.map((level) => [level.level, level.current])).toEqual([
      ["unverified", true],
      ["identity_verified", false],
      ["enhanced", false],
    ]);
    expect(levels[0]!.limits).toEqual([
      { window: "24h", currency: "USD", amount: "1000.00", used: "125.50" },
      { window: "30d", currency: "USD", amount: "2000.00", used: "425.50" },
      { window: "180d", currency: "USD", amount: "3000.00", used: "425.50" },
    ]);
    expect(levels[2]!.limits.map((limit) => [limit.amount, limit.used])).toEqual([
      ["50000.00", null],
      ["150000.00", null],
      ["500000.00", null],
    ]);
    expect(levels[1]!.name).toBe("Identity verified");
    const spanish = await levelsOf(client, "es");
    expect(spanish.map((level) => level.name)).toEqual([
      "Sin verificar",
      "Identidad verificada",
      "Reforzada",
    ]);
    for (const level of [...levels, ...spanish]) {
      expect(level.description.length).toBeGreaterThan(10);
      expect(level.requirements.length).toBeGreaterThan(10);
    }
  });

  it("needs a signed-in caller", async () => {
    const response = await app.inject({ url: "/api/identity-verification/levels" });
    expect(response.statusCode).toBe(401);
  });
});

describe("limits as data", () => {
  afterEach(() => setLimit(app.db, "unverified", "24h", BigInt(DEFAULT_LIMITS_USD.unverified["24h"]) * 100n));

  it("takes a changed limit into account on the next request, no restart", async () => {
    const { client } = await funded();
    expect((await quoteSend(client, "1500.00")).statusCode).toBe(422);
    const args = parseSetLimitArgs(["unverified", "24h", "1600"]);
    if ("error" in args) throw new Error(args.error);
    await setLimitCommand(app.db, args);
    expect((await quoteSend(client, "1500.00")).statusCode).toBe(201);
    const levels = await levelsOf(client);
    expect(levels[0]!.limits[0]!.amount).toBe("1600.00");
  });

  it("keeps a changed limit when the seed set runs again", async () => {
    const { client } = await funded();
    await setLimit(app.db, "unverified", "24h", 123_400n);
    await app.db
      .update(seedVersions)
      .set({ version: "outdated" })
      .where(eq(seedVersions.name, "verification-limits"));
    const report = await seedDatabase(app.db);
    expect(report.find((set) => set.name === "verification-limits")?.applied).toBe(true);
    expect((await levelsOf(client))[0]!.limits[0]!.amount).toBe("1234.00");
  });

  it("validates the command's arguments", () => {
    expect(parseSetLimitArgs(["enhanced", "30d", "150000.50"])).toEqual({
      level: "enhanced",
      window: "30d",
      amountMinor: 15_000_050n,
    });
    expect(parseSetLimitArgs(["gold", "24h", "10"])).toHaveProperty("error");
    expect(parseSetLimitArgs(["enhanced", "7d", "10"])).toHaveProperty("error");
    expect(parseSetLimitArgs(["enhanced", "24h", "-1"])).toHaveProperty("error");
    expect(parseSetLimitArgs(["enhanced", "24h", "1.001"])).toHaveProperty("error");
    expect(parseSetLimitArgs(["enhanced", "24h", "1e5"])).toHaveProperty("error");
    expect(parseSetLimitArgs(["enhanced", "24h"])).toHaveProperty("error");
  });
});

describe("agents", () => {
  it("count an agent's own transfers against the agent's level", async () => {
    const body = { ...(await clientBody(app)), agency_name: "Envíos Sol", address: "1 Sun Street" };
    const registered = await app.inject({
      method: "POST",
      url: "/api/agents/onboarding/register",
      payload: body,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { token, user } = registered.json().data;
    await verifyPhone(app, token, `${body.phone_prefix}${body.phone_number}`, "agent");
    const [us, mx] = [await countryId(app, "US"), await countryId(app, "MX")];
    const methods = await app.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.slug, "bank-deposit"));
    const quote = () =>
      app.inject({
        method: "POST",
        url: "/api/consignments/quotation",
        headers: bearer(token),
        payload: {
          country_from_id: us,
          country_to_id: mx,
          currency_from_id: wallets.idOf("USD"),
          currency_to_id: wallets.idOf("MXN"),
          shipping_method_id: methods[0]!.id,
          send_amount: "1500.00",
        },
      });
    const refused = await quote();
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.amount[0]).toContain("24-hour limit of 1,000 USD for unverified accounts");
    await giveLevel(app, user.id, "identity_verified");
    expect((await quote()).statusCode).toBe(201);
  });
});
