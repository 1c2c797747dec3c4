import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";

/**
 * The reference lists a recipient's endpoint-backed values must exist in (banks, payer networks,
 * identity document types, service types), read by raw SQL so this code does not depend on their
 * Drizzle tables at compile time (they come with migration 0013, built in parallel). Each lookup
 * first asks whether its table exists: without it nothing can be vouched for, so a value is not
 * found (the save answers 422) and the CLABE's bank prefix goes unchecked. Once the reference
 * tables are merged these can become typed Drizzle queries.
 */

async function tableExists(db: Db, table: string): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass(${`public.${table}`}) is not null as present`,
  );
  return row?.present === true;
}

async function firstRow<T>(db: Db, table: string, query: SQL): Promise<T | null> {
  if (!(await tableExists(db, table))) return null;
  const [row] = await queryRows<T>(db, query);
  return row ?? null;
}

export type BankRef = { id: number; name: string; code: string };
export type ProviderRef = { id: number; name: string };
export type DocumentTypeRef = { id: number; name: string; number_pattern: string | null };

/** The service type whose payer networks deliver by this method (`/service_providers?service_type_id=`). */
export async function serviceTypeIdFor(db: Db, methodSlug: string): Promise<number | null> {
  const row = await firstRow<{ id: number }>(
    db,
    "service_types",
    sql`select id from service_types where shipping_method_slug = ${methodSlug} order by id limit 1`,
  );
  return row?.id ?? null;
}

/** A bank (or e-wallet institution) of the country that takes payments by the method. */
export async function findBank(
  db: Db,
  bankId: number,
  countryId: number,
  methodSlug: string,
): Promise<BankRef | null> {
  return firstRow<BankRef>(
    db,
    "banks",
    sql`select id, name, code from banks
        where id = ${bankId} and country_id = ${countryId} and ${methodSlug} = any(supports)`,
  );
}

/**
 * The bank a local code names (a CLABE's first three digits, an IFSC's first four letters).
 * `listed` says whether the country has any banks listed at all: without a list the code cannot
 * be checked.
 */
export async function findBankByCode(
  db: Db,
  countryId: number,
  code: string,
  methodSlug: string,
): Promise<{ listed: boolean; bank: BankRef | null }> {
  if (!(await tableExists(db, "banks"))) return { listed: false, bank: null };
  const rows = await queryRows<BankRef & { matches: boolean }>(
    db,
    sql`select id, name, code, code = ${code} as matches from banks
        where country_id = ${countryId} and ${methodSlug} = any(supports)`,
  );
  return { listed: rows.length > 0, bank: rows.find((row) => row.matches) ?? null };
}

/** A payer network of the country for the method (cash pickup, mobile wallet). */
export async function findServiceProvider(
  db: Db,
  providerId: number,
  countryId: number,
  methodSlug: string,
): Promise<ProviderRef | null> {
  if (!(await tableExists(db, "service_types"))) return null;
  return firstRow<ProviderRef>(
    db,
    "service_providers",
    sql`select p.id, p.name from service_providers p
        join service_types t on t.id = p.service_type_id
        where p.id = ${providerId} and p.country_id = ${countryId} and t.shipping_method_slug = ${methodSlug}`,
  );
}

/** An identity document type accepted in the country (its own, or one accepted everywhere). */
export async function findDocumentType(
  db: Db,
  documentTypeId: number,
  countryId: number,
): Promise<DocumentTypeRef | null> {
  return firstRow<DocumentTypeRef>(
    db,
    "document_types",
    sql`select id, name, number_pattern from document_types
        where id = ${documentTypeId} and (country_id = ${countryId} or country_id is null)`,
  );
}
