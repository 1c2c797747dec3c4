import type { Language } from "@vela/shared/api";
import { type DynamicForm, dynamicFormSchema, type FormValues } from "@vela/shared/dynamic-form";
import {
  type QuotationSelection,
  RECIPIENT_SERVICES,
  type Recipient,
  type RecipientService,
  type RecipientType,
} from "@vela/shared/recipients";
import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { screenSubject } from "../compliance/sanctions/service";
import type { Db } from "../db/client";
import {
  corridorMethods,
  corridors,
  countries,
  currencies,
  shippingMethods,
  users,
} from "../db/schema/index";
import { AppError, type FieldErrors, InvalidDataError, NotFoundError } from "../http/errors";
import {
  assertQuotationOpen,
  changeQuotation,
  describeQuotation,
  ownQuotation,
  type PricingContext,
  type QuotationRow,
} from "../pricing/quotes";
import { localizedCountryName } from "../reference/country-names";
import { documentValidIn, findDocumentType, numberMatches } from "../reference/document-types";
import {
  type CatalogueForm,
  type FormLookup,
  type FormRequest,
  recipientForm,
  serviceForm,
  withdrawForm,
} from "./forms";
import { findBank, findBankByCode, findServiceProvider, serviceTypeIdFor } from "./reference-lookup";
import {
  findOwnRecipient,
  findOwnSender,
  insertRecipient,
  type RecipientValues,
  recipientNameById,
  senderName,
  updateRecipient,
} from "./repository";

export type RecipientContext = { db: Db; language: Language; ownerId: number; ownerCountryId: number | null };

/** What names the form: a quotation, a corridor, a withdrawal, or a per-service short form. */
export type FormTarget = {
  type: RecipientType;
  quotation_id?: number | undefined;
  country_to_id?: number | undefined;
  currency_to_id?: number | undefined;
  shipping_method_id?: number | undefined;
  withdrawal_method_id?: number | undefined;
  sender_id?: number | undefined;
  service?: RecipientService | undefined;
  account_kind?: string | undefined;
};

/** A form with where it was resolved to: what a saved recipient records beside its values. */
export type ResolvedForm = CatalogueForm & {
  service: string;
  countryId: number;
  currencyId: number;
  shippingMethodId: number | null;
  withdrawalMethod: string | null;
  senderId: number | null;
};

const NOT_OFFERED = "We do not send to this country in these currencies yet.";
const METHOD_NOT_OFFERED = "This delivery method is not offered on this corridor.";
const REQUIRED = "This field is required.";
const WITHDRAWAL_METHODS = ["bank-deposit", "mobile-wallet"];
const SHORT_SERVICES = RECIPIENT_SERVICES.filter(
  (service): service is Exclude<RecipientService, "consignments"> => service !== "consignments",
);

/** A 404 that names the body field whose id was not found (another owner's id included). */
function notFoundField(field: string, message: string): AppError {
  return new AppError(404, message, { [field]: [message] });
}

async function countryRow(db: Db, id: number, field: string) {
  const [row] = await db.select().from(countries).where(eq(countries.id, id));
  if (!row) throw new InvalidDataError({ [field]: ["Unknown country."] });
  return row;
}

async function currencyRow(db: Db, id: number, field: string) {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, id));
  if (!row) throw new InvalidDataError({ [field]: ["Unknown currency."] });
  return row;
}

async function methodRow(db: Db, id: number, field: string) {
  const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, id));
  if (!row) throw new InvalidDataError({ [field]: ["Unknown delivery method."] });
  return row;
}

