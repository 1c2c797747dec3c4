import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../src/config";
import { orders } from "../src/db/schema/index";
import { bearer } from "./auth-support";
import { appForThisFile } from "./helper";
import { historyKit, type SignedIn, signUp } from "./history-support";

// Orders placed before their copy of the terms named its service (the key the terms' type is told
// apart by) are given their own row's service by migration 0021, and read as they did before.
let kit: Awaited<ReturnType<typeof historyKit>>;
let owner: SignedIn;

const app = appForThisFile();

beforeAll(async () => {
  kit = await historyKit(app);
  owner = await signUp(app);
});

const migration = readFileSync(path.join(MIGRATIONS_DIR, "0021_order_terms_service.sql"), "utf8");
const details = (id: number) =>
  app.inject({ method: "GET", url: `/api/orders/${id}/details`, headers: bearer(owner.token) });
const termsOf = async (id: number) =>
  (await app.db.select({ terms: orders.terms }).from(orders).where(eq(orders.id, id)))[0]!.terms;

describe("migration 0021: the terms name their service", () => {
  it("writes an older order's own service into its terms, and the order reads as before", async () => {
    const order = await kit.insertOrder(owner.id, { status: "sent", recipientName: "Zoë Müller" });
    const before = await details(order.id);
    expect(before.statusCode, before.body).toBe(200);
    // As an order placed before 0021 keeps it: the same terms without their service.
    await app.db.execute(sql`update orders set terms = terms - 'service' where id = ${order.id}`);
    expect(await termsOf(order.id)).not.toHaveProperty("service");

    await app.db.execute(sql.raw(migration));
    expect((await termsOf(order.id)).service).toBe("consignments");
    const after = await details(order.id);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toEqual(before.json());
  });

  it("leaves terms that name their service as they are", async () => {
    // A history fixture's terms name "consignments" whatever the row's service is.
    const order = await kit.insertOrder(owner.id, { service: "gift-cards" });
    await app.db.execute(sql.raw(migration));
    expect((await termsOf(order.id)).service).toBe("consignments");
  });
});
