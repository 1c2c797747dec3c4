import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { journalEntries, orders, quotations } from "../src/db/schema/index";
import { ORDER_MESSAGES, orderReference } from "../src/orders/transition";
import { WALLET_MESSAGES } from "../src/wallets/service";
import { bearer } from "./auth-support";
import { appForThisFile } from "./helper";
import { expectLedgerReconciled } from "./orders-support";
import { type Client, type WalletKit, walletKit } from "./wallets-support";

// Converting between two of a user's wallets (issue 10 point 3): the currencies from (the user's
// wallets) and to, the calculator, and the instant transaction at the quotation's locked rate —
// money moves once per quotation and per Idempotency-Key, a wallet short of funds or a missing
// wallet refuses it with nothing moved, and another user's quotation is as unknown as none.
let kit: WalletKit;

const app = appForThisFile();

beforeAll(async () => {
  kit = await walletKit(app);
});

const get = (url: string, who: Client) =>
  app.inject({ method: "GET", url: `/api${url}`, headers: bearer(who.token) });
const post = (url: string, payload: unknown, who: Client, key: string | null = randomUUID()) =>
  app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: bearer(who.token, key === null ? {} : { "idempotency-key": key }),
    payload: payload as object,
  });
const convert = (quotationId: unknown, who: Client, key: string | null = randomUUID()) =>
  post("/wallets/convert-money/transaction", { quotation_id: quotationId }, who, key);
const ordersOf = (client: Client) => app.db.select().from(orders).where(eq(orders.userId, client.id));

describe("convert currencies", () => {
  it("lists the user's open wallets to convert from, and every wallet currency to convert into", async () => {
    const { client, wallet: usd } = await kit.fundedClient("USD", 4_200n);
    await kit.wallet(client, "EUR");
    const from = await get("/wallets/convert-money/currencies?is_from=1", client);
    expect(from.statusCode, from.body).toBe(200);
    expect(from.json().data.map((row: { iso: string }) => row.iso)).toEqual(["EUR", "USD"]);
    expect(from.json().data.find((row: { iso: string }) => row.iso === "USD").wallet).toEqual({
      id: usd.id,
      public_id: usd.publicId,
      available: "42.00",
    });
    const to = (
      await get(`/wallets/convert-money/currencies?is_from=0&currency_from_id=${usd.currencyId}`, client)
    ).json().data as { iso: string; wallet: unknown; flag_currency: string | null }[];
    expect(to.map((row) => row.iso)).not.toContain("USD");
    expect(to.find((row) => row.iso === "EUR")?.wallet).not.toBeNull();
    // A currency without a wallet is listed with none: the SPA offers to open it.
    expect(to.find((row) => row.iso === "GBP")).toMatchObject({
      wallet: null,
      flag_currency: "/api/flags/GB.svg",
    });
  });

  it.each(["", "?is_from=2", "?is_from=yes", "?is_from=0&currency_from_id=abc"])(
    "refuses the query %s with 422",
    async (query) => {
      const client = await kit.signUp();
      const response = await get(`/wallets/convert-money/currencies${query}`, client);
      expect(response.statusCode, response.body).toBe(422);
    },
  );
});

