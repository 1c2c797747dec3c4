import type { Recipient, RecipientType } from "@vela/shared/recipients";
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { countries, currencies, recipients, senders, shippingMethods } from "../db/schema/index";

export type RecipientRow = typeof recipients.$inferSelect;
export type RecipientValues = Omit<typeof recipients.$inferInsert, "id" | "ownerUserId" | "createdAt">;

/** Everything a recipient answer shows: the row with its country, currency and method codes. */
const recipientColumns = {
  row: recipients,
  countryIso: countries.iso2,
  currencyIso: currencies.iso,
  methodSlug: shippingMethods.slug,
};
type JoinedRow = { row: RecipientRow; countryIso: string; currencyIso: string; methodSlug: string | null };

export function recipientName(row: Pick<RecipientRow, "type" | "firstName" | "lastName" | "businessName">) {
  if (row.type === "business") return row.businessName ?? "";
  return [row.firstName, row.lastName].filter(Boolean).join(" ");
}

function toRecipient({ row, countryIso, currencyIso, methodSlug }: JoinedRow): Recipient {
  return {
    id: row.id,
    type: row.type,
    service: row.service,
    name: recipientName(row),
    first_name: row.firstName,
    last_name: row.lastName,
    business_name: row.businessName,
    email: row.email,
    phone_prefix: row.phonePrefix,
    phone_number: row.phoneNumber,
    country_id: row.countryId,
    country_iso: countryIso,
    currency_id: row.currencyId,
    currency_iso: currencyIso,
    shipping_method_id: row.shippingMethodId,
    shipping_method_slug: methodSlug,
    withdrawal_method: row.withdrawalMethod,
    sender_id: row.senderId,
    form_key: row.formKey,
    details: row.details,
    is_active: row.isActive,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function joined(db: Db) {
  return db
    .select(recipientColumns)
    .from(recipients)
    .innerJoin(countries, eq(countries.id, recipients.countryId))
    .innerJoin(currencies, eq(currencies.id, recipients.currencyId))
    .leftJoin(shippingMethods, eq(shippingMethods.id, recipients.shippingMethodId));
}

/** The owner's recipient (not deleted); another owner's is not found, like a missing one. */
export async function findOwnRecipient(db: Db, ownerId: number, id: number): Promise<Recipient | null> {
  const [row] = await joined(db).where(
    and(eq(recipients.id, id), eq(recipients.ownerUserId, ownerId), isNull(recipients.deletedAt)),
  );
  return row ? toRecipient(row) : null;
}

export type RecipientFilters = {
  email?: string | undefined;
  type?: RecipientType | "" | undefined;
  service?: string | undefined;
  /** A quotation's corridor: only active recipients in its country, currency and method. */
  corridor?: { countryId: number; currencyId: number; shippingMethodId: number | null } | undefined;
  /** Wallet withdrawals' accounts (the beneficiaries list): active, in a currency, by a method. */
  withdrawal?: { currencyId?: number | undefined; method?: string | undefined } | undefined;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

/** A page of the owner's recipients, newest first (an exact e-mail match first when filtering by e-mail). */
export async function listRecipients(
  db: Db,
  ownerId: number,
  filters: RecipientFilters,
  pageNumber: number,
  perPage: number,
): Promise<{ rows: Recipient[]; total: number }> {
  const conditions: SQL[] = [eq(recipients.ownerUserId, ownerId), isNull(recipients.deletedAt)];
  const email = filters.email?.toLowerCase();
  if (email) conditions.push(sql`lower(${recipients.email}) like ${`${escapeLike(email)}%`}`);
  if (filters.type) conditions.push(eq(recipients.type, filters.type));
  if (filters.service) conditions.push(eq(recipients.service, filters.service));
  if (filters.corridor) {
    const { countryId, currencyId, shippingMethodId } = filters.corridor;
    conditions.push(eq(recipients.countryId, countryId), eq(recipients.currencyId, currencyId));
    conditions.push(eq(recipients.isActive, true), isNull(recipients.withdrawalMethod));
    if (shippingMethodId !== null) conditions.push(eq(recipients.shippingMethodId, shippingMethodId));
  }
  if (filters.withdrawal) {
    const { currencyId, method } = filters.withdrawal;
    conditions.push(isNotNull(recipients.withdrawalMethod), eq(recipients.isActive, true));
    if (currencyId !== undefined) conditions.push(eq(recipients.currencyId, currencyId));
    if (method !== undefined) conditions.push(eq(recipients.withdrawalMethod, method));
  }
  const where = and(...conditions);
  const order = email
    ? [sql`(lower(${recipients.email}) = ${email}) desc`, desc(recipients.createdAt), desc(recipients.id)]
    : [desc(recipients.createdAt), desc(recipients.id)];
  const [rows, [counted]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((pageNumber - 1) * perPage),
    db.select({ total: count() }).from(recipients).where(where),
  ]);
  return { rows: rows.map(toRecipient), total: counted?.total ?? 0 };
}

export async function insertRecipient(db: Db, ownerId: number, values: RecipientValues): Promise<number> {
  const [row] = await db
    .insert(recipients)
    .values({ ...values, ownerUserId: ownerId })
    .returning({ id: recipients.id });
  return row!.id;
}

/**
 * Writes `changes` to the owner's recipient in one statement (stamping `updated_at`); false when it
 * is not theirs or was deleted.
 */
async function updateOwnRecipient(
  db: Db,
  ownerId: number,
  id: number,
  changes: PgUpdateSetSource<typeof recipients>,
): Promise<boolean> {
  const written = await db
    .update(recipients)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(recipients.id, id), eq(recipients.ownerUserId, ownerId), isNull(recipients.deletedAt)))
    .returning({ id: recipients.id });
  return written.length === 1;
}

/** Rewrites the owner's recipient; false when it is not theirs or was deleted. */
export const updateRecipient = (db: Db, ownerId: number, id: number, values: RecipientValues) =>
  updateOwnRecipient(db, ownerId, id, values);

/** Flips `is_active` in one statement; false when the recipient is not the owner's. */
export const toggleRecipient = (db: Db, ownerId: number, id: number) =>
  updateOwnRecipient(db, ownerId, id, { isActive: sql`not ${recipients.isActive}` });

/** Soft delete: the row stays for the orders that name it. */
export const deleteRecipient = (db: Db, ownerId: number, id: number) =>
  updateOwnRecipient(db, ownerId, id, { deletedAt: sql`now()`, isActive: false });

/** The owner's sender (not deleted), with its display name. */
export async function findOwnSender(
  db: Db,
  ownerId: number,
  id: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: senders.id, firstName: senders.firstName, lastName: senders.lastName })
    .from(senders)
    .where(and(eq(senders.id, id), eq(senders.ownerUserId, ownerId), isNull(senders.deletedAt)));
  return row ? { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() } : null;
}

/** A sender's name whoever's list it is now in (a quotation keeps naming a deleted sender). */
export async function senderName(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ firstName: senders.firstName, lastName: senders.lastName })
    .from(senders)
    .where(eq(senders.id, id));
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

export async function recipientNameById(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select().from(recipients).where(eq(recipients.id, id));
  return row ? recipientName(row) : null;
}
