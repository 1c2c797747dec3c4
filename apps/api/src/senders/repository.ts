import type { Sender } from "@vela/shared/senders";
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { UserRow } from "../auth/sessions";
import type { Db } from "../db/client";
import { senders } from "../db/schema/index";

export type SenderRow = typeof senders.$inferSelect;
export type SenderValues = Partial<
  Pick<
    typeof senders.$inferInsert,
    | "firstName"
    | "lastName"
    | "email"
    | "phonePrefix"
    | "phoneNumber"
    | "countryId"
    | "stateId"
    | "city"
    | "address"
    | "postalCode"
    | "dateOfBirth"
    | "occupation"
    | "documentTypeId"
    | "documentNumber"
    | "documentCountryId"
    | "documentExpiresOn"
    | "customerKeys"
  >
> & { firstName: string; lastName: string };

/** Every service a client's own profile can pay for. */
const SELF_SERVICES = ["consignments", "reload-phones", "gift-cards", "prepaid-pay-bills"];

export function toSender(row: SenderRow): Sender {
  return {
    id: row.id,
    is_self: row.isSelf,
    is_active: row.isActive,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone_prefix: row.phonePrefix,
    phone_number: row.phoneNumber,
    country_id: row.countryId,
    state_id: row.stateId,
    city: row.city,
    address: row.address,
    postal_code: row.postalCode,
    date_of_birth: row.dateOfBirth,
    occupation: row.occupation,
    document_type_id: row.documentTypeId,
    document_number: row.documentNumber,
    document_country_id: row.documentCountryId,
    document_expires_on: row.documentExpiresOn,
    services: row.services,
    created_at: row.createdAt.toISOString(),
  };
}

/** The sender columns a profile fills in. */
function profileValues(user: UserRow) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phonePrefix: user.phonePrefix,
    phoneNumber: user.phoneNumber,
    countryId: user.countryId,
    city: user.city,
    address: user.address,
    postalCode: user.postalCode,
    dateOfBirth: user.dateOfBirth,
    occupation: user.occupation,
  };
}

/**
 * The user's own sender, made from the profile the first time it is needed and brought in line with
 * the profile every time after (one statement: the partial unique index keeps one per user however
 * requests are timed; an unchanged profile writes nothing).
 */
export async function syncSelfSender(db: Db, user: UserRow): Promise<SenderRow> {
  const values = profileValues(user);
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const changed = sql`(${senders.firstName}, ${senders.lastName}, ${senders.email}, ${senders.phonePrefix},
    ${senders.phoneNumber}, ${senders.countryId}, ${senders.city}, ${senders.address}, ${senders.postalCode},
    ${senders.dateOfBirth}, ${senders.occupation}) is distinct from (excluded.first_name, excluded.last_name,
    excluded.email, excluded.phone_prefix, excluded.phone_number, excluded.country_id, excluded.city,
    excluded.address, excluded.postal_code, excluded.date_of_birth, excluded.occupation)`;
  const [written] = await db
    .insert(senders)
    .values({ ownerUserId: user.id, isSelf: true, services: SELF_SERVICES, ...values })
    .onConflictDoUpdate({
      target: senders.ownerUserId,
      targetWhere: sql`${senders.isSelf} and ${senders.deletedAt} is null`,
      set: {
        firstName: excluded("first_name"),
        lastName: excluded("last_name"),
        email: excluded("email"),
        phonePrefix: excluded("phone_prefix"),
        phoneNumber: excluded("phone_number"),
        countryId: excluded("country_id"),
        city: excluded("city"),
        address: excluded("address"),
        postalCode: excluded("postal_code"),
        dateOfBirth: excluded("date_of_birth"),
        occupation: excluded("occupation"),
        updatedAt: sql`now()`,
      },
      setWhere: changed,
    })
    .returning();
  if (written) return written;
  // Nothing changed, so nothing was written or returned: read the row as it is.
  const [current] = await db
    .select()
    .from(senders)
    .where(and(eq(senders.ownerUserId, user.id), eq(senders.isSelf, true), isNull(senders.deletedAt)));
  if (!current) throw new Error(`The own sender of user ${user.id} vanished`);
  return current;
}

/** `%`, `_` and `\` typed in a search are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type ListFilter = { search?: string | undefined; service?: string | undefined };

export async function listSenders(
  db: Db,
  ownerUserId: number,
  filter: ListFilter,
  pageNumber: number,
  perPage: number,
): Promise<{ rows: SenderRow[]; total: number }> {
  const conditions: SQL[] = [eq(senders.ownerUserId, ownerUserId), isNull(senders.deletedAt)];
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(sql`(
      (${senders.firstName} || ' ' || ${senders.lastName}) ilike ${pattern}
      or ${senders.email} ilike ${pattern}
      or (coalesce(${senders.phonePrefix}, '') || coalesce(${senders.phoneNumber}, '')) ilike ${pattern}
      or ${senders.documentNumber} ilike ${pattern})`);
  }
  if (filter.service) conditions.push(sql`${filter.service} = any(${senders.services})`);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(senders)
      .where(where)
      .orderBy(desc(senders.isSelf), desc(senders.createdAt), desc(senders.id))
      .limit(perPage)
      .offset((pageNumber - 1) * perPage),
    db.select({ total: count() }).from(senders).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One of the owner's senders that is not deleted; null for a missing or another user's id. */
export async function findOwnSender(db: Db, ownerUserId: number, id: number): Promise<SenderRow | null> {
  const [row] = await db
    .select()
    .from(senders)
    .where(and(eq(senders.id, id), eq(senders.ownerUserId, ownerUserId), isNull(senders.deletedAt)));
  return row ?? null;
}

export async function insertSender(
  db: Db,
  ownerUserId: number,
  values: SenderValues,
  service: string,
): Promise<SenderRow> {
  const [row] = await db
    .insert(senders)
    .values({ ownerUserId, ...values, services: [service] })
    .returning();
  return row!;
}

/** Writes the values sent and adds the service to the sender's list (once). */
export async function updateSender(
  db: Db,
  id: number,
  values: SenderValues,
  service: string,
): Promise<SenderRow | null> {
  const [row] = await db
    .update(senders)
    .set({
      ...values,
      services: sql`case when ${service} = any(${senders.services}) then ${senders.services} else array_append(${senders.services}, ${service}) end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(senders.id, id), isNull(senders.deletedAt)))
    .returning();
  return row ?? null;
}

export async function toggleSender(db: Db, id: number): Promise<SenderRow | null> {
  const [row] = await db
    .update(senders)
    .set({ isActive: sql`not ${senders.isActive}`, updatedAt: sql`now()` })
    .where(and(eq(senders.id, id), isNull(senders.deletedAt)))
    .returning();
  return row ?? null;
}

export async function softDeleteSender(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(senders)
    .set({ deletedAt: sql`now()`, isActive: false, updatedAt: sql`now()` })
    .where(and(eq(senders.id, id), isNull(senders.deletedAt)))
    .returning({ id: senders.id });
  return rows.length > 0;
}
