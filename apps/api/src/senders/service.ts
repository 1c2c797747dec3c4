import { dateOfBirthProblem } from "@vela/shared/date-of-birth";
import type {
  BasicSenderRequest,
  ConsignmentSenderRequest,
  QuotationSelection,
  SenderListQuery,
  SenderService,
} from "@vela/shared/senders";
import { eq, inArray } from "drizzle-orm";
import type { UserRow } from "../auth/sessions";
import { screenSubject } from "../compliance/sanctions/service";
import { assertWalkInDocument } from "../compliance/walk-in";
import { customerKeys } from "../compliance/walk-in-keys";
import type { Db } from "../db/client";
import { countries, states } from "../db/schema/index";
import { ConflictError, type FieldErrors, InvalidDataError, NotFoundError } from "../http/errors";
import { usdMinorOf } from "../limits/check";
import {
  assertQuotationOpen,
  changeQuotation,
  describeQuotation,
  ownQuotation,
  type PricingContext,
} from "../pricing/quotes";
import { quotationSelection } from "../recipients/service";
import { documentValidIn, findDocumentType, numberMatches } from "../reference/document-types";
import {
  findOwnSender,
  insertSender,
  listSenders,
  type SenderRow,
  type SenderValues,
  softDeleteSender,
  syncSelfSender,
  toggleSender,
  updateSender,
} from "./repository";

export const SENDER_NOT_FOUND = "Sender not found.";
export const SELF_SENDER_LOCKED =
  "This sender is your own profile: it cannot be changed, disabled or deleted here. Edit your profile instead.";
export const EXPIRED_QUOTATION =
  "This quotation has expired and its rate is no longer held. Request a new quotation.";

/** Only clients pay as themselves; agents and businesses send for the senders they keep. */
const hasSelfSender = (user: UserRow) => user.role === "client";

function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function addError(errors: FieldErrors, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message];
}

/** Checks against the database what a schema cannot: the ids exist and fit together. */
async function assertPlaces(
  db: Db,
  errors: FieldErrors,
  body: { country_id?: number | undefined; state_id?: number | undefined; document_country_id?: number },
) {
  const countryIds = [body.country_id, body.document_country_id].filter(
    (id): id is number => id !== undefined,
  );
  const known = countryIds.length
    ? new Set(
        (await db.select({ id: countries.id }).from(countries).where(inArray(countries.id, countryIds))).map(
          (row) => row.id,
        ),
      )
    : new Set<number>();
  if (body.country_id !== undefined && !known.has(body.country_id))
    addError(errors, "country_id", "Unknown country.");
  if (body.document_country_id !== undefined && !known.has(body.document_country_id))
    addError(errors, "document_country_id", "Unknown country.");
  if (body.state_id !== undefined) {
    const [state] = await db
      .select({ countryId: states.countryId })
      .from(states)
      .where(eq(states.id, body.state_id));
    if (!state) addError(errors, "state_id", "Unknown state.");
    else if (body.country_id !== undefined && state.countryId !== body.country_id)
      addError(errors, "state_id", "This state is not in the chosen country.");
  }
}

/**
 * The rules of a consignment sender that need today or the database: 18 or older, a document type
 * from the list valid in the document's country, a number in that document's format, not expired.
 */
export async function assertConsignmentSender(db: Db, body: ConsignmentSenderRequest, now = new Date()) {
  const errors: FieldErrors = {};
  const birthProblem = dateOfBirthProblem(body.date_of_birth, now);
  if (birthProblem) addError(errors, "date_of_birth", birthProblem);
  await assertPlaces(db, errors, body);
  await assertDocument(db, errors, body, now);
  if (Object.keys(errors).length > 0) throw new InvalidDataError(errors);
}

type DocumentFields = Pick<
  ConsignmentSenderRequest,
  "document_type_id" | "document_number" | "document_country_id" | "document_expires_on"
>;

/** A document type from the list, issued in the document's country, a number in its format, not expired. */
async function assertDocument(db: Db, errors: FieldErrors, body: DocumentFields, now: Date) {
  if (body.document_expires_on <= todayUtc(now))
    addError(errors, "document_expires_on", "This document has expired: it must be valid after today.");
  const document = await findDocumentType(db, body.document_type_id);
  if (!document) addError(errors, "document_type_id", "Unknown document type.");
  else {
    if (!errors.document_country_id && !documentValidIn(document, body.document_country_id))
      addError(errors, "document_type_id", "This document is not issued in the chosen country.");
    else if (!numberMatches(document, body.document_number))
      addError(errors, "document_number", "This is not a valid number for this document.");
  }
}