/** The delivery methods offered to a country in a currency (by any active corridor), by id. */
async function offeredMethods(db: Db, countryId: number, currencyId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: corridorMethods.shippingMethodId })
    .from(corridors)
    .innerJoin(corridorMethods, eq(corridorMethods.corridorId, corridors.id))
    .where(
      and(
        eq(corridors.countryToId, countryId),
        eq(corridors.currencyToId, currencyId),
        eq(corridors.isActive, true),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

async function methodIdBySlug(db: Db, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(eq(shippingMethods.slug, slug));
  return row?.id ?? null;
}

/** Who a form is for and where it pays out: its language, recipient type, country and currency. */
function formPlace(
  context: RecipientContext,
  target: FormTarget,
  country: typeof countries.$inferSelect,
  currency: typeof currencies.$inferSelect,
) {
  return {
    language: context.language,
    type: target.type,
    country: {
      id: country.id,
      iso2: country.iso2,
      name: localizedCountryName(country.iso2, country.name, context.language),
    },
    currency: { id: currency.id, iso: currency.iso },
  };
}

async function formRequest(
  context: RecipientContext,
  country: typeof countries.$inferSelect,
  currency: typeof currencies.$inferSelect,
  method: typeof shippingMethods.$inferSelect,
  target: FormTarget,
): Promise<FormRequest> {
  const serviceTypeIds: Record<string, number | null> = {};
  if (method.slug === "cash-pickup" || method.slug === "mobile-wallet") {
    serviceTypeIds[method.slug] = await serviceTypeIdFor(context.db, method.slug);
  }
  return {
    ...formPlace(context, target, country, currency),
    method: { id: method.id, slug: method.slug },
    accountKind: target.account_kind,
    mobileWalletMethodId: await methodIdBySlug(context.db, "mobile-wallet"),
    serviceTypeIds,
  };
}

/** The owner's consignment quotation whose corridor the form is for. */
async function quotationCorridor(context: RecipientContext, quotationId: number) {
  const row = await ownQuotation(context.db, context.ownerId, quotationId);
  if (row.countryToId === null || row.shippingMethodId === null) {
    throw new InvalidDataError({ quotation_id: ["This quotation does not send to a recipient."] });
  }
  return row as QuotationRow & { countryToId: number; shippingMethodId: number };
}

/**
 * The form a target names, with where a recipient saved through it belongs. Unknown or unowned
 * references are refused here: a quotation or sender of another user is not found (404), a
 * corridor or method not offered is a 422 on its field.
 */
export async function resolveForm(context: RecipientContext, target: FormTarget): Promise<ResolvedForm> {
  const { db } = context;
  let senderId: number | null = null;
  if (target.sender_id !== undefined) {
    const sender = await findOwnSender(db, context.ownerId, target.sender_id);
    if (!sender) throw notFoundField("sender_id", "Sender not found.");
    senderId = sender.id;
  }

  if (target.quotation_id !== undefined) {
    const quotation = await quotationCorridor(context, target.quotation_id);
    const [country, currency, method] = await Promise.all([
      countryRow(db, quotation.countryToId, "quotation_id"),
      currencyRow(db, quotation.currencyToId, "quotation_id"),
      methodRow(db, quotation.shippingMethodId, "quotation_id"),
    ]);
    return consignmentForm(context, target, [country, currency, method], senderId ?? quotation.senderId);
  }

  if (target.withdrawal_method_id !== undefined) return resolveWithdrawForm(context, target, senderId);

  if (target.service !== undefined && target.service !== "consignments") {
    if (target.country_to_id === undefined) throw new InvalidDataError({ country_to_id: [REQUIRED] });
    const country = await countryRow(db, target.country_to_id, "country_to_id");
    const currencyId = target.currency_to_id ?? country.currencyId;
    if (currencyId === null) throw new InvalidDataError({ currency_to_id: [REQUIRED] });
    const currency = await currencyRow(db, currencyId, "currency_to_id");
    const built = serviceForm(formPlace(context, target, country, currency), target.service);
    return {
      ...built,
      service: target.service,
      countryId: country.id,
      currencyId: currency.id,
      shippingMethodId: null,
      withdrawalMethod: null,
      senderId,
    };
  }

  const missing: FieldErrors = {};
  for (const key of ["country_to_id", "currency_to_id", "shipping_method_id"] as const) {
    if (target[key] === undefined) missing[key] = [REQUIRED];
  }
  if (Object.keys(missing).length > 0) throw new InvalidDataError(missing);
  const [country, currency, method] = await Promise.all([
    countryRow(db, target.country_to_id!, "country_to_id"),
    currencyRow(db, target.currency_to_id!, "currency_to_id"),
    methodRow(db, target.shipping_method_id!, "shipping_method_id"),
  ]);
  const offered = await offeredMethods(db, country.id, currency.id);
  if (offered.size === 0) throw new InvalidDataError({ country_to_id: [NOT_OFFERED] });
  if (!offered.has(method.id)) throw new InvalidDataError({ shipping_method_id: [METHOD_NOT_OFFERED] });
  return consignmentForm(context, target, [country, currency, method], senderId);
}

/** The send-money form of a corridor and delivery method, for recipients of `senderId`. */
async function consignmentForm(
  context: RecipientContext,
  target: FormTarget,
  [country, currency, method]: [
    typeof countries.$inferSelect,
    typeof currencies.$inferSelect,
    typeof shippingMethods.$inferSelect,
  ],
  senderId: number | null,
): Promise<ResolvedForm> {
  const built = recipientForm(await formRequest(context, country, currency, method, target));
  return {
    ...built,
    service: "consignments",
    countryId: country.id,
    currencyId: currency.id,
    shippingMethodId: method.id,
    withdrawalMethod: null,
    senderId,
  };
}

/**
 * A withdrawal pays into an account in a country that uses the currency: one named, the only one,
 * or the owner's own; a bank account anywhere, a mobile wallet where mobile wallets are paid.
 */
async function resolveWithdrawForm(
  context: RecipientContext,
  target: FormTarget,
  senderId: number | null,
): Promise<ResolvedForm> {
  const { db } = context;
  if (target.currency_to_id === undefined) throw new InvalidDataError({ currency_to_id: [REQUIRED] });
  const [currency, method] = await Promise.all([
    currencyRow(db, target.currency_to_id, "currency_to_id"),
    methodRow(db, target.withdrawal_method_id!, "withdrawal_method_id"),
  ]);
  if (!WITHDRAWAL_METHODS.includes(method.slug)) {
    throw new InvalidDataError({
      withdrawal_method_id: ["Withdrawals pay into a bank account or a mobile wallet."],
    });
  }
  const candidates = await db
    .selectDistinct({ id: countries.id })
    .from(countries)
    .innerJoin(
      corridors,
      or(
        and(eq(corridors.countryToId, countries.id), eq(corridors.currencyToId, currency.id)),
        and(eq(corridors.countryFromId, countries.id), eq(corridors.currencyFromId, currency.id)),
      ),
    )
    .where(eq(corridors.isActive, true));
  const ids = candidates.map((row) => row.id);
  if (ids.length === 0) {
    throw new InvalidDataError({ currency_to_id: ["Withdrawals in this currency are not offered."] });
  }
  let countryId: number;
  if (target.country_to_id !== undefined) {
    if (!ids.includes(target.country_to_id)) {
      throw new InvalidDataError({ country_to_id: ["This country does not use this currency."] });
    }
    countryId = target.country_to_id;
  } else if (ids.length === 1) {
    countryId = ids[0]!;
  } else if (context.ownerCountryId !== null && ids.includes(context.ownerCountryId)) {
    countryId = context.ownerCountryId;
  } else {
    throw new InvalidDataError({ country_to_id: ["Choose the country of the account."] });
  }
  if (method.slug === "mobile-wallet" && !(await offeredMethods(db, countryId, currency.id)).has(method.id)) {
    throw new InvalidDataError({ withdrawal_method_id: [METHOD_NOT_OFFERED] });
  }
  const country = await countryRow(db, countryId, "country_to_id");
  const built = withdrawForm(await formRequest(context, country, currency, method, target));
  return {
    ...built,
    service: "wallets",
    countryId,
    currencyId: currency.id,
    shippingMethodId: null,
    withdrawalMethod: method.slug,
    senderId,
  };
}

/** Keys of a save's body that say where the recipient goes, not what its form holds. */
const TARGET_KEYS = new Set([
  "type",
  "country_to_id",
  "currency_to_id",
  "shipping_method_id",
  "withdrawal_method_id",
  "sender_id",
  "quotation_id",
]);

/** The form's values from a flat body: everything but the target keys. */
export function formValuesOf(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !TARGET_KEYS.has(key)));
}

