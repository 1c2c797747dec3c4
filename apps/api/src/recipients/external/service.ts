import { createHash, randomBytes } from "node:crypto";
import type { Language } from "@vela/shared/api";
import type { DynamicForm } from "@vela/shared/dynamic-form";
import {
  type ExternalInvitation,
  type ExternalRecipientSubmission,
  INVITATION_GONE_MESSAGE,
  INVITATION_PAGE_PATH,
  INVITATION_TTL_DAYS,
  type InvitationStatus,
  type ReceivingOptions,
  type RecipientInvitation,
  type SendLinkRequest,
} from "@vela/shared/external-recipients";
import { sql } from "drizzle-orm";
import { assertIpNotThrottled, claimIpTry } from "../../auth/attempts";
import type { Db } from "../../db/client";
import {
  ConflictError,
  type FieldErrors,
  InvalidDataError,
  NotFoundError,
  TooManyRequestsError,
} from "../../http/errors";
import type { EmailProvider } from "../../providers/email/email-provider";
import { localizedCountryName } from "../../reference/country-names";
import { type FormTarget, prepareRecipient, type RecipientContext, resolveForm } from "../service";
import {
  activateRecipient,
  cancelInvitations,
  countInvitationsSince,
  findOpenInvitation,
  findOwnInvitationForUpdate,
  type InvitationRow,
  insertInvitations,
  insertLinkRecipient,
  listOwnInvitations,
  markConfirmed,
  markSubmitted,
  type OpenInvitation,
  type ReceivingRow,
  receivingRows,
} from "./repository";

/** How many people one owner may invite in a day: the links are e-mail to any address. */
export const INVITATIONS_PER_DAY = 50;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 86_400_000;

export type ExternalRecipientDeps = {
  db: Db;
};
export type SendLinkDeps = ExternalRecipientDeps & {
  email: EmailProvider;
  /** The SPA's public origin, without a trailing slash (config PUBLIC_APP_URL). */
  publicAppUrl: string;
};

/** 32 random bytes, base64url: the token only the e-mail holds. */
export const newInvitationToken = () => randomBytes(32).toString("base64url");
/** What is stored instead of the token. */
export const invitationTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The owner's first name and last initial: all the link says about who sent it. */
export function senderDisplayName(firstName: string, lastName: string): string {
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}