/** The short form's document, all four fields together (the schema refused a part of it). */
function basicDocument(body: BasicSenderRequest): DocumentFields | null {
  const { document_type_id, document_number, document_country_id, document_expires_on } = body;
  if (
    document_type_id === undefined ||
    document_number === undefined ||
    document_country_id === undefined ||
    document_expires_on === undefined
  )
    return null;
  return { document_type_id, document_number, document_country_id, document_expires_on };
}

async function assertBasicSender(db: Db, body: BasicSenderRequest, now = new Date()) {
  const errors: FieldErrors = {};
  await assertPlaces(db, errors, body);
  const document = basicDocument(body);
  if (document) await assertDocument(db, errors, document, now);
  if (Object.keys(errors).length > 0) throw new InvalidDataError(errors);
}

/** The name and contact details every sender has, whatever its form. */
const nameAndContact = (body: ConsignmentSenderRequest | BasicSenderRequest) => ({
  firstName: body.first_name,
  lastName: body.last_name,
  email: body.email ?? null,
  phonePrefix: body.phone_prefix ?? null,
  phoneNumber: body.phone_number ?? null,
});

function consignmentValues(body: ConsignmentSenderRequest): SenderValues {
  return {
    ...nameAndContact(body),
    countryId: body.country_id,
    stateId: body.state_id ?? null,
    city: body.city,
    address: body.address,
    postalCode: body.postal_code ?? null,
    dateOfBirth: body.date_of_birth,
    occupation: body.occupation ?? null,
    documentTypeId: body.document_type_id,
    documentNumber: body.document_number,
    documentCountryId: body.document_country_id,
    documentExpiresOn: body.document_expires_on,
  };
}

/** The short form's values; a document left out keeps the one on file (an edit never drops it). */
function basicValues(body: BasicSenderRequest): SenderValues {
  const document = basicDocument(body);
  return {
    ...nameAndContact(body),
    ...(body.country_id !== undefined ? { countryId: body.country_id } : {}),
    ...(document
      ? {
          documentTypeId: document.document_type_id,
          documentNumber: document.document_number,
          documentCountryId: document.document_country_id,
          documentExpiresOn: document.document_expires_on,
        }
      : {}),
  };
}

/** The values with the walk-in customer's keys, worked out from the row as it will be. */
function withCustomerKeys(values: SenderValues, current: SenderRow | null = null): SenderValues {
  const merged = { ...current, ...values };
  return { ...values, customerKeys: customerKeys(merged) };
}

/** A page of the user's senders; a client's own profile is always there, first. */
export async function listUserSenders(db: Db, user: UserRow, query: SenderListQuery) {
  if (hasSelfSender(user)) await syncSelfSender(db, user);
  return listSenders(db, user.id, query, query.page, query.per_page);
}

/** Creates a sender with the service's form (consignments: the full identity form). */
export async function createSender(
  db: Db,
  user: UserRow,
  service: SenderService,
  body: ConsignmentSenderRequest | BasicSenderRequest,
): Promise<SenderRow> {
  const created = await db.transaction(async (tx) => {
    if (service === "consignments") {
      const full = body as ConsignmentSenderRequest;
      await assertConsignmentSender(tx, full);
      return insertSender(tx, user.id, withCustomerKeys(consignmentValues(full)), service);
    }
    const basic = body as BasicSenderRequest;
    await assertBasicSender(tx, basic);
    return insertSender(tx, user.id, withCustomerKeys(basicValues(basic)), service);
  });
  await screenSender(db, created);
  return created;
}

/** Sanctions screening of a new or renamed sender: a match goes to review, nothing is refused. */
const screenSender = (db: Db, row: SenderRow) =>
  screenSubject(db, { kind: "sender", id: row.id, name: `${row.firstName} ${row.lastName}` });