/** The values checked by the form's own rules (the same schema the SPA runs), or 422 by field. */
function validateValues(form: DynamicForm, values: Record<string, unknown>): FormValues {
  const parsed = dynamicFormSchema(form).safeParse(values);
  if (parsed.success) {
    return Object.fromEntries(
      Object.entries(parsed.data as Record<string, unknown>).filter(
        (entry): entry is [string, string | boolean] => entry[1] !== undefined,
      ),
    );
  }
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) errors[key] = ["This field is not part of the form."];
      continue;
    }
    const key = String(issue.path[0] ?? "details");
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw new InvalidDataError(errors);
}

const MAX_ID = 2_147_483_647;
const asId = (value: string | boolean | undefined) => {
  const id = typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
};

/** Endpoint-backed values must exist for this country and method; every failing field is named. */
async function checkLookups(
  context: RecipientContext,
  resolved: ResolvedForm,
  values: FormValues,
): Promise<void> {
  const { db } = context;
  const errors: FieldErrors = {};
  for (const [key, lookup] of Object.entries(resolved.lookups) as [string, FormLookup][]) {
    const value = values[key];
    if (value === undefined || typeof value !== "string") continue;
    const message = await lookupError(db, resolved.countryId, lookup, value, values);
    if (message) {
      const field = lookup.kind === "document" && message.field ? message.field : key;
      errors[field] = [...(errors[field] ?? []), message.text];
    }
  }
  if (Object.keys(errors).length > 0) throw new InvalidDataError(errors);
}