describe("the convert calculator", () => {
  it("prices a convert at today's rate without keeping anything", async () => {
    const client = await kit.signUp();
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(quotations);
    const response = await post(
      "/wallets/convert-money/calculator",
      { currency_from_id: kit.idOf("USD"), currency_to_id: kit.idOf("EUR"), send_amount: "200" },
      client,
      null,
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      currency_from_iso: "USD",
      currency_to_iso: "EUR",
      send_amount: "200.00",
      vela_fee_amount: "0.00",
      amount_paid: "200.00",
      payment_method: "wallet",
    });
    expect(Number(data.receiving_amount)).toBeGreaterThan(150);
    // Worked back from what is to arrive, too.
    const back = await post(
      "/wallets/convert-money/calculator",
      {
        currency_from_id: kit.idOf("USD"),
        currency_to_id: kit.idOf("EUR"),
        receiving_amount: data.receiving_amount,
      },
      client,
      null,
    );
    expect(back.json().data.receiving_amount).toBe(data.receiving_amount);
    expect(await app.db.select({ n: sql<number>`count(*)::int` }).from(quotations)).toEqual(before);
  });

  it.each([
    ["both amounts", { send_amount: "10", receiving_amount: "10" }, "receiving_amount"],
    ["no amount", {}, "send_amount"],
    ["a negative amount", { send_amount: "-5" }, "send_amount"],
    ["the same currency twice", { send_amount: "50", currency_to_id: "USD" }, "currency_to_id"],
    ["less than the minimum", { send_amount: "1" }, "send_amount"],
  ])("refuses %s with 422", async (_name, extra, field) => {
    const client = await kit.signUp();
    const body: Record<string, unknown> = {
      currency_from_id: kit.idOf("USD"),
      currency_to_id: kit.idOf("EUR"),
      ...extra,
    };
    if (body.currency_to_id === "USD") body.currency_to_id = kit.idOf("USD");
    const response = await post("/wallets/convert-money/calculator", body, client, null);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
  });
});

