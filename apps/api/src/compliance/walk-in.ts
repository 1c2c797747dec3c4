import type { Language } from "@vela/shared/api";
import { and, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";
import { senders, users } from "../db/schema/index";
import { InvalidDataError } from "../http/errors";
import { usdText } from "../limits/check";
import { COUNTED_SERVICES, SPENT_STATUSES } from "../limits/repository";

/**
 * Agents' walk-in customers (issue 20 point 6): from WALK_IN_ID_THRESHOLD_USD a day (rolling 24 h,
 * USD-equivalent, one customer across every agent) an agent's order needs the customer's identity
 * document on the sender. The customer is every agent's sender sharing a key with this one
 * (walk-in-keys.ts). Checked at the quotation when the sender is known, and again in the order's
 * transaction under an advisory lock per key, so two agents serving one customer at once count in turn.
 */

let thresholdMinor = 300_000n;

/** app.ts sets it from config.ts (whole US dollars). */
export function setWalkInThreshold(usd: number) {
  thresholdMinor = BigInt(usd) * 100n;
}

export function walkInRefusal(language: Language): string {
  const amount = usdText(thresholdMinor, language);
  return language === "es"
    ? `Desde ${amount} al día, un cliente sin cuenta debe mostrar un documento de identidad. Añádelo al remitente e inténtalo de nuevo.`
    : `From ${amount} a day, a walk-in customer must show an identity document. Add it to the sender and try again.`;
}

type WalkInSender = {
  id: number;
  customerKeys: string[];
  documentTypeId: number | null;
  documentNumber: string | null;
  documentCountryId: number | null;
  documentExpiresOn: string | null;
};

const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/** Type, number, issuing country, and an expiry not passed. */
export const hasIdentityDocument = (sender: Omit<WalkInSender, "id" | "customerKeys">, now = new Date()) =>
  sender.documentTypeId !== null &&
  !!sender.documentNumber &&
  sender.documentCountryId !== null &&
  sender.documentExpiresOn !== null &&
  sender.documentExpiresOn > todayUtc(now);

/** An agent's walk-in sender (not a client's, not anyone's own profile), or null. */
async function walkInSender(db: Db, senderId: number): Promise<WalkInSender | null> {
  const [row] = await db
    .select({
      id: senders.id,
      customerKeys: senders.customerKeys,
      documentTypeId: senders.documentTypeId,
      documentNumber: senders.documentNumber,
      documentCountryId: senders.documentCountryId,
      documentExpiresOn: senders.documentExpiresOn,
    })
    .from(senders)
    .innerJoin(users, eq(users.id, senders.ownerUserId))
    .where(and(eq(senders.id, senderId), eq(users.role, "agent"), eq(senders.isSelf, false)));
  return row ?? null;
}

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * What the customer moved in the last 24 hours through any agent, in USD cents: one sum over the
 * orders of every agent's sender sharing a key (senders_customer_keys_idx, orders_sender_created_idx).
 */
export async function walkInDayMinor(db: Db, sender: Pick<WalkInSender, "id" | "customerKeys">) {
  const sameCustomer =
    sender.customerKeys.length > 0
      ? sql`(s.id = ${sender.id} or s.customer_keys && array[${inList(sender.customerKeys)}]::text[])`
      : sql`s.id = ${sender.id}`;
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(o.usd_equivalent_minor), 0)::text as total
        from orders o
        where o.sender_id in (
            select s.id from senders s join users u on u.id = s.owner_user_id
            where u.role = 'agent' and ${sameCustomer})
          and o.created_at > now() - interval '24 hours'
          and o.service in (${inList(COUNTED_SERVICES)})
          and o.status in (${inList(SPENT_STATUSES)})`,
  );
  return BigInt(row?.total ?? "0");
}

/** Serialises, to the end of the caller's transaction, the orders of one customer (keys in one order). */
async function lockCustomer(tx: Db, sender: Pick<WalkInSender, "id" | "customerKeys">) {
  const keys = [...new Set([`sender:${sender.id}`, ...sender.customerKeys])].sort();
  for (const key of keys) {
    await queryRows(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`walk-in:${key}`}, 0))`);
  }
}

export type WalkInCheck = { senderId: number | null; usdMinor: bigint; language: Language };

async function check(db: Db, command: WalkInCheck, lock: boolean) {
  if (command.senderId === null) return;
  const sender = await walkInSender(db, command.senderId);
  if (!sender) return;
  if (lock) await lockCustomer(db, sender);
  if (hasIdentityDocument(sender)) return;
  const day = await walkInDayMinor(db, sender);
  if (day + command.usdMinor < thresholdMinor) return;
  const message = walkInRefusal(command.language);
  throw new InvalidDataError({ sender_id: [message] }, message);
}

/** At the quotation (or when a quotation's sender is named): refuses on `sender_id`, 422. */
export const assertWalkInDocument = (db: Db, command: WalkInCheck) => check(db, command, false);

/**
 * In the order's transaction, after the user's money-moving lock: takes the customer's locks, then
 * sums the day as committed. Call it before the order is inserted.
 */
export const holdWalkInDocument = (tx: Db, command: WalkInCheck) => check(tx, command, true);