async function lookupError(
  db: Db,
  countryId: number,
  lookup: FormLookup,
  value: string,
  values: FormValues,
): Promise<{ text: string; field?: string } | null> {
  switch (lookup.kind) {
    case "bank": {
      const id = asId(value);
      const bank = id === null ? null : await findBank(db, id, countryId, lookup.method);
      if (bank) return null;
      return {
        text:
          lookup.method === "mobile-wallet"
            ? "Not an e-wallet we pay into in this country."
            : "Not a bank we pay into in this country.",
      };
    }
    case "provider": {
      const id = asId(value);
      const provider = id === null ? null : await findServiceProvider(db, id, countryId, lookup.method);
      return provider ? null : { text: "Not a payer network of this country for this delivery method." };
    }
    case "document": {
      const id = asId(value);
      const document = id === null ? null : await findDocumentType(db, id);
      if (!document || !documentValidIn(document, countryId)) {
        return { text: "Not an identity document accepted in this country." };
      }
      const number = values[lookup.numberKey];
      if (typeof number === "string") {
        if (!numberMatches(document, number.toUpperCase())) {
          // The form cannot know the chosen document's format: the refusal names an example of it.
          return {
            text: document.example
              ? `Does not match the format of this document (e.g. ${document.example}).`
              : "Does not match the format of this document.",
            field: lookup.numberKey,
          };
        }
      }
      return null;
    }
    case "clabe-bank": {
      const found = await findBankByCode(db, countryId, value.slice(0, 3), "bank-deposit");
      return found.listed && !found.bank
        ? { text: "The bank this CLABE names (its first three digits) is not one we pay into." }
        : null;
    }
    case "ifsc-bank": {
      const found = await findBankByCode(db, countryId, value.slice(0, 4), "bank-deposit");
      return found.listed && !found.bank
        ? { text: "The bank this IFSC names (its first four letters) is not one we pay into." }
        : null;
    }
    case "vela-account": {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          value.includes("@")
            ? sql`lower(${users.email}) = ${value.toLowerCase()}`
            : and(
                sql`${users.phonePrefix} || ${users.phoneNumber} = ${value}`,
                isNotNull(users.phoneVerifiedAt),
              ),
        )
        .limit(1);
      return user ? null : { text: "No Vela account uses this e-mail address or phone number." };
    }
  }
}

/** The columns a validated form fills: names, contact and the values themselves. */
function columnsOf(resolved: ResolvedForm, type: RecipientType, values: FormValues): RecipientValues {
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : null);
  const phone = text("phone_number") ? parsePhoneNumberFromString(text("phone_number")!) : undefined;
  return {
    type,
    service: resolved.service,
    senderId: resolved.senderId,
    firstName: type === "customer" ? text("first_name") : null,
    lastName: type === "customer" ? text("last_name") : null,
    businessName: type === "business" ? text("business_name") : null,
    email: text("email"),
    phonePrefix: phone ? `+${phone.countryCallingCode}` : null,
    phoneNumber: phone ? String(phone.nationalNumber) : null,
    countryId: resolved.countryId,
    currencyId: resolved.currencyId,
    shippingMethodId: resolved.shippingMethodId,
    withdrawalMethod: resolved.withdrawalMethod,
    formKey: resolved.form.key,
    details: values,
  };
}

/**
 * What a recipient saved through `target` would hold: the form it resolves to, the body's values
 * checked by that form's schema and the reference lists, mapped to columns. Writes nothing; any
 * failure is the error to answer (422 by field, 404 for another owner's ids).
 */
export async function prepareRecipient(
  context: RecipientContext,
  target: FormTarget,
  body: Record<string, unknown>,
): Promise<RecipientValues> {
  const resolved = await resolveForm(context, target);
  const values = validateValues(resolved.form, formValuesOf(body));
  await checkLookups(context, resolved, values);
  return columnsOf(resolved, target.type, values);
}

/**
 * Creates the owner's recipient, or rewrites it when `id` is given: the target resolves the form,
 * the values pass its schema and the reference checks, then one statement writes the row. Any
 * failure leaves nothing written.
 */
