import { and, arrayContains, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { banks, serviceProviders, serviceTypes } from "../db/schema/index";

/**
 * The reference lists a recipient's endpoint-backed values must exist in (banks, payer networks,
 * identity document types, service types): what the browser loaded from `options_endpoint`, checked
 * again on save.
 */

export type BankRef = { id: number; name: string; code: string };
export type ProviderRef = { id: number; name: string };

/** The service type whose payer networks deliver by this method (`/service_providers?service_type_id=`). */
export async function serviceTypeIdFor(db: Db, methodSlug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: serviceTypes.id })
    .from(serviceTypes)
    .where(eq(serviceTypes.shippingMethodSlug, methodSlug))
    .orderBy(asc(serviceTypes.id))
    .limit(1);
  return row?.id ?? null;
}

const bankColumns = { id: banks.id, name: banks.name, code: banks.code };

/** A bank (or e-wallet institution) of the country that takes payments by the method. */
export async function findBank(
  db: Db,
  bankId: number,
  countryId: number,
  methodSlug: string,
): Promise<BankRef | null> {
  const [row] = await db
    .select(bankColumns)
    .from(banks)
    .where(
      and(eq(banks.id, bankId), eq(banks.countryId, countryId), arrayContains(banks.supports, [methodSlug])),
    );
  return row ?? null;
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
  const rows = await db
    .select(bankColumns)
    .from(banks)
    .where(and(eq(banks.countryId, countryId), arrayContains(banks.supports, [methodSlug])));
  return { listed: rows.length > 0, bank: rows.find((row) => row.code === code) ?? null };
}

/** A payer network of the country for the method (cash pickup, mobile wallet). */
export async function findServiceProvider(
  db: Db,
  providerId: number,
  countryId: number,
  methodSlug: string,
): Promise<ProviderRef | null> {
  const [row] = await db
    .select({ id: serviceProviders.id, name: serviceProviders.name })
    .from(serviceProviders)
    .innerJoin(serviceTypes, eq(serviceTypes.id, serviceProviders.serviceTypeId))
    .where(
      and(
        eq(serviceProviders.id, providerId),
        eq(serviceProviders.countryId, countryId),
        eq(serviceTypes.shippingMethodSlug, methodSlug),
      ),
    );
  return row ?? null;
}
