import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { currencies, quotations } from "../src/db/schema/index";
import { IDEMPOTENCY_MESSAGES } from "../src/plugins/idempotency";
import { bearer, countryId, registerClient } from "./auth-support";
import { appForThisFile } from "./helper";

// Proves issue 7 point 12: the POSTs that create quotations take an Idempotency-Key. The same key
// twice, one after the other or eight at once, makes one quotation and replays its answer; another
// body under the key is a 422; without a key every request makes its own quotation.
let ids: Record<string, number>;

const app = appForThisFile();

beforeAll(async () => {
  const rows = await app.db.select().from(currencies).where(sql`${currencies.iso} in ('USD','MXN','EUR')`);
  ids = Object.fromEntries(rows.map((row) => [row.iso, row.id]));
  for (const iso2 of ["US", "MX"]) ids[iso2] = await countryId(app, iso2);
});

const consignment = (sendAmount: string) => ({
  country_from_id: ids.US!,
  country_to_id: ids.MX!,
  currency_from_id: ids.USD!,
  currency_to_id: ids.MXN!,
  send_amount: sendAmount,
});

const routes = [
  { url: "/api/quotations", body: consignment },
  { url: "/api/consignments/quotation", body: consignment },
  {
    url: "/api/wallets/convert-money/quotation/create",
    body: (sendAmount: string) => ({
      currency_from_id: ids.USD!,
      currency_to_id: ids.EUR!,
      send_amount: sendAmount,
    }),
  },
  {
    url: "/api/wallets/deposit-money/quotation/create",
    body: (sendAmount: string) => ({
      currency_from_id: ids.USD!,
      currency_to_id: ids.USD!,
      send_amount: sendAmount,
      payment_method: "credit-and-debit-card-methods",
    }),
  },
] as const;

async function quotationsOf(userId: number): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(quotations).where(eq(quotations.userId, userId));
  return row?.n ?? 0;
}

let keyCounter = 0;
const freshKey = () => `quote-${Date.now().toString(36)}-${keyCounter++}`;

describe.each(routes)("POST $url with an Idempotency-Key", ({ url, body }) => {
  const post = (token: string, payload: Record<string, unknown>, key?: string) =>
    app.inject({
      method: "POST",
      url,
      headers: bearer(token, key === undefined ? {} : { "idempotency-key": key }),
      payload,
    });

  it("makes one quotation for the same key twice and replays the first answer", async () => {
    const { session } = await registerClient(app);
    const key = freshKey();
    const first = await post(session.token, body("120.00"), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotency-hit"]).toBeUndefined();
    const second = await post(session.token, body("120.00"), key);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotency-hit"]).toBe("true");
    expect(second.json()).toEqual(first.json());
    expect(await quotationsOf(session.user.id)).toBe(1);

    const other = await post(session.token, body("121.00"), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(IDEMPOTENCY_MESSAGES.mismatch);
    expect(await quotationsOf(session.user.id)).toBe(1);
  });

  it("makes one quotation for eight requests sent at once with one key", async () => {
    const { session } = await registerClient(app);
    const key = freshKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(session.token, body("130.00"), key)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    expect(answers.filter((answer) => answer.headers["idempotency-hit"] === undefined)).toHaveLength(1);
    const quoteIds = new Set(answers.map((answer) => answer.json().data.id));
    expect(quoteIds.size).toBe(1);
    expect(await quotationsOf(session.user.id)).toBe(1);
  });

  it("makes a quotation per request without a key", async () => {
    const { session } = await registerClient(app);
    expect((await post(session.token, body("140.00"))).statusCode).toBe(201);
    expect((await post(session.token, body("140.00"))).statusCode).toBe(201);
    expect(await quotationsOf(session.user.id)).toBe(2);
  });
});

describe("the OpenAPI document", () => {
  type Operation = { parameters?: { in: string; name: string; required?: boolean }[] };
  const headersOf = (operation: Operation | undefined) =>
    (operation?.parameters ?? []).filter((parameter) => parameter.in === "header");

  it("lists Idempotency-Key on every idempotent route, and only there", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const paths: Record<string, Record<string, Operation>> = document.paths;
    for (const { url } of routes) {
      const key = headersOf(paths[url]?.post).find((header) => header.name === "idempotency-key");
      expect(key, url).toBeDefined();
      expect(key?.required, url).not.toBe(true);
    }
    // A POST that creates nothing money-related takes no key, and still lists the spec's headers.
    const login = headersOf(paths["/api/authentication/login"]?.post);
    expect(login.map((header) => header.name)).toContain("language");
    expect(login.map((header) => header.name)).not.toContain("idempotency-key");
    // Every operation that lists the key belongs to a route that opted in.
    const listing = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => headersOf(operation).some((header) => header.name === "idempotency-key"))
        .map(([method]) => `${method} ${path}`),
    );
    // Besides the quotations: the payments and the transaction, which move money (issue 9).
    const moneyRoutes = [
      "/api/consignments/transaction",
      "/api/send_money",
      "/api/payments/authorize-credit-card",
      "/api/payments/debit-bank-account",
      "/api/payments/bank-transfer",
      "/api/payments/praxis/get-payment-gateway",
      "/api/payments/d24/process-payment",
      "/api/payments/paypal/authorize",
      // Wallets (issue 10): opening and closing one, the quotations of sends and withdrawals, and the
      // transactions.
      "/api/wallets/new-wallet",
      "/api/wallets/{id}/close",
      "/api/wallets/convert-money/transaction",
      "/api/wallets/deposit-money/transaction",
      "/api/wallets/send-money/quotation/create",
      "/api/wallets/send-money/transaction",
      "/api/wallets/withdraw-money/quotation/create",
      "/api/wallets/withdraw-money/transaction",
      // Purchases (issue 11): each service's quotation and transaction.
      ...["reload-phones", "gift-cards", "prepaid-pay-bills"].flatMap((service) => [
        `/api/${service}/quotation`,
        `/api/${service}/transaction`,
      ]),
    ];
    expect(listing.sort()).toEqual(
      [...routes.map(({ url }) => `post ${url}`), ...moneyRoutes.map((url) => `post ${url}`)].sort(),
    );
  });
});
