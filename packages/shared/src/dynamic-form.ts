import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";

/**
 * Dynamic forms (spec §3 form field kinds and input kinds): the API describes the fields a
 * recipient, beneficiary or withdrawal needs for a destination country, currency and delivery
 * method, and `dynamicFormSchema` turns that description into one zod schema, so the SPA and the
 * API refuse exactly the same values with the same messages. Built like the account-requirements
 * endpoints of the large payout providers: a field may list its allowed values or name the
 * endpoint that lists them, and may ask for the form to be fetched again when it changes (a
 * Philippine recipient who picks "e-wallet" instead of "bank" gets other fields).
 */

export const FORM_FIELD_KINDS = [
  "text",
  "email",
  "select",
  "phone",
  "number",
  "date",
  "autocomplete",
  "switch",
  "checkbox",
] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];

export const INPUT_KINDS = ["input", "select", "phone"] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

/**
 * Checks beyond length and pattern, run on both sides: an IBAN's and a BIC's structure and check
 * digits (ibantools), a Mexican CLABE's check digit, a phone number valid in the form's country.
 */
export const FIELD_CHECKS = ["iban", "bic", "clabe", "phone"] as const;
export type FieldCheck = (typeof FIELD_CHECKS)[number];

export const FIELD_CHECK_MESSAGES: Record<FieldCheck, string> = {
  iban: "Must be a valid IBAN.",
  bic: "Must be a valid BIC.",
  clabe: "Must be a valid CLABE.",
  phone: "Must be a valid phone number for the destination country.",
};

const option = z.object({ value: z.string(), label: z.string() });
export type FormFieldOption = z.infer<typeof option>;

export const formField = z.object({
  /** The value's key in the submitted `details` (and the name of the form control). */
  key: z.string().regex(/^[a-z][a-z0-9_]*$/),
  label: z.string(),
  kind: z.enum(FORM_FIELD_KINDS),
  /** How the SPA draws it: a plain input, a select, or a phone input with its prefix. */
  input: z.enum(INPUT_KINDS),
  required: z.boolean(),
  min_length: z.number().int().nullable(),
  max_length: z.number().int().nullable(),
  /** A regular expression (JavaScript and PostgreSQL compatible, anchored) the value must match. */
  pattern: z.string().nullable(),
  /** What to say when the pattern does not match (default: "Has an invalid format."). */
  pattern_message: z.string().nullable(),
  /** The allowed values when the list is short enough to send with the form. */
  options: z.array(option).nullable(),
  /** Otherwise where to load them: an API path with its query, e.g. "/banks?country_id=142". */
  options_endpoint: z.string().nullable(),
  check: z.enum(FIELD_CHECKS).nullable(),
  /** The ISO 3166 alpha-2 country a phone number must belong to. */
  country_iso: z.string().length(2).nullable(),
  example: z.string().nullable(),
  help: z.string().nullable(),
  /** Fetch the form again with this field's value when it changes: the fields may depend on it. */
  refresh_on_change: z.boolean(),
});
export type FormField = z.infer<typeof formField>;

export const dynamicForm = z.object({
  /** Names the set of fields (e.g. "MX.bank-deposit.customer"); a changed form has another key. */
  key: z.string(),
  title: z.string(),
  fields: z.array(formField),
});
export type DynamicForm = z.infer<typeof dynamicForm>;

/** A submitted form: text-like kinds carry strings, switches and checkboxes booleans. */
export type FormValues = Record<string, string | boolean>;
export const formValues = z.record(z.string().max(64), z.union([z.string().max(500), z.boolean()]));

/** The check digit of an 18-digit Mexican CLABE: weights 3, 7, 1 over the first 17 digits. */
export function isValidClabe(value: string): boolean {
  if (!/^\d{18}$/.test(value)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let index = 0; index < 17; index++) sum += (Number(value[index]) * weights[index % 3]!) % 10;
  return (10 - (sum % 10)) % 10 === Number(value[17]);
}

/** Whether an international number ("+639171234567") is a valid number of `countryIso`. */
export function isValidPhoneIn(value: string, countryIso: string | null): boolean {
  const phone = parsePhoneNumberFromString(value);
  if (!phone?.isValid() || !value.startsWith("+")) return false;
  if (!countryIso) return true;
  return phone.country === countryIso || (phone.getPossibleCountries?.() ?? []).includes(countryIso as never);
}