/** The user's own sender row by id, or 404 (another user's id too); a client's own one is synced first. */
async function ownSender(db: Db, user: UserRow, id: number): Promise<SenderRow> {
  const row = await findOwnSender(db, user.id, id);
  if (!row) throw new NotFoundError(SENDER_NOT_FOUND);
  if (row.isSelf && hasSelfSender(user)) return syncSelfSender(db, user);
  return row;
}

export async function updateConsignmentSender(
  db: Db,
  user: UserRow,
  id: number,
  body: ConsignmentSenderRequest,
): Promise<SenderRow> {
  const updated = await db.transaction(async (tx) => {
    const row = await ownSender(tx, user, id);
    if (row.isSelf) throw new ConflictError(SELF_SENDER_LOCKED);
    await assertConsignmentSender(tx, body);
    const saved = await updateSender(
      tx,
      row.id,
      withCustomerKeys(consignmentValues(body), row),
      "consignments",
    );
    if (!saved) throw new NotFoundError(SENDER_NOT_FOUND);
    return saved;
  });
  await screenSender(db, updated);
  return updated;
}

/** Changes a sender with a service's short form (a document given is checked; one left out is kept). */
export async function updateBasicSender(
  db: Db,
  user: UserRow,
  service: Exclude<SenderService, "consignments">,
  id: number,
  body: BasicSenderRequest,
): Promise<SenderRow> {
  const updated = await db.transaction(async (tx) => {
    const row = await ownSender(tx, user, id);
    if (row.isSelf) throw new ConflictError(SELF_SENDER_LOCKED);
    await assertBasicSender(tx, body);
    const saved = await updateSender(tx, row.id, withCustomerKeys(basicValues(body), row), service);
    if (!saved) throw new NotFoundError(SENDER_NOT_FOUND);
    return saved;
  });
  // A new name is screened again (a cleared hit is only remembered for the name it cleared).
  await screenSender(db, updated);
  return updated;
}

export async function toggleUserSender(db: Db, user: UserRow, id: number): Promise<SenderRow> {
  const row = await ownSender(db, user, id);
  if (row.isSelf) throw new ConflictError(SELF_SENDER_LOCKED);
  const updated = await toggleSender(db, row.id);
  if (!updated) throw new NotFoundError(SENDER_NOT_FOUND);
  return updated;
}

export async function deleteUserSender(db: Db, user: UserRow, id: number): Promise<void> {
  const row = await ownSender(db, user, id);
  if (row.isSelf) throw new ConflictError(SELF_SENDER_LOCKED);
  if (!(await softDeleteSender(db, row.id))) throw new NotFoundError(SENDER_NOT_FOUND);
}

/** Why a sender cannot pay for a consignment now, or null. A client's own profile always can. */
function consignmentProblem(row: SenderRow, now = new Date()): string | null {
  if (!row.isActive) return "This sender is disabled. Enable it first.";
  if (row.isSelf) return null;
  if (!row.documentTypeId || !row.documentNumber || !row.documentExpiresOn || !row.dateOfBirth)
    return "This sender has no identity document on file. Complete their details first.";
  if (row.documentExpiresOn <= todayUtc(now))
    return "This sender's identity document has expired. Update their details first.";
  return null;
}

const _fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");

/**
 * Names the sender of a consignment quotation (spec §4: add-sender) and answers what the next
 * steps send with the quotation's summary. Another user's quotation or sender is not found.
 */
export async function addSenderToQuotation(
  context: PricingContext,
  user: UserRow,
  quotationId: number,
  senderId: number,
): Promise<QuotationSelection> {
  const { db } = context;
  const row = await ownQuotation(db, user.id, quotationId);
  if (row.service !== "consignments") throw new NotFoundError("Quotation not found.");
  assertQuotationOpen(row);
  const sender = await ownSender(db, user, senderId);
  const problem = consignmentProblem(sender);
  if (problem) throw new InvalidDataError({ sender_id: [problem] });
  const summary = await describeQuotation(context, row);
  await assertWalkInDocument(db, {
    senderId: sender.id,
    usdMinor:
      usdMinorOf(context.rates, { iso: summary.currency_from_iso, amount: summary.amount_paid }) ?? 0n,
    language: context.language,
  });
  // Only while the rate lock holds and no payment holds it (409 otherwise).
  const updated = await changeQuotation(db, row.id, { senderId: sender.id });
  return quotationSelection(context, updated);
}

export { syncSelfSender };
