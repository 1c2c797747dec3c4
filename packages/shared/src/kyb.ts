import { z } from "zod";
import { recordId } from "./api";
import { emailField } from "./auth";
import { dateOfBirthProblem } from "./date-of-birth";
import { VERIFICATION_LEVELS } from "./verification";

/**
 * Businesses' verification (KYB, issue 20 point 5): the company's registration details, its
 * documents and its beneficial owners (everyone holding 25 % or more, and exactly one controlling
 * person), each screened and verified as a person. The API validates with these schemas and the
 * SPA's forms reuse them.
 */

export const LEGAL_FORMS = [
  "sole_proprietorship",
  "partnership",
  "limited_liability_company",
  "corporation",
  "cooperative",
  "non_profit",
  "other",
] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];

/** The documents a business gives; the register of shareholders is optional. */
export const KYB_DOCUMENT_KINDS = [
  "certificate_of_incorporation",
  "articles_of_association",
  "proof_of_address",
  "shareholder_register",
] as const;
export type KybDocumentKind = (typeof KYB_DOCUMENT_KINDS)[number];
export const REQUIRED_KYB_DOCUMENTS: readonly KybDocumentKind[] = [
  "certificate_of_incorporation",
  "articles_of_association",
  "proof_of_address",
];

export const OWNER_ROLES = ["shareholder", "director", "senior_manager", "other"] as const;
export type OwnerRole = (typeof OWNER_ROLES)[number];

/** A beneficial owner holds at least this share; only the controlling person may hold less. */
export const BENEFICIAL_OWNER_MIN_PERCENT = 25;

export const KYB_MESSAGES = {
  incorporationPast: "Must be a date in the past.",
  website: "Must be a web address starting with http:// or https://.",
  registrationNumber: "Use letters, digits, spaces, '.', '/' or '-'.",
  percentFormat: "Must be a percentage between 0 and 100, with at most two decimals.",
  ownerBelowThreshold: `A beneficial owner holds at least ${BENEFICIAL_OWNER_MIN_PERCENT} %. Someone with less can only be added as the controlling person.`,
  ownershipNeeded: "Give the share this person holds, or mark them as the controlling person.",
} as const;

const text = (min: number, max: number) => z.string().trim().min(min).max(max);
const optionalText = (max: number) =>
  z.preprocess(
    (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().max(max).optional(),
  );

/** A percentage as text ("25", "33.33"), at most two decimals, 0 to 100. */
export const percentText = z
  .string()
  .trim()
  .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, KYB_MESSAGES.percentFormat);

/** A percentage in hundredths of a percent (basis points), the way the API stores it. */
export const percentToBasisPoints = (value: string): number => {
  const [whole = "0", fraction = ""] = value.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
};
export const basisPointsToPercent = (basisPoints: number): string => {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = basisPoints % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
};

const today = () => new Date().toISOString().slice(0, 10);