export function invitationView(row: InvitationRow): RecipientInvitation {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    country_to_id: row.countryId,
    currency_to_id: row.currencyId,
    shipping_method_id: row.shippingMethodId,
    recipient_id: row.recipientId,
    expires_at: row.expiresAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function invitationText(senderName: string, link: string, language: Language) {
  if (language === "es") {
    return {
      subject: `${senderName} quiere enviarte dinero con Vela`,
      text: `${senderName} te pidió tus datos para enviarte dinero con Vela. Complétalos en este enlace, que sirve una sola vez y caduca en ${INVITATION_TTL_DAYS} días:\n\n${link}\n\nSi no conoces a ${senderName}, ignora este mensaje.`,
    };
  }
  return {
    subject: `${senderName} wants to send you money with Vela`,
    text: `${senderName} asked for your details to send you money with Vela. Fill them in at this link, which works once and expires in ${INVITATION_TTL_DAYS} days:\n\n${link}\n\nIf you do not know ${senderName}, ignore this message.`,
  };
}

/** The destinations the owner can send to, as a lookup of allowed (country, currency, method). */
function receivingIndex(rows: Pick<ReceivingRow, "country_id" | "currency_id" | "method_id">[]) {
  const key = (country?: number | null, currency?: number | null, method?: number | null) =>
    `${country ?? "*"}:${currency ?? "*"}:${method ?? "*"}`;
  const allowed = new Set<string>();
  for (const row of rows) {
    for (const country of [row.country_id, null]) {
      for (const currency of [row.currency_id, null]) {
        for (const method of [row.method_id, null]) allowed.add(key(country, currency, method));
      }
    }
  }
  return (country?: number | null, currency?: number | null, method?: number | null) =>
    allowed.has(key(country, currency, method));
}

/**
 * Which of a chosen destination's parts are not offered: the country first, then the currency in
 * that country, then the method for both. Keys are prefixed (`recipients.0.`) for the send-link body.
 */
function destinationErrors(
  offered: ReturnType<typeof receivingIndex>,
  choice: {
    country_to_id?: number | null;
    currency_to_id?: number | null;
    shipping_method_id?: number | null;
  },
  prefix = "",
): FieldErrors {
  const { country_to_id: country, currency_to_id: currency, shipping_method_id: method } = choice;
  if (country != null && !offered(country)) {
    return { [`${prefix}country_to_id`]: ["We do not send money to this country."] };
  }
  if (currency != null && !offered(country, currency)) {
    return { [`${prefix}currency_to_id`]: ["This currency cannot be received in the chosen country."] };
  }
  if (method != null && !offered(country, currency, method)) {
    return {
      [`${prefix}shipping_method_id`]: ["This delivery method is not available for this destination."],
    };
  }
  return {};
}

/**
 * Invites each person by e-mail: a link to the SPA's invitation page with a fresh token in its
 * fragment. The invitations are stored first (one transaction, under the owner's daily cap), then
 * the e-mails go out; when one cannot be sent, the whole batch is cancelled (no link of it works)
 * and the owner is told to try again.
 */
export async function sendLinks(
  deps: SendLinkDeps,
  owner: { id: number; firstName: string; lastName: string; countryId: number | null },
  request: SendLinkRequest,
  language: Language,
): Promise<RecipientInvitation[]> {
  const offered = receivingIndex(await receivingRows(deps.db, owner.countryId));
  const errors: FieldErrors = {};
  for (const [index, recipient] of request.recipients.entries()) {
    Object.assign(errors, destinationErrors(offered, recipient, `recipients.${index}.`));
  }
  if (Object.keys(errors).length > 0) throw new InvalidDataError(errors);

  const tokens = request.recipients.map(() => newInvitationToken());
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
  const rows = await deps.db.transaction(async (tx) => {
    // Two batches of one owner sent together must not both pass the cap: count under a lock on
    // the owner's account row.
    await tx.execute(sql`select 1 from users where id = ${owner.id} for no key update`);
    const recent = await countInvitationsSince(tx, owner.id, new Date(Date.now() - DAY_MS));
    if (recent + request.recipients.length > INVITATIONS_PER_DAY) {
      throw new TooManyRequestsError(
        `You can invite at most ${INVITATIONS_PER_DAY} people a day. Try again tomorrow.`,
        3600,
      );
    }
    return insertInvitations(
      tx,
      request.recipients.map((recipient, index) => ({
        ownerUserId: owner.id,
        tokenHash: invitationTokenHash(tokens[index]!),
        name: recipient.name,
        email: recipient.email,
        countryId: recipient.country_to_id ?? null,
        currencyId: recipient.currency_to_id ?? null,
        shippingMethodId: recipient.shipping_method_id ?? null,
        expiresAt,
      })),
    );
  });

  const senderName = senderDisplayName(owner.firstName, owner.lastName);
  try {
    for (const [index, row] of rows.entries()) {
      const link = `${deps.publicAppUrl}${INVITATION_PAGE_PATH}#${tokens[index]}`;
      await deps.email.send({ to: row.email, ...invitationText(senderName, link, language) });
    }
  } catch (error) {
    await cancelInvitations(
      deps.db,
      rows.map((row) => row.id),
    );
    throw error;
  }
  return rows.map(invitationView);
}

/**
 * The invitation a presented token names while its link works, or a 404 that says the same for an
 * unknown, malformed, expired or used token. Failures are counted against the caller's IP (the
 * auth tries' table), and an IP with too many is refused before any lookup.
 */
async function openInvitation(db: Db, token: string | undefined, ip: string): Promise<OpenInvitation> {
  await assertIpNotThrottled(db, "invitation", ip);
  const invitation =
    token && TOKEN_PATTERN.test(token) ? await findOpenInvitation(db, invitationTokenHash(token)) : null;
  if (!invitation || invitation.expiresAt.getTime() <= Date.now()) {
    await linkFailed(db, ip);
  }
  return invitation!;
}

/** Counts a failed link try against the IP (429 past the limit), then answers the link's 404. */
async function linkFailed(db: Db, ip: string): Promise<never> {
  await claimIpTry(db, "invitation", ip, null);
  throw new NotFoundError(INVITATION_GONE_MESSAGE);
}

export async function describeInvitation(
  db: Db,
  token: string | undefined,
  ip: string,
): Promise<ExternalInvitation> {
  const invitation = await openInvitation(db, token, ip);
  return {
    name: invitation.name,
    email: invitation.email,
    sender_name: senderDisplayName(invitation.ownerFirstName, invitation.ownerLastName),
    country_to_id: invitation.countryId,
    currency_to_id: invitation.currencyId,
    shipping_method_id: invitation.shippingMethodId,
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/** The owner's destinations narrowed to what the link was sent for (the parts the owner chose). */
const forInvitation = (rows: ReceivingRow[], invitation: OpenInvitation) =>
  rows.filter(
    (row) =>
      (invitation.countryId === null || row.country_id === invitation.countryId) &&
      (invitation.currencyId === null || row.currency_id === invitation.currencyId) &&
      (invitation.shippingMethodId === null || row.method_id === invitation.shippingMethodId),
  );

/** Groups the link's destinations by country and currency. */
function receivingTree(rows: ReceivingRow[], language: Language): ReceivingOptions {
  const countries = new Map<number, ReceivingOptions["countries"][number]>();
  for (const row of rows) {
    let country = countries.get(row.country_id);
    if (!country) {
      country = {
        id: row.country_id,
        iso2: row.iso2,
        name: localizedCountryName(row.iso2, row.country_name, language),
        currencies: [],
      };
      countries.set(row.country_id, country);
    }
    let currency = country.currencies.find((item) => item.id === row.currency_id);
    if (!currency) {
      currency = {
        id: row.currency_id,
        code: row.currency_code,
        name: row.currency_name,
        shipping_methods: [],
      };
      country.currencies.push(currency);
    }
    currency.shipping_methods.push({ id: row.method_id, slug: row.method_slug, name: row.method_name });
  }
  return {
    countries: [...countries.values()].sort((a, b) => a.name.localeCompare(b.name, language)),
  };
}

export async function receivingOptionsOf(
  db: Db,
  token: string | undefined,
  ip: string,
  language: Language,
): Promise<ReceivingOptions> {
  const invitation = await openInvitation(db, token, ip);
  return receivingTree(
    forInvitation(await receivingRows(db, invitation.ownerCountryId), invitation),
    language,
  );
}

type Destination = { country_to_id: number; currency_to_id: number; shipping_method_id: number };

/** Refuses a destination the link cannot be used for (not offered, or not the one it was sent for). */
async function assertDestination(db: Db, invitation: OpenInvitation, choice: Destination) {
  const offered = receivingIndex(
    forInvitation(await receivingRows(db, invitation.ownerCountryId), invitation),
  );
  const errors = destinationErrors(offered, choice);
  if (Object.keys(errors).length > 0) throw new InvalidDataError(errors);
}

export type ExternalFormQuery = Destination & { type: "customer" | "business" } & Record<string, unknown>;

/** The recipients catalogue's view of a link: the owner's recipient form for the chosen destination. */
function ownerContext(
  deps: ExternalRecipientDeps,
  invitation: OpenInvitation,
  language: Language,
): RecipientContext {
  return {
    db: deps.db,
    language,
    ownerId: invitation.ownerUserId,
    ownerCountryId: invitation.ownerCountryId,
  };
}

function formTarget(query: ExternalFormQuery): FormTarget {
  const { country_to_id, currency_to_id, shipping_method_id, type, account_kind } = query;
  return {
    type,
    country_to_id,
    currency_to_id,
    shipping_method_id,
    account_kind: typeof account_kind === "string" ? account_kind : undefined,
  };
}

export async function externalForm(
  deps: ExternalRecipientDeps,
  token: string | undefined,
  ip: string,
  query: ExternalFormQuery,
  language: Language,
): Promise<DynamicForm> {
  const invitation = await openInvitation(deps.db, token, ip);
  await assertDestination(deps.db, invitation, query);
  return (await resolveForm(ownerContext(deps, invitation, language), formTarget(query))).form;
}

/**
 * The person's own details: validated against the link's dynamic form (the same zod schema the
 * page used), saved as an inactive recipient of the owner (`source: link`), and the link used up,
 * in one transaction under a lock on the invitation, so two submissions sent together make one
 * recipient and the second gets the link's 404.
 */
export async function submitExternalRecipient(
  deps: ExternalRecipientDeps,
  token: string | undefined,
  ip: string,
  submission: ExternalRecipientSubmission,
  language: Language,
): Promise<{ status: "submitted"; name: string }> {
  const invitation = await openInvitation(deps.db, token, ip);
  const { type, country_to_id, currency_to_id, shipping_method_id, ...rawValues } = submission;
  const destination = { country_to_id, currency_to_id, shipping_method_id };
  await assertDestination(deps.db, invitation, destination);
  // The same form, schema and reference checks as the owner's own recipients (recipients/service.ts).
  const columns = await prepareRecipient(
    ownerContext(deps, invitation, language),
    formTarget({ ...destination, type, ...rawValues }),
    rawValues,
  );

  const saved = await deps.db.transaction(async (tx) => {
    const locked = await findOpenInvitation(tx, invitationTokenHash(token!), { lock: true });
    if (!locked || locked.expiresAt.getTime() <= Date.now()) return false;
    const recipientId = await insertLinkRecipient(tx, { ...columns, ownerUserId: locked.ownerUserId });
    await markSubmitted(tx, locked.id, recipientId);
    return true;
  });
  if (!saved) await linkFailed(deps.db, ip);
  return { status: "submitted", name: invitation.name };
}

export async function listInvitations(
  db: Db,
  ownerUserId: number,
  query: { page: number; per_page: number; status?: InvitationStatus | undefined },
) {
  const { rows, total } = await listOwnInvitations(db, ownerUserId, {
    page: query.page,
    perPage: query.per_page,
    status: query.status,
  });
  return { rows: rows.map(invitationView), total };
}

/**
 * The owner accepts the details a link brought in: the recipient becomes active and the invitation
 * confirmed. Another owner's invitation is not found; one not yet filled in, or already confirmed,
 * is a conflict.
 */
export async function confirmRecipient(db: Db, ownerUserId: number, invitationId: number) {
  return db.transaction(async (tx) => {
    const invitation = await findOwnInvitationForUpdate(tx, ownerUserId, invitationId);
    if (!invitation) throw new NotFoundError();
    if (invitation.status === "confirmed") throw new ConflictError("This recipient is already confirmed.");
    if (invitation.status !== "submitted" || invitation.recipientId === null) {
      throw new ConflictError("The recipient has not filled in their details yet.");
    }
    if (!(await activateRecipient(tx, ownerUserId, invitation.recipientId))) throw new NotFoundError();
    return invitationView(await markConfirmed(tx, invitation.id));
  });
}
