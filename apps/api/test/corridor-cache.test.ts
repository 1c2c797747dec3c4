import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import * as schema from "../src/db/schema/index";
import { currencies } from "../src/db/schema/index";
import {
  type CorridorKey,
  configureCorridorCache,
  corridorMethodsOf,
  invalidateCorridorCache,
} from "../src/pricing/corridors";
import { countryId } from "./auth-support";
import { appForThisFile } from "./helper";

// Proves the corridor cache: the calculator's corridor terms come from memory, and a change to
// them in the database, made by anyone (here: SQL behind the application's back, as an operator
// or another instance would), is picked up at the next check, which tests make on every call.
let key: CorridorKey;

const app = appForThisFile();

beforeAll(async () => {
  const rows = await app.db.select().from(currencies).where(sql`${currencies.iso} in ('USD','MXN')`);
  const currencyId = (iso: string) => rows.find((row) => row.iso === iso)!.id;
  key = {
    country_from_id: await countryId(app, "US"),
    country_to_id: await countryId(app, "MX"),
    currency_from_id: currencyId("USD"),
    currency_to_id: currencyId("MXN"),
  };
  configureCorridorCache(app.db, { checkEveryMs: 0 });
});

const price = async () => {
  const query = new URLSearchParams(
    Object.entries({ ...key, send_amount: "100.00" }).map(([name, value]): [string, string] => [
      name,
      String(value),
    ]),
  );
  return app.inject({ method: "GET", url: `/api/home/send-money/calculator?${query}` });
};

/** The US→MX corridor's default (vela) method, the one the home calculator prices. */
const velaMethod = () => sql`(select cm.id from corridor_methods cm
  join corridors c on c.id = cm.corridor_id
  join shipping_methods s on s.id = cm.shipping_method_id
  where c.country_from_id = ${key.country_from_id} and c.country_to_id = ${key.country_to_id}
    and c.currency_from_id = ${key.currency_from_id} and c.currency_to_id = ${key.currency_to_id}
    and s.slug = 'vela')`;

/** A second instance's view of the same database: its own Db object, so its own cache. */
function secondInstanceDb(): Db {
  const { driver } = app.database;
  return driver.kind === "pglite"
    ? drizzlePglite(driver.client, { schema })
    : drizzleNodePostgres(driver.pool, { schema });
}

describe("corridor cache", () => {
  it("prices with a changed margin and fee as soon as they change", async () => {
    const before = (await price()).json().data;
    const method = velaMethod();
    await app.db.execute(
      sql`update corridor_methods set fx_margin_bps = fx_margin_bps + 100 where id = ${method}`,
    );
    await app.db.execute(
      sql`update fee_tiers set fixed_minor = fixed_minor + 100 where corridor_method_id = ${method}`,
    );
    const after = (await price()).json().data;
    expect(Number(after.rate)).toBeLessThan(Number(before.rate));
    expect(Number(after.vela_fee_amount)).toBeCloseTo(Number(before.vela_fee_amount) + 1, 2);
  });

  it("refuses a corridor as soon as it is switched off, and prices it again once it is back", async () => {
    expect((await price()).statusCode).toBe(200);
    const corridor = sql`(select corridor_id from corridor_methods where id = ${velaMethod()})`;
    await app.db.execute(sql`update corridors set is_active = false where id = ${corridor}`);
    const refused = await price();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.country_to_id).toBeDefined();
    await app.db.execute(sql`update corridors set is_active = true where id = ${corridor}`);
    expect((await price()).statusCode).toBe(200);
  });

  it("serves from memory between checks, and another instance's change reaches each instance", async () => {
    const other = secondInstanceDb();
    configureCorridorCache(other, { checkEveryMs: 3_600_000 });
    const marginOf = async (db: Db) => (await corridorMethodsOf(db, key))[0]!.method.fxMarginBps;
    const cachedMargin = await marginOf(other);

    // This "instance" (the app's Db) changes the terms; the other has not checked since.
    await app.db.execute(
      sql`update corridor_methods set fx_margin_bps = fx_margin_bps + 7 where id = ${velaMethod()}`,
    );
    expect(await marginOf(other)).toBe(cachedMargin);
    expect(await marginOf(app.db)).toBe(cachedMargin + 7);

    // At its next check (forced here rather than waited for) the other instance sees it too.
    configureCorridorCache(other, { checkEveryMs: 0 });
    expect(await marginOf(other)).toBe(cachedMargin + 7);

    // A writer in the same process can also drop the cache at once.
    configureCorridorCache(other, { checkEveryMs: 3_600_000 });
    await app.db.execute(
      sql`update corridor_methods set fx_margin_bps = fx_margin_bps - 7 where id = ${velaMethod()}`,
    );
    invalidateCorridorCache(other);
    expect(await marginOf(other)).toBe(cachedMargin);
  });
});