describe("the convert transaction", () => {
  it("converts at once: the source pays the amount, the target gets the receiving amount, the ledger agrees", async () => {
    const { client, wallet: usd } = await kit.fundedClient("USD", 50_000n);
    const eur = await kit.wallet(client, "EUR");
    const quotation = await kit.walletQuotation(client, "convert", "USD", "EUR", "200.00");
    const key = randomUUID();
    const response = await convert(quotation.id, client, key);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe("Conversion completed.");
    expect(body.data).toMatchObject({
      status: "completed",
      quotation_id: quotation.id,
      currency_from_iso: "USD",
      currency_to_iso: "EUR",
      send_amount: "200.00",
      amount_paid: "200.00",
      payment_method: "wallet",
      source_wallet: { id: usd.id, available: "300.00", balance: "300.00" },
      target_wallet: { id: eur.id },
    });
    expect(await kit.available(usd)).toBe(30_000n);
    expect(await kit.available(eur)).toBe(quotation.receivingAmountMinor);
    expect(body.data.target_wallet.available).toBe(body.data.receiving_amount);

    // A replay answers the same, moves nothing more and places no second order.
    const replay = await convert(quotation.id, client, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotency-hit"]).toBe("true");
    expect(replay.json()).toEqual(body);
    expect(await kit.available(usd)).toBe(30_000n);
    expect(await ordersOf(client)).toHaveLength(1);
    // The same quotation under another key is used up.
    const again = await convert(quotation.id, client);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This quotation was already used. Request a new quotation.");
    expect(await kit.available(usd)).toBe(30_000n);

    const entries = await app.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, orderReference(body.data.order_id)));
    expect(entries).toHaveLength(1);

    // The order is in the history like any order, with its details and receipt.
    const history = (await get("/orders?service=wallet-convert", client)).json().data;
    expect(
      history.data.map((row: { id: number; service_name: string }) => [row.id, row.service_name]),
    ).toEqual([[body.data.order_id, "Wallet conversion"]]);
    const details = await get(`/orders/${body.data.order_id}/details`, client);
    expect(details.statusCode).toBe(200);
    expect(details.json().data.timeline.map((step: { status: string }) => step.status)).toEqual([
      "created",
      "paid",
      "processing",
      "sent",
      "completed",
    ]);
    const receipt = await get(`/orders/generate/${body.data.order_id}`, client);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");
    await expectLedgerReconciled(app);
  });

  it("refuses a wallet short of funds with the insufficient-funds message and moves nothing", async () => {
    const { client, wallet: usd } = await kit.fundedClient("USD", 9_999n);
    const eur = await kit.wallet(client, "EUR");
    const quotation = await kit.walletQuotation(client, "convert", "USD", "EUR", "100.00");
    const response = await convert(quotation.id, client);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ success: false, message: ORDER_MESSAGES.walletInsufficient });
    expect(await kit.available(usd)).toBe(9_999n);
    expect(await kit.available(eur)).toBe(0n);
    expect(await ordersOf(client)).toEqual([]);
    // The quotation is still open: after a top-up it converts.
    await kit.fund(usd, 1n);
    expect((await convert(quotation.id, client)).statusCode).toBe(201);
    expect(await kit.available(usd)).toBe(0n);
    await expectLedgerReconciled(app);
  });

  it("says which wallet is missing, and converts once it is opened", async () => {
    const { client } = await kit.fundedClient("USD", 20_000n);
    const quotation = await kit.walletQuotation(client, "convert", "USD", "MXN", "100.00");
    const response = await convert(quotation.id, client);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      message: WALLET_MESSAGES.needsWallets,
      errors: { currency_to_id: [WALLET_MESSAGES.noToWallet("MXN")] },
    });
    const both = await kit.walletQuotation(client, "convert", "GBP", "JPY", "100.00");
    expect((await convert(both.id, client)).json().errors).toEqual({
      currency_from_id: [WALLET_MESSAGES.noFromWallet("GBP")],
      currency_to_id: [WALLET_MESSAGES.noToWallet("JPY")],
    });
    expect(await ordersOf(client)).toEqual([]);
    await kit.wallet(client, "MXN");
    expect((await convert(quotation.id, client)).statusCode).toBe(201);
  });

  it("answers another user's quotation exactly like an unknown one, and moves nothing", async () => {
    const owner = await kit.signUp();
    const thief = await kit.signUp();
    const usd = await kit.wallet(owner, "USD");
    await kit.wallet(owner, "EUR");
    await kit.wallet(thief, "USD");
    await kit.wallet(thief, "EUR");
    await kit.fund(usd, 20_000n);
    const quotation = await kit.walletQuotation(owner, "convert", "USD", "EUR", "100.00");
    const stolen = await convert(quotation.id, thief);
    const unknown = await convert(2_000_000_000, thief);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ success: false, message: "Quotation not found." });
    expect(unknown.json()).toEqual(stolen.json());
    expect(await kit.available(usd)).toBe(20_000n);
  });

  it.each([
    ["a text id", "abc"],
    ["zero", 0],
    ["a negative id", -3],
    ["an id beyond integer", 2_147_483_648],
    ["nothing", undefined],
  ])("refuses %s as quotation_id with 422", async (_name, id) => {
    const client = await kit.signUp();
    const response = await post(
      "/wallets/convert-money/transaction",
      id === undefined ? {} : { quotation_id: id },
      client,
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["quotation_id"]);
  });

  it("refuses a deposit's quotation, and an expired one", async () => {
    const { client, wallet: usd } = await kit.fundedClient("USD", 50_000n);
    await kit.wallet(client, "EUR");
    const deposit = await kit.walletQuotation(client, "deposit", "USD", "EUR", "100.00");
    const refused = await convert(deposit.id, client);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ quotation_id: [WALLET_MESSAGES.notConvert] });
    const expired = await kit.walletQuotation(client, "convert", "USD", "EUR", "100.00");
    await app.db
      .update(quotations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotations.id, expired.id));
    const late = await convert(expired.id, client);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);
    expect(await kit.available(usd)).toBe(50_000n);
  });

  it("never overdraws under concurrent converts from one wallet: each is done whole or refused", async () => {
    const { client, wallet: usd } = await kit.fundedClient("USD", 35_000n);
    const eur = await kit.wallet(client, "EUR");
    const quoted = [];
    for (let index = 0; index < 8; index++)
      quoted.push(await kit.walletQuotation(client, "convert", "USD", "EUR", "100.00"));
    const answers = await Promise.all(quoted.map((quotation) => convert(quotation.id, client)));
    const done = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 422);
    expect(done).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect(answer.json().message).toBe(ORDER_MESSAGES.walletInsufficient);
    expect(await kit.available(usd)).toBe(5_000n);
    const received = quoted[0]!.receivingAmountMinor;
    expect(await kit.available(eur)).toBe(received * 3n);
    const placed = await app.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, client.id), eq(orders.status, "completed")));
    expect(placed).toHaveLength(3);
    await expectLedgerReconciled(app);
  });
});