export const businessDetailsRequest = z.object({
  /** As on the certificate of incorporation (the registration's name is offered first). */
  legal_name: text(2, 160),
  registration_number: text(2, 60).regex(/^[A-Za-z0-9 ./-]+$/, KYB_MESSAGES.registrationNumber),
  country_id: recordId,
  incorporation_date: z.iso.date().refine((value) => value < today(), KYB_MESSAGES.incorporationPast),
  legal_form: z.enum(LEGAL_FORMS),
  registered_address: text(5, 240),
  website: z.preprocess(
    (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .trim()
      .max(200)
      .regex(/^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i, KYB_MESSAGES.website)
      .optional(),
  ),
  nature_of_business: text(5, 500),
});
export type BusinessDetailsRequest = z.infer<typeof businessDetailsRequest>;
export type BusinessDetailsForm = z.input<typeof businessDetailsRequest>;

export const businessDetails = z.object({
  legal_name: z.string(),
  registration_number: z.string().nullable(),
  country_id: z.number().int().nullable(),
  incorporation_date: z.string().nullable(),
  legal_form: z.enum(LEGAL_FORMS).nullable(),
  registered_address: z.string().nullable(),
  website: z.string().nullable(),
  nature_of_business: z.string().nullable(),
});
export type BusinessDetails = z.infer<typeof businessDetails>;

/**
 * A beneficial owner or the controlling person. `ownership_percent` is optional only for the
 * controlling person (a director holding nothing); anyone else holds 25 % to 100 %. The API checks
 * the rest against the other owners: the total of shares at most 100 %, one controlling person.
 */
export const ownerRequest = z
  .object({
    first_name: text(1, 80),
    last_name: text(1, 80),
    date_of_birth: z.iso.date(),
    nationality_country_id: recordId,
    email: emailField,
    role: z.enum(OWNER_ROLES),
    ownership_percent: z.preprocess(
      (value: unknown) => (value === "" || value === null ? undefined : value),
      percentText.optional(),
    ),
    is_controlling: z.boolean().default(false),
    /** Free text for the role "other". */
    role_detail: optionalText(80),
  })
  .superRefine((value, context) => {
    const problem = dateOfBirthProblem(value.date_of_birth);
    if (problem) context.addIssue({ code: "custom", path: ["date_of_birth"], message: problem });
    if (value.ownership_percent === undefined) {
      if (!value.is_controlling)
        context.addIssue({
          code: "custom",
          path: ["ownership_percent"],
          message: KYB_MESSAGES.ownershipNeeded,
        });
      return;
    }
    const basisPoints = percentToBasisPoints(value.ownership_percent);
    if (!value.is_controlling && basisPoints < BENEFICIAL_OWNER_MIN_PERCENT * 100)
      context.addIssue({
        code: "custom",
        path: ["ownership_percent"],
        message: KYB_MESSAGES.ownerBelowThreshold,
      });
  });
export type OwnerRequest = z.infer<typeof ownerRequest>;
export type OwnerForm = z.input<typeof ownerRequest>;

/** Where an owner's own identity check stands (the provider's review, simplified for the screen). */
export const OWNER_VERIFICATION_STATES = [
  "not_started",
  "started",
  "pending",
  "approved",
  "retry",
  "rejected",
] as const;
export type OwnerVerificationState = (typeof OWNER_VERIFICATION_STATES)[number];

export const beneficialOwner = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string(),
  nationality_country_id: z.number().int(),
  email: z.string(),
  role: z.enum(OWNER_ROLES),
  role_detail: z.string().nullable(),
  ownership_percent: z.string().nullable(),
  is_controlling: z.boolean(),
  verification: z.enum(OWNER_VERIFICATION_STATES),
  /** What the reviewer says to the person after a RED review (never the staff-only comment). */
  verification_message: z.string().nullable(),
  /** Name, date of birth and nationality are fixed once the person's identity check started. */
  identity_locked: z.boolean(),
});
export type BeneficialOwner = z.infer<typeof beneficialOwner>;

export const kybDocument = z.object({
  kind: z.enum(KYB_DOCUMENT_KINDS),
  required: z.boolean(),
  /** Only what was kept about the file: documents are never served back. */
  uploaded: z
    .object({ mime_type: z.string(), byte_size: z.number().int(), uploaded_at: z.string() })
    .nullable(),
});
export type KybDocument = z.infer<typeof kybDocument>;

/**
 * incomplete: something is missing; in_review: submitted, waiting for the owners' checks and the
 * compliance review; verified: the business has the identity-verified level; blocked: refused.
 */
export const KYB_STATUSES = ["incomplete", "in_review", "verified", "blocked"] as const;
export type KybStatus = (typeof KYB_STATUSES)[number];

export const KYB_STEPS = ["details", "documents", "owners", "owners_verified", "submitted"] as const;
export type KybStep = (typeof KYB_STEPS)[number];

export const businessVerification = z.object({
  status: z.enum(KYB_STATUSES),
  level: z.enum(VERIFICATION_LEVELS),
  details: businessDetails,
  documents: z.array(kybDocument),
  owners: z.array(beneficialOwner),
  /** Each step and whether it is done, in order. */
  progress: z.array(z.object({ step: z.enum(KYB_STEPS), done: z.boolean() })),
  /** What still keeps the business from submitting, in the caller's language. */
  missing: z.array(z.string()),
  /** The total of the owners' shares, e.g. "75". */
  ownership_total: z.string(),
  can_submit: z.boolean(),
  submitted_at: z.string().nullable(),
});
export type BusinessVerification = z.infer<typeof businessVerification>;

export const documentUploaded = kybDocument;

/** The SDK page where one owner shows their identity document. */
export const ownerAccessToken = z.object({
  owner_id: z.number().int(),
  expires_at: z.string(),
  sdk_url: z.string(),
});
export type OwnerAccessToken = z.infer<typeof ownerAccessToken>;

export const ownerIdParams = z.object({ id: recordId });