export async function saveRecipient(
  context: RecipientContext,
  target: FormTarget,
  body: Record<string, unknown>,
  id?: number,
): Promise<Recipient> {
  let effective = target;
  if (id !== undefined) {
    const existing = await findOwnRecipient(context.db, context.ownerId, id);
    if (!existing) throw new NotFoundError("Recipient not found.");
    // A per-service recipient edited through /recipients/{id} keeps its service's short form.
    const shortService = SHORT_SERVICES.find((service) => service === existing.service);
    if (shortService && target.service === undefined && target.quotation_id === undefined) {
      effective = { ...target, service: shortService };
    }
  }
  const columns = await prepareRecipient(context, effective, body);
  let savedId = id;
  if (id === undefined) savedId = await insertRecipient(context.db, context.ownerId, columns);
  else if (!(await updateRecipient(context.db, context.ownerId, id, columns))) {
    throw new NotFoundError("Recipient not found.");
  }
  const saved = await findOwnRecipient(context.db, context.ownerId, savedId!);
  if (!saved) throw new Error(`Recipient ${savedId} vanished after its save`);
  // Sanctions screening of the new or renamed recipient: a match goes to review, nothing is refused.
  const name = [columns.businessName, columns.firstName, columns.lastName].filter(Boolean).join(" ");
  if (name) await screenSubject(context.db, { kind: "recipient", id: savedId!, name });
  return saved;
}

/** The quotation's corridor as a list filter (its active, matching recipients). */
export async function quotationFilter(context: RecipientContext, quotationId: number) {
  const row = await quotationCorridor(context, quotationId);
  return { countryId: row.countryToId, currencyId: row.currencyToId, shippingMethodId: row.shippingMethodId };
}

/** The quotation's figures with who sends and who receives, and what the next steps send. */
export async function quotationSelection(
  pricing: PricingContext,
  row: QuotationRow,
): Promise<QuotationSelection> {
  const quote = await describeQuotation(pricing, row);
  const [recipientName, sender] = await Promise.all([
    row.recipientId === null ? null : recipientNameById(pricing.db, row.recipientId),
    row.senderId === null ? null : senderName(pricing.db, row.senderId),
  ]);
  const summary = {
    ...quote,
    recipient_id: row.recipientId,
    recipient_name: recipientName,
    sender_id: row.senderId,
    sender_name: sender,
  };
  return {
    summary,
    send_data: {
      quotation_id: row.id,
      recipient_id: row.recipientId,
      recipient_name: recipientName,
      sender_id: row.senderId,
      sender_name: sender,
      country_from_id: quote.country_from_id,
      country_to_id: quote.country_to_id,
      currency_from_id: quote.currency_from_id,
      currency_to_id: quote.currency_to_id,
      currency_from_iso: quote.currency_from_iso,
      currency_to_iso: quote.currency_to_iso,
      shipping_method_id: quote.shipping_method_id,
      shipping_method: quote.shipping_method,
      payment_method: quote.payment_method,
      send_amount: quote.send_amount,
      receiving_amount: quote.receiving_amount,
      amount_paid: quote.amount_paid,
    },
  };
}

/**
 * Chooses the recipient of an open quotation (spec §4: "choosing a recipient is sent against the
 * current quotation"): the owner's own, active recipient in the quotation's country, currency and
 * delivery method. Written only while the rate lock holds.
 */
export async function chooseRecipient(
  pricing: PricingContext,
  ownerId: number,
  quotationId: number,
  recipientId: number,
): Promise<QuotationSelection> {
  const row = await ownQuotation(pricing.db, ownerId, quotationId);
  assertQuotationOpen(row);
  const recipient = await findOwnRecipient(pricing.db, ownerId, recipientId);
  if (!recipient) throw notFoundField("recipient_id", "Recipient not found.");
  if (row.countryToId === null || row.shippingMethodId === null) {
    throw new InvalidDataError({ recipient_id: ["This quotation does not send to a recipient."] });
  }
  if (!recipient.is_active) {
    throw new InvalidDataError({ recipient_id: ["This recipient is deactivated. Activate it first."] });
  }
  if (
    recipient.withdrawal_method !== null ||
    recipient.country_id !== row.countryToId ||
    recipient.currency_id !== row.currencyToId ||
    recipient.shipping_method_id !== row.shippingMethodId
  ) {
    throw new InvalidDataError({
      recipient_id: [
        "This recipient does not receive in this quotation's country, currency and delivery method.",
      ],
    });
  }
  // Only while the rate lock holds and no payment holds it (409 otherwise).
  const updated = await changeQuotation(pricing.db, row.id, { recipientId });
  return quotationSelection(pricing, updated);
}
