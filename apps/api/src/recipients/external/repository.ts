import type { InvitationStatus } from "@vela/shared/external-recipients";
import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { recipientInvitations, recipients, users } from "../../db/schema/index";
import type { RecipientValues } from "../repository";

/** An invitation's status as its owner sees it: a `sent` link past its expiry is `expired`. */
const effectiveStatus = sql<InvitationStatus>`case when ${recipientInvitations.status} = 'sent'
  and ${recipientInvitations.expiresAt} <= now() then 'expired' else ${recipientInvitations.status} end`;

const invitationColumns = {
  id: recipientInvitations.id,
  ownerUserId: recipientInvitations.ownerUserId,
  name: recipientInvitations.name,
  email: recipientInvitations.email,
  status: effectiveStatus,
  countryId: recipientInvitations.countryId,
  currencyId: recipientInvitations.currencyId,
  shippingMethodId: recipientInvitations.shippingMethodId,
  recipientId: recipientInvitations.recipientId,
  expiresAt: recipientInvitations.expiresAt,
  submittedAt: recipientInvitations.submittedAt,
  confirmedAt: recipientInvitations.confirmedAt,
  createdAt: recipientInvitations.createdAt,
};

export type InvitationRow = {
  id: number;
  ownerUserId: number;
  name: string;
  email: string;
  status: InvitationStatus;
  countryId: number | null;
  currencyId: number | null;
  shippingMethodId: number | null;
  recipientId: number | null;
  expiresAt: Date;
  submittedAt: Date | null;
  confirmedAt: Date | null;
  createdAt: Date;
};

export type NewInvitation = {
  ownerUserId: number;
  tokenHash: string;
  name: string;
  email: string;
  countryId: number | null;
  currencyId: number | null;
  shippingMethodId: number | null;
  expiresAt: Date;
};

export async function insertInvitations(db: Db, rows: NewInvitation[]): Promise<InvitationRow[]> {
  return db.insert(recipientInvitations).values(rows).returning(invitationColumns);
}

/** Ends links whose e-mail could not be sent, so none of a failed batch works. */
export async function cancelInvitations(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(recipientInvitations)
    .set({ status: "cancelled", updatedAt: sql`now()` })
    .where(inArray(recipientInvitations.id, ids));
}

/** How many invitations an owner created since `since` (the daily sending cap). */
export async function countInvitationsSince(db: Db, ownerUserId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(recipientInvitations)
    .where(and(eq(recipientInvitations.ownerUserId, ownerUserId), gt(recipientInvitations.createdAt, since)));
  return row?.total ?? 0;
}

export type OpenInvitation = InvitationRow & {
  ownerFirstName: string;
  ownerLastName: string;
  ownerCountryId: number | null;
};

/**
 * The invitation a token names while its link still works (sent, not expired), with what the page
 * may say about its owner. `lock` takes the row for the submission: a second submission waits,
 * then finds it used.
 */
export async function findOpenInvitation(
  db: Db,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<OpenInvitation | null> {
  const query = db
    .select({
      ...invitationColumns,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerCountryId: users.countryId,
    })
    .from(recipientInvitations)
    .innerJoin(users, eq(users.id, recipientInvitations.ownerUserId))
    .where(eq(recipientInvitations.tokenHash, tokenHash))
    .limit(1);
  const [row] = await (options.lock ? query.for("update", { of: recipientInvitations }) : query);
  if (row?.status !== "sent") return null;
  return row;
}

export async function listOwnInvitations(
  db: Db,
  ownerUserId: number,
  filter: { page: number; perPage: number; status?: InvitationStatus | undefined },
): Promise<{ rows: InvitationRow[]; total: number }> {
  const where = and(
    eq(recipientInvitations.ownerUserId, ownerUserId),
    filter.status ? sql`${effectiveStatus} = ${filter.status}` : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(invitationColumns)
      .from(recipientInvitations)
      .where(where)
      .orderBy(desc(recipientInvitations.createdAt), desc(recipientInvitations.id))
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
    db.select({ total: count() }).from(recipientInvitations).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** One of the owner's invitations (another owner's is not found), locked for a change. */
export async function findOwnInvitationForUpdate(
  db: Db,
  ownerUserId: number,
  id: number,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select(invitationColumns)
    .from(recipientInvitations)
    .where(and(eq(recipientInvitations.id, id), eq(recipientInvitations.ownerUserId, ownerUserId)))
    .for("update")
    .limit(1);
  return row ?? null;
}

export async function markSubmitted(db: Db, invitationId: number, recipientId: number) {
  await db
    .update(recipientInvitations)
    .set({ status: "submitted", recipientId, submittedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(recipientInvitations.id, invitationId));
}

export async function markConfirmed(db: Db, invitationId: number): Promise<InvitationRow> {
  const [row] = await db
    .update(recipientInvitations)
    .set({ status: "confirmed", confirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(recipientInvitations.id, invitationId))
    .returning(invitationColumns);
  return row!;
}

/** A recipient as the owner's recipients save it (recipients/service.ts `prepareRecipient`). */
export type NewLinkRecipient = RecipientValues & { ownerUserId: number };

/** A recipient filled in through a link: inactive until its owner confirms it. */
export async function insertLinkRecipient(db: Db, values: NewLinkRecipient): Promise<number> {
  const [row] = await db
    .insert(recipients)
    .values({ ...values, source: "link", isActive: false })
    .returning({ id: recipients.id });
  return row!.id;
}

/** Activates a link's recipient, unless it was deleted meanwhile (false then). */
export async function activateRecipient(db: Db, ownerUserId: number, recipientId: number): Promise<boolean> {
  const rows = await db
    .update(recipients)
    .set({ isActive: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(recipients.id, recipientId),
        eq(recipients.ownerUserId, ownerUserId),
        sql`${recipients.deletedAt} is null`,
      ),
    )
    .returning({ id: recipients.id });
  return rows.length > 0;
}

export type ReceivingRow = {
  country_id: number;
  iso2: string;
  country_name: string;
  currency_id: number;
  currency_code: string;
  currency_name: string;
  method_id: number;
  method_slug: string;
  method_name: string;
};

/**
 * What a link's recipient may receive by: the active corridors' destinations, currencies and
 * delivery methods from the owner's country (from every origin when the owner's country sends
 * nowhere), without `vela` (a Vela wallet, which a person without an account cannot receive in).
 */
export async function receivingRows(db: Db, ownerCountryId: number | null): Promise<ReceivingRow[]> {
  const owner = ownerCountryId ?? -1;
  return queryRows<ReceivingRow>(
    db,
    sql`select distinct co.id as country_id, co.iso2, co.name as country_name,
        cu.id as currency_id, cu.iso as currency_code, cu.name as currency_name,
        sm.id as method_id, sm.slug as method_slug, sm.name as method_name
      from corridors c
      join corridor_methods cm on cm.corridor_id = c.id
      join shipping_methods sm on sm.id = cm.shipping_method_id
      join countries co on co.id = c.country_to_id
      join currencies cu on cu.id = c.currency_to_id
      where c.is_active and cu.is_active and sm.slug <> 'vela'
        and (c.country_from_id = ${owner}
          or not exists (select 1 from corridors o where o.is_active and o.country_from_id = ${owner}))
      order by co.name, cu.iso, sm.id`,
  );
}
