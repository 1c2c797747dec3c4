import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema/index";
import { completeInstantly } from "../src/orders/transition";
import { balanceHistory, WALLET_MESSAGES } from "../src/wallets/service";
import { bearer } from "./auth-support";
import { appForThisFile } from "./helper";
import { expectLedgerReconciled } from "./orders-support";
import { type Client, type WalletKit, walletKit } from "./wallets-support";

// The wallet endpoints of issue 10 that are not a money flow: the dashboard, the user's wallets,
// opening one per currency, balance and shares, the transactions list with its filters and pages,
// the balance history and the selects; and what each does with another user's or a malformed id.
let kit: WalletKit;
let alice: Client;
let bob: Client;

const app = appForThisFile();

beforeAll(async () => {
  kit = await walletKit(app);
  alice = await kit.signUp();
  bob = await kit.signUp();
});

const get = (url: string, who: Client = alice) =>
  app.inject({ method: "GET", url: `/api${url}`, headers: bearer(who.token) });
const post = (url: string, payload: unknown, who: Client = alice, key: string | null = randomUUID()) =>
  app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: bearer(who.token, key === null ? {} : { "idempotency-key": key }),
    payload: payload as object,
  });

describe("opening wallets", () => {
  it("starts with no wallets, the four service buttons and the statuses", async () => {
    const fresh = await kit.signUp();
    const response = await get("/wallets/dashboard", fresh);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.wallets).toEqual([]);
    expect(data.services.map((service: { id: string; path: string }) => [service.id, service.path])).toEqual([
      ["wallet-deposit", "deposit"],
      ["wallet-convert", "convert"],
      ["wallet-send", "send"],
      ["wallet-withdraw", "withdraw"],
    ]);
    expect(data.statuses).toContainEqual({ id: "completed", name: "Completed" });
  });

  it("offers the currencies a wallet can hold, each with its flag", async () => {
    const response = await get("/wallets/new-wallet/currencies");
    expect(response.statusCode).toBe(200);
    const list: { iso: string; flag_currency: string | null }[] = response.json().data;
    expect(list.find((row) => row.iso === "USD")?.flag_currency).toBe("/api/flags/US.svg");
    expect(list.find((row) => row.iso === "EUR")?.flag_currency).toBe("/api/flags/EU.svg");
    expect(list.find((row) => row.iso === "XOF")?.flag_currency).toBe("/api/flags/CI.svg");
    // Only currencies we can quote (so any wallet can be converted): not, say, the Afghan afghani.
    expect(list.map((row) => row.iso)).not.toContain("AFN");
    expect((await app.inject({ method: "GET", url: "/api/flags/EU.svg" })).statusCode).toBe(200);
  });

  it("opens a wallet, then refuses a second one in the same currency on currency_id", async () => {
    const client = await kit.signUp();
    const opened = await post("/wallets/new-wallet", { currency_id: kit.idOf("USD") }, client);
    expect(opened.statusCode, opened.body).toBe(201);
    const body = opened.json();
    expect(body.message).toBe("Wallet opened.");
    expect(body.data).toMatchObject({
      status: "open",
      balance: "0.00",
      available: "0.00",
      on_hold: "0.00",
      currency: { iso: "USD", decimals: 2, flag_currency: "/api/flags/US.svg" },
    });
    expect(body.data.public_id).toMatch(/^VW-[0-9A-Z]{5}-[0-9A-Z]{5}$/);

    const again = await post("/wallets/new-wallet", { currency_id: kit.idOf("USD") }, client);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      success: false,
      message: "You already have a USD wallet.",
      errors: { currency_id: ["You already have a USD wallet."] },
    });
    const currencies = (await get("/wallets/new-wallet/currencies", client)).json().data;
    expect(currencies.map((row: { iso: string }) => row.iso)).not.toContain("USD");
    const mine = (await get("/wallets/u-wallets", client)).json().data;
    expect(mine.map((row: { id: number }) => row.id)).toEqual([body.data.id]);
  });

  it("says it in Spanish with language: es", async () => {
    const client = await kit.signUp();
    await kit.wallet(client, "CHF");
    const again = await app.inject({
      method: "POST",
      url: "/api/wallets/new-wallet",
      headers: bearer(client.token, { language: "es" }),
      payload: { currency_id: kit.idOf("CHF") },
    });
    expect(again.json()).toEqual({
      success: false,
      message: "Ya tienes una billetera en CHF.",
      errors: { currency_id: ["Ya tienes una billetera en CHF."] },
    });
    const missing = await app.inject({
      method: "GET",
      url: "/api/wallets/2000000000/balance-and-shares",
      headers: bearer(client.token, { language: "es" }),
    });
    expect(missing.json().message).toBe("Billetera no encontrada.");
  });

  it("answers a replayed Idempotency-Key with the first answer, opening one wallet", async () => {
    const client = await kit.signUp();
    const key = randomUUID();
    const first = await post("/wallets/new-wallet", { currency_id: kit.idOf("JPY") }, client, key);
    const second = await post("/wallets/new-wallet", { currency_id: kit.idOf("JPY") }, client, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotency-hit"]).toBe("true");
    expect(second.json()).toEqual(first.json());
    expect((await get("/wallets/u-wallets", client)).json().data).toHaveLength(1);
  });

  it("opens exactly one of several concurrent requests for the same currency", async () => {
    const client = await kit.signUp();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post("/wallets/new-wallet", { currency_id: kit.idOf("GBP") }, client)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
  });

  it.each([
    [
      "a currency wallets are not offered in",
      () => ({ currency_id: kit.idOf("AFN") }),
      WALLET_MESSAGES.unknownCurrency,
    ],
    ["an unknown currency id", () => ({ currency_id: 99_999_999 }), null],
    ["a currency id that is not a number", () => ({ currency_id: "usd" }), null],
    ["an id beyond PostgreSQL's integer", () => ({ currency_id: 2_147_483_648 }), null],
    ["no currency", () => ({}), null],
  ])("refuses %s with 422 on currency_id", async (_name, body, message) => {
    const response = await post("/wallets/new-wallet", body());
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["currency_id"]);
    if (message) expect(response.json().errors.currency_id).toEqual([message]);
  });

  it("asks for a session", async () => {
    expect((await app.inject({ method: "GET", url: "/api/wallets/dashboard" })).statusCode).toBe(401);
    const anonymous = await app.inject({
      method: "POST",
      url: "/api/wallets/new-wallet",
      payload: { currency_id: kit.idOf("USD") },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("balance and shares", () => {
  it("answers the ledger's balance, the currency with its flag and the wallet's shares", async () => {
    const usd = await kit.wallet(alice, "USD");
    await kit.fund(usd, 12_345n);
    const response = await get(`/wallets/${usd.id}/balance-and-shares`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      id: usd.id,
      wallet_id: usd.id,
      public_id: usd.publicId,
      balance: "123.45",
      available: "123.45",
      on_hold: "0.00",
      currency: { iso: "USD", flag_currency: "/api/flags/US.svg" },
    });
    expect(data.shares.wallet_id).toBe(usd.publicId);
    expect(data.shares.link).toBe(
      `${app.config.PUBLIC_APP_URL}/account/wallets/send?wallet_id=${usd.publicId}`,
    );
    expect(data.shares.text).toContain(usd.publicId);
    const [prefix, encoded] = data.shares.qr_code.split(",");
    expect(prefix).toBe("data:image/svg+xml;base64");
    expect(Buffer.from(encoded, "base64").toString()).toMatch(
      /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/,
    );
    // The dashboard and u-wallets read the same numbers.
    const listed = (await get("/wallets/u-wallets"))
      .json()
      .data.find((row: { id: number }) => row.id === usd.id);
    expect(listed.balance).toBe("123.45");
  });

  it("answers another user's wallet exactly like an unknown one", async () => {
    const theirs = await kit.wallet(bob, "USD");
    const other = await get(`/wallets/${theirs.id}/balance-and-shares`);
    const unknown = await get("/wallets/2000000000/balance-and-shares");
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, message: WALLET_MESSAGES.notFound });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(other.json());
    for (const path of ["transactions", "balance-history"]) {
      const response = await get(`/wallets/${theirs.id}/${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual(other.json());
    }
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999"])(
    "refuses the malformed wallet id %s with 422",
    async (id) => {
      for (const path of ["balance-and-shares", "transactions", "balance-history"]) {
        const response = await get(`/wallets/${id}/${path}`);
        expect(response.statusCode, `${path} ${response.body}`).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual(["id"]);
      }
    },
  );
});

describe("a wallet's transactions", () => {
  let client: Client;
  let usdId: number;

  beforeAll(async () => {
    // 12 converts out of USD (two days back in created_at), and one convert of Bob's into his EUR
    // wallet is not Alice's business: only orders touching the wallet are listed.
    client = await kit.signUp();
    const usd = await kit.wallet(client, "USD");
    const eur = await kit.wallet(client, "EUR");
    usdId = usd.id;
    await kit.fund(usd, 1_000_000n);
    for (let index = 0; index < 12; index++) {
      const quotation = await kit.walletQuotation(client, "convert", "USD", "EUR", `${20 + index}.00`);
      await app.db.transaction(async (tx) => {
        const order = await kit.insertOrder(tx, quotation, {
          service: "wallet-convert",
          sourceWalletId: usd.id,
          targetWalletId: eur.id,
        });
        await completeInstantly(tx, order);
        if (index < 2) {
          await tx
            .update(orders)
            .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
            .where(eq(orders.id, order.id));
        }
      });
    }
    const bobUsd = await kit.wallet(bob, "USD");
    const bobEur = await kit.wallet(bob, "EUR");
    await kit.fund(bobUsd, 100_000n);
    const theirs = await kit.walletQuotation(bob, "convert", "USD", "EUR", "50.00");
    await app.db.transaction(async (tx) =>
      completeInstantly(
        tx,
        await kit.insertOrder(tx, theirs, {
          service: "wallet-convert",
          sourceWalletId: bobUsd.id,
          targetWalletId: bobEur.id,
        }),
      ),
    );
  });

  it("pages them 10 at a time, newest first, each out of the wallet in its currency", async () => {
    const first = await get(`/wallets/${usdId}/transactions`, client);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().data;
    expect(page1).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(page1.data).toHaveLength(10);
    const row = page1.data[0];
    expect(row).toMatchObject({
      service: "wallet-convert",
      service_name: "Convert",
      status: "completed",
      status_label: "Completed",
      direction: "out",
      amount: "31.00",
      currency_iso: "USD",
      counterparty: "EUR",
      is_own: true,
      details_url: `/api/orders/${row.id}/details`,
      receipt_url: `/api/orders/generate/${row.id}`,
    });
    const page2 = (await get(`/wallets/${usdId}/transactions?page=2`, client)).json().data;
    expect(page2.data).toHaveLength(2);
    const ids = [...page1.data, ...page2.data].map((item: { id: number }) => item.id);
    expect(new Set(ids).size).toBe(12);
    // The EUR side shows the same orders coming in.
    const eur = await kit.wallet(client, "EUR");
    const incoming = (await get(`/wallets/${eur.id}/transactions`, client)).json().data;
    expect(incoming.total).toBe(12);
    expect(incoming.data[0]).toMatchObject({ direction: "in", currency_iso: "EUR", counterparty: "USD" });
  });

  it("filters by service, status and days", async () => {
    const count = async (query: string) =>
      (await get(`/wallets/${usdId}/transactions?${query}`, client)).json().data.total;
    expect(await count("service=wallet-convert")).toBe(12);
    expect(await count("service=wallet-deposit")).toBe(0);
    expect(await count("status=completed")).toBe(12);
    expect(await count("status=refunded")).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await count(`date_from=${today}`)).toBe(10);
    expect(await count(`date_to=${twoDaysAgo}`)).toBe(2);
    expect(await count(`date_from=${twoDaysAgo}&date_to=${twoDaysAgo}`)).toBe(2);
  });

  it.each([
    ["service=consignments", "service"],
    ["status=lost", "status"],
    ["date_from=2026-02-30", "date_from"],
    ["date_to=yesterday", "date_to"],
    ["date_from=2026-11-20&date_to=2026-11-01", "date_to"],
    ["page=0", "page"],
  ])("refuses the filter %s with 422 on %s", async (query, field) => {
    const response = await get(`/wallets/${usdId}/transactions?${query}`, client);
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });
});

describe("balance history", () => {
  it("answers one end-of-day balance per day, from the ledger", async () => {
    const { client, wallet: usd } = await kit.fundedClient("USD", 5_000n);
    await kit.fund(usd, 2_550n);
    const response = await get(`/wallets/${usd.id}/balance-history?days=3`, client);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ wallet_id: usd.id, currency_iso: "USD", decimals: 2 });
    expect(data.points.map((point: { balance: string }) => point.balance)).toEqual(["0.00", "0.00", "75.50"]);
    expect(data.points.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    // Seen from two days later, today's money is the opening balance carried through every day.
    const later = await balanceHistory(
      { db: app.db },
      client.id,
      usd.id,
      2,
      new Date(Date.now() + 2 * 86_400_000),
    );
    expect(later.points.map((point) => point.balance)).toEqual(["75.50", "75.50"]);
    expect((await get(`/wallets/${usd.id}/balance-history`, client)).json().data.points).toHaveLength(30);
  });

  it.each(["days=0", "days=367", "days=ten"])("refuses %s with 422", async (query) => {
    const usd = await kit.wallet(alice, "USD");
    const response = await get(`/wallets/${usd.id}/balance-history?${query}`);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["days"]);
  });
});

describe("selects", () => {
  it("lists the wallet services and the statuses as {id, name}", async () => {
    expect((await get("/wallets/selects/services")).json().data).toEqual([
      { id: "wallet-deposit", name: "Deposit" },
      { id: "wallet-convert", name: "Convert" },
      { id: "wallet-send", name: "Send" },
      { id: "wallet-withdraw", name: "Withdraw" },
    ]);
    const statuses = (await get("/wallets/selects/statuses")).json().data;
    expect(statuses).toHaveLength(12);
    expect(statuses).toContainEqual({ id: "on_hold", name: "On hold" });
    await expectLedgerReconciled(app);
  });
});