/** The value as stored: IBANs and BICs in their electronic form (no spaces, capitals). */
export function normalizeFieldValue(field: FormField, value: string): string {
  const trimmed = value.trim();
  if (field.check === "iban") return electronicFormatIBAN(trimmed) ?? trimmed;
  if (field.check === "bic") return trimmed.toUpperCase();
  if (field.check === "phone") return trimmed.replace(/[\s().-]/g, "");
  return trimmed;
}

function passesCheck(field: FormField, value: string): boolean {
  switch (field.check) {
    case "iban":
      return isValidIBAN(value);
    case "bic":
      return isValidBIC(value);
    case "clabe":
      return isValidClabe(value);
    case "phone":
      return isValidPhoneIn(value, field.country_iso);
    case null:
      return true;
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = z.email();

function textSchema(field: FormField): z.ZodType<string | undefined> {
  return z
    .string({ error: (issue) => (issue.input === undefined ? "This field is required." : "Must be text.") })
    .max(500, "Must be at most 500 characters.")
    .transform((value) => normalizeFieldValue(field, value))
    .superRefine((value, context) => {
      if (value === "") {
        if (field.required) context.addIssue({ code: "custom", message: "This field is required." });
        return;
      }
      if (field.min_length !== null && value.length < field.min_length) {
        context.addIssue({ code: "custom", message: `Must be at least ${field.min_length} characters.` });
        return;
      }
      if (field.max_length !== null && value.length > field.max_length) {
        context.addIssue({ code: "custom", message: `Must be at most ${field.max_length} characters.` });
        return;
      }
      if (field.pattern !== null && !new RegExp(field.pattern).test(value)) {
        context.addIssue({ code: "custom", message: field.pattern_message ?? "Has an invalid format." });
        return;
      }
      if (field.kind === "email" && !EMAIL.safeParse(value).success) {
        context.addIssue({ code: "custom", message: "Must be a valid email address." });
        return;
      }
      if (field.kind === "number" && !/^\d+$/.test(value)) {
        context.addIssue({ code: "custom", message: "Must contain digits only." });
        return;
      }
      if (field.kind === "date" && (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value)))) {
        context.addIssue({ code: "custom", message: "Must be a date (YYYY-MM-DD)." });
        return;
      }
      if (field.options && !field.options.some((allowed) => allowed.value === value)) {
        context.addIssue({ code: "custom", message: "Must be one of the listed values." });
        return;
      }
      if (field.check && !passesCheck(field, value)) {
        context.addIssue({ code: "custom", message: FIELD_CHECK_MESSAGES[field.check] });
      }
    })
    .transform((value) => (value === "" ? undefined : value)) as z.ZodType<string | undefined>;
}

function fieldSchema(field: FormField): z.ZodType {
  if (field.kind === "switch" || field.kind === "checkbox") {
    // A required checkbox is a consent that must be given.
    return field.required
      ? z.literal(true, { error: "This field is required." })
      : z.boolean({ error: "Must be true or false." }).optional().default(false);
  }
  const text = textSchema(field);
  return field.required
    ? text
    : z.preprocess((value) => (value === null ? undefined : value), text.optional());
}

/**
 * The schema of a form's values: every field by its own rules, unknown keys refused. Values that
 * come from an endpoint (`options_endpoint`) are checked for shape here; the API also checks that
 * they exist, which the browser cannot know without loading them.
 */
export function dynamicFormSchema(form: DynamicForm) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of form.fields) shape[field.key] = fieldSchema(field);
  return z.strictObject(shape);
}

/** A field with every optional property at its default, for writing form catalogues tersely. */
export function defineField(
  field: Pick<FormField, "key" | "label" | "kind"> & Partial<Omit<FormField, "key" | "label" | "kind">>,
): FormField {
  const input: InputKind =
    field.kind === "phone"
      ? "phone"
      : field.kind === "select" || field.kind === "autocomplete"
        ? "select"
        : "input";
  return {
    input,
    required: true,
    min_length: null,
    max_length: null,
    pattern: null,
    pattern_message: null,
    options: null,
    options_endpoint: null,
    check: field.kind === "phone" ? "phone" : null,
    country_iso: null,
    example: null,
    help: null,
    refresh_on_change: false,
    ...field,
  };
}

/**
 * The dialling prefix ("+63") of a phone field's country, which the SPA shows before the national
 * number and puts in front of it to send the E.164 form; null when the country is not known.
 */
export function phonePrefixOf(countryIso: string | null): string | null {
  if (!countryIso || !isSupportedCountry(countryIso)) return null;
  return `+${getCountryCallingCode(countryIso)}`;
}
