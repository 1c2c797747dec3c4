import { z } from "zod";
import { paginationQuery, recordId } from "./api";
import { emailField, phoneNumberField, phonePrefixField } from "./auth";
import { refinePhoneNumber } from "./phone";

/**
 * The senders contract (spec §7 Senders, issue 8): who pays for an order. A client's own profile is
 * a sender (`is_self`); an agent keeps one per walk-in customer, with the identity document it
 * checked. The API validates with these schemas and the SPA's forms reuse them.
 */

/** Services with their own sender lists and forms (`/{service}/senders`). */
export const SENDER_SERVICES = ["consignments", "reload-phones", "gift-cards", "prepaid-pay-bills"] as const;
export type SenderService = (typeof SENDER_SERVICES)[number];

/** Spec §7/§9: the sender list's limit. */
export const SENDER_PAGE_SIZE = 10;

export const sender = z.object({
  id: z.number().int(),
  is_self: z.boolean(),
  is_active: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone_prefix: z.string().nullable(),
  phone_number: z.string().nullable(),
  country_id: z.number().int().nullable(),
  state_id: z.number().int().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  occupation: z.string().nullable(),
  document_type_id: z.number().int().nullable(),
  document_number: z.string().nullable(),
  document_country_id: z.number().int().nullable(),
  document_expires_on: z.string().nullable(),
  services: z.array(z.string()),
  created_at: z.string(),
});
export type Sender = z.infer<typeof sender>;

const trimmed = (max: number) => z.string().trim().min(1).max(max);
/** An optional text: empty or blank is the same as not given. */
const optionalText = (max: number) =>
  z.preprocess(
    (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    trimmed(max).optional(),
  );
/** An optional id: empty or null (a cleared select) is the same as not given. */
const optionalId = z.preprocess(
  (value: unknown) => (value === "" || value === null ? undefined : value),
  recordId.optional(),
);
const isoDate = z.iso.date();

const documentNumber = z
  .string()
  .trim()
  .toUpperCase()
  .min(3)
  .max(40)
  .regex(/^[A-Z0-9 ./-]+$/, "Use letters, digits, spaces, '.', '/' or '-'.");

/** The document's four fields, which the short form takes together or not at all. */
export const SENDER_DOCUMENT_FIELDS = [
  "document_type_id",
  "document_number",
  "document_country_id",
  "document_expires_on",
] as const;

/** The phone is optional, but a prefix and a number come together and must dial a real number. */
function refineOptionalPhone(
  value: { phone_prefix?: string | undefined; phone_number?: string | undefined },
  context: z.RefinementCtx,
) {
  const hasPrefix = value.phone_prefix !== undefined;
  const hasNumber = value.phone_number !== undefined;
  if (hasPrefix && !hasNumber)
    context.addIssue({ code: "custom", path: ["phone_number"], message: "Give the phone number too." });
  if (hasNumber && !hasPrefix)
    context.addIssue({ code: "custom", path: ["phone_prefix"], message: "Give the dialling prefix too." });
  if (hasPrefix && hasNumber)
    refinePhoneNumber({ phone_prefix: value.phone_prefix!, phone_number: value.phone_number! }, context);
}

/** Who the sender is and how to reach them, asked alike by both forms (e-mail and phone optional). */
const nameAndContact = {
  first_name: trimmed(80),
  last_name: trimmed(80),
  email: z.preprocess((v: unknown) => (v === "" ? undefined : v), emailField.optional()),
  phone_prefix: z.preprocess((v: unknown) => (v === "" ? undefined : v), phonePrefixField.optional()),
  phone_number: z.preprocess((v: unknown) => (v === "" ? undefined : v), phoneNumberField.optional()),
};

/**
 * What a consignment needs to know about who pays (spec §7 consignments senders): name, contact,
 * address, date of birth (18 or older, checked by the API against today) and an identity document
 * from `/documents` valid in the document's country (number matching its pattern, not expired: the
 * API checks both).
 */
export const consignmentSenderRequest = z
  .object({
    ...nameAndContact,
    country_id: recordId,
    state_id: optionalId,
    city: trimmed(120),
    address: trimmed(200),
    postal_code: optionalText(20),
    date_of_birth: isoDate,
    occupation: optionalText(120),
    document_type_id: recordId,
    document_number: documentNumber,
    document_country_id: recordId,
    document_expires_on: isoDate,
  })
  .superRefine(refineOptionalPhone);
export type ConsignmentSenderRequest = z.infer<typeof consignmentSenderRequest>;
export type ConsignmentSenderForm = z.input<typeof consignmentSenderRequest>;

/**
 * Phone top-ups, gift cards and bill payments need a name and a way to reach the sender. An agent's
 * walk-in customer may also show an identity document (required by the API from the day's threshold,
 * issue 20): all four fields or none, checked by the API as the consignment form's are.
 */
export const basicSenderRequest = z
  .object({
    ...nameAndContact,
    country_id: optionalId,
    document_type_id: optionalId,
    document_number: z.preprocess(
      (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      documentNumber.optional(),
    ),
    document_country_id: optionalId,
    document_expires_on: z.preprocess(
      (value: unknown) => (value === "" ? undefined : value),
      isoDate.optional(),
    ),
  })
  .superRefine(refineOptionalPhone)
  .superRefine((value, context) => {
    const given = SENDER_DOCUMENT_FIELDS.filter((field) => value[field] !== undefined);
    if (given.length === 0 || given.length === SENDER_DOCUMENT_FIELDS.length) return;
    for (const field of SENDER_DOCUMENT_FIELDS) {
      if (value[field] === undefined)
        context.addIssue({ code: "custom", path: [field], message: "Complete the identity document." });
    }
  })
  .superRefine((value, context) => {
    if (value.email === undefined && value.phone_number === undefined && value.phone_prefix === undefined) {
      context.addIssue({
        code: "custom",
        path: ["email"],
        message: "Give an e-mail address or a phone number.",
      });
    }
  });
export type BasicSenderRequest = z.infer<typeof basicSenderRequest>;
export type BasicSenderForm = z.input<typeof basicSenderRequest>;

/** The body each service's POST takes. */
export const senderRequestOf = (service: SenderService) =>
  service === "consignments" ? consignmentSenderRequest : basicSenderRequest;

export const senderListQuery = paginationQuery.extend({
  per_page: z.coerce.number().int().min(1).max(SENDER_PAGE_SIZE).default(SENDER_PAGE_SIZE),
  search: z.string().trim().max(80).optional(),
  service: z.enum(SENDER_SERVICES).optional(),
});
export type SenderListQuery = z.infer<typeof senderListQuery>;

export const senderIdParams = z.object({ id: recordId });

export const addSenderRequest = z.object({ sender_id: recordId });

/** `PUT /consignments/quotation/{id}/add-sender` answers what add-recipient answers. */
export { type QuotationSelection, quotationSelection } from "./recipients";

/** A document type as `/documents` lists it (the SPA's select). */
export const documentType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  country_id: z.number().int().nullable(),
  number_pattern: z.string().nullable(),
  example: z.string().nullable(),
});
export type DocumentType = z.infer<typeof documentType>;
