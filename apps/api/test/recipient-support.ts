import { dynamicForm, isValidClabe } from "@vela/shared/dynamic-form";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../src/db/client";
import { currencies, shippingMethods } from "../src/db/schema/index";
import { bearer, countryId, registerClient } from "./auth-support";
import type { TestApp } from "./helper";
import { giveLevel } from "./limits-support";

export const VALID_CLABE = "002010077777777771";

export const query = (values: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(values)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

export const keysOf = (definition: { fields: { key: string }[] }) =>
  definition.fields.map((field) => field.key);

/** A CLABE with a correct check digit whose bank code (first three digits) is `prefix`. */
export function clabeWithPrefix(prefix: string) {
  const body = `${prefix}18000123456788`.slice(0, 17);
  for (let digit = 0; digit <= 9; digit++) if (isValidClabe(`${body}${digit}`)) return `${body}${digit}`;
  throw new Error("no check digit");
}

type Inject = { method?: string; url: string; payload?: unknown; token?: string; language?: string };
export type Party = { token: string; id: number; email: string };

/**
 * What the recipient tests share: country, currency and method ids by code, two signed-in clients
 * (the owner and another user), a request helper signed in as the owner unless told otherwise, a
 * Mexican bank recipient's body and the dynamic-form fetch.
 */
export async function recipientKit(app: TestApp) {
  const ids: Record<string, number> = {};
  const methods: Record<string, number> = {};
  for (const iso of ["US", "MX", "PH", "SN", "IN", "BR", "FR", "EC", "ID"])
    ids[iso] = await countryId(app, iso);
  for (const row of await app.db.select().from(currencies)) ids[row.iso] = row.id;
  for (const row of await app.db.select().from(shippingMethods)) methods[row.slug] = row.id;
  const signUp = async (): Promise<Party> => {
    const { session, body } = await registerClient(app);
    // Money tests run at the top level so the verification limits stop none of them (limits-*.test.ts test those).
    await giveLevel(app, session.user.id as number);
    return { token: session.token as string, id: session.user.id as number, email: body.email as string };
  };
  const owner = await signUp();
  const other = await signUp();
  const call = ({ method = "GET", url, payload, token = owner.token, language }: Inject) =>
    app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: bearer(token, language ? { language } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const mxBank = () => ({
    country_to_id: ids.MX,
    currency_to_id: ids.MXN,
    shipping_method_id: methods["bank-deposit"],
  });
  const mxRecipient = (overrides: Record<string, unknown> = {}) => ({
    type: "customer",
    ...mxBank(),
    first_name: "María",
    last_name: "López Hernández",
    email: "Maria.Lopez@example.mx",
    phone_number: "+52 55 1234 5678",
    clabe: VALID_CLABE,
    ...overrides,
  });
  const recipientCount = async () =>
    (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from recipients`))[0]!.n;
  const form = async (values: Record<string, string | number | undefined>, language?: string) => {
    const response = await call({ url: `/recipients/dynamic-form?${query(values)}`, language });
    expect(response.statusCode, response.body).toBe(200);
    return dynamicForm.parse(response.json().data);
  };
  return { ids, methods, owner, other, signUp, call, mxBank, mxRecipient, recipientCount, form };
}
export type RecipientKit = Awaited<ReturnType<typeof recipientKit>>;

/**
 * The reference rows the recipient tests name (banks, payer networks, document types), found by
 * their codes. Each is written if missing with exactly what the reference seed (migration 0013,
 * seed/payout-network-data.ts) holds, so the tests run the same on a seeded database and on one
 * whose reference lists are still empty. These tests need the 0013 tables to exist.
 */
export type ReferenceIds = {
  banks: { mxBanamex: number; phBdo: number; phGcash: number; snCbao: number; inSbi: number };
  providers: { phCebuana: number; mxElektra: number; phGcashWallet: number };
  documents: { passport: number; mxIne: number; phPassportless: number };
  serviceTypes: { cashPickup: number; mobileWallet: number };
};

async function one(app: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(app.db, query);
  if (!row) throw new Error("reference row not found");
  return row.id;
}

export async function referenceBank(
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

export async function referenceDocument(
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
      mxBanamex: await referenceBank(app, "MX", "002", "Banamex", "BNMXMXMM", ["bank-deposit"]),
      phBdo: await referenceBank(app, "PH", "BNOR", "BDO Unibank", "BNORPHMM", ["bank-deposit"]),
      phGcash: await referenceBank(app, "PH", "GXCH", "GCash (G-Xchange)", "GXCHPHM2", [
        "bank-deposit",
        "mobile-wallet",
      ]),
      snCbao: await referenceBank(app, "SN", "CBAO", "CBAO Groupe Attijariwafa Bank", "CBAOSNDA", [
        "bank-deposit",
      ]),
      inSbi: await referenceBank(app, "IN", "SBIN", "State Bank of India", "SBININBB", ["bank-deposit"]),
    },
    providers: {
      phCebuana: await provider(app, "PH", cashPickup, "cebuana-lhuillier", "Cebuana Lhuillier"),
      mxElektra: await provider(app, "MX", cashPickup, "elektra", "Elektra"),
      phGcashWallet: await provider(app, "PH", mobileWallet, "gcash", "GCash"),
    },
    documents: {
      passport: await referenceDocument(app, "passport", "Passport", null, null, 1),
      mxIne: await referenceDocument(
        app,
        "mx-ine",
        "INE voter card (Credencial para votar)",
        "MX",
        "^[A-Z]{6}[0-9]{8}[HM][0-9]{3}$",
        10,
      ),
      phPassportless: await referenceDocument(
        app,
        "ph-umid",
        "UMID",
        "PH",
        "^[0-9]{4}-?[0-9]{7}-?[0-9]$",
        30,
      ),
    },
    serviceTypes: { cashPickup, mobileWallet },
  };
}
