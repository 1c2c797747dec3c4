import { sql } from "drizzle-orm";
import { queryRows } from "../src/db/client";
import type { TestApp } from "./helper";

/**
 * The reference rows the recipient tests name (banks, payer networks, document types), found by
 * their codes. Each is written if missing with exactly what the reference seed (migration 0013,
 * seed/payout-network-data.ts) holds, so the tests run the same on a seeded database and on one
 * whose reference lists are still empty. These tests need the 0013 tables to exist.
 */
export type ReferenceIds = {
  banks: { mxBanamex: number; phBdo: number; phGcash: number; snCbao: number };
  providers: { phCebuana: number; mxElektra: number; phGcashWallet: number };
  documents: { passport: number; mxIne: number; phPassportless: number };
  serviceTypes: { cashPickup: number; mobileWallet: number };
};

async function one(app: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(app.db, query);
  if (!row) throw new Error("reference row not found");
  return row.id;
}

async function bank(
  app: TestApp,
  iso: string,
  code: string,
  name: string,
  bic: string | null,
  supports: string[],
) {
  await app.db.execute(sql`
    insert into banks (country_id, name, code, swift_bic, supports)
    select id, ${name}, ${code}, ${bic}, ${`{${supports.join(",")}}`}::text[] from countries where iso2 = ${iso}
    on conflict (country_id, code) do nothing`);
  return one(
    app,
    sql`select b.id from banks b join countries c on c.id = b.country_id where c.iso2 = ${iso} and b.code = ${code}`,
  );
}

async function serviceType(app: TestApp, code: string, name: string, nameEs: string, slug: string) {
  await app.db.execute(sql`
    insert into service_types (code, name, name_es, shipping_method_slug)
    values (${code}, ${name}, ${nameEs}, ${slug}) on conflict (code) do nothing`);
  return one(app, sql`select id from service_types where code = ${code}`);
}

async function provider(app: TestApp, iso: string, typeId: number, code: string, name: string) {
  await app.db.execute(sql`
    insert into service_providers (country_id, service_type_id, code, name)
    select id, ${typeId}, ${code}, ${name} from countries where iso2 = ${iso}
    on conflict (country_id, service_type_id, code) do nothing`);
  return one(
    app,
    sql`select p.id from service_providers p join countries c on c.id = p.country_id
        where c.iso2 = ${iso} and p.service_type_id = ${typeId} and p.code = ${code}`,
  );
}

async function documentType(
  app: TestApp,
  code: string,
  name: string,
  iso: string | null,
  pattern: string | null,
  order: number,
) {
  await app.db.execute(sql`
    insert into document_types (code, name, name_es, country_id, number_pattern, example, sort_order)
    values (${code}, ${name}, ${name}, (select id from countries where iso2 = ${iso}), ${pattern}, null, ${order})
    on conflict (code) do nothing`);
  return one(app, sql`select id from document_types where code = ${code}`);
}

export async function referenceIds(app: TestApp): Promise<ReferenceIds> {
  const cashPickup = await serviceType(
    app,
    "cash-pickup",
    "Cash pickup",
    "Retiro en efectivo",
    "cash-pickup",
  );
  const mobileWallet = await serviceType(
    app,
    "mobile-wallet",
    "Mobile wallet",
    "Billetera móvil",
    "mobile-wallet",
  );
  return {
    banks: {
      mxBanamex: await bank(app, "MX", "002", "Banamex", "BNMXMXMM", ["bank-deposit"]),
      phBdo: await bank(app, "PH", "BNOR", "BDO Unibank", "BNORPHMM", ["bank-deposit"]),
      phGcash: await bank(app, "PH", "GXCH", "GCash (G-Xchange)", "GXCHPHM2", [
        "bank-deposit",
        "mobile-wallet",
      ]),
      snCbao: await bank(app, "SN", "CBAO", "CBAO Groupe Attijariwafa Bank", "CBAOSNDA", ["bank-deposit"]),
    },
    providers: {
      phCebuana: await provider(app, "PH", cashPickup, "cebuana-lhuillier", "Cebuana Lhuillier"),
      mxElektra: await provider(app, "MX", cashPickup, "elektra", "Elektra"),
      phGcashWallet: await provider(app, "PH", mobileWallet, "gcash", "GCash"),
    },
    documents: {
      passport: await documentType(app, "passport", "Passport", null, null, 1),
      mxIne: await documentType(
        app,
        "mx-ine",
        "INE voter card (Credencial para votar)",
        "MX",
        "^[A-Z]{6}[0-9]{8}[HM][0-9]{3}$",
        10,
      ),
      phPassportless: await documentType(app, "ph-umid", "UMID", "PH", "^[0-9]{4}-?[0-9]{7}-?[0-9]$", 30),
    },
    serviceTypes: { cashPickup, mobileWallet },
  };
}
