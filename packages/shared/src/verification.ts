import { z } from "zod";
import { recordId } from "./api";
import { emailField } from "./auth";
import { dynamicForm } from "./dynamic-form";

/**
 * Identity verification (issue 20; spec §7 "Identity verification SDK flow"): who a person is, as a
 * provider modelled on Sumsub's decides it, and the level that buys the person larger limits.
 */

/** The levels, lowest first: each lifts the limits of the one before (limits are data, per level). */
export const VERIFICATION_LEVELS = ["unverified", "identity_verified", "enhanced"] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

/** The provider's flows (Sumsub's "levels"): the identity check, then proof of address or funds. */
export const VERIFICATION_FLOWS = ["identity", "enhanced"] as const;
export type VerificationFlow = (typeof VERIFICATION_FLOWS)[number];

/** An applicant's review, as Sumsub reports it: init → pending → onHold → completed. */
export const REVIEW_STATES = ["init", "pending", "on_hold", "completed"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_ANSWERS = ["GREEN", "RED"] as const;
export type ReviewAnswer = (typeof REVIEW_ANSWERS)[number];
/** A RED review may be resubmitted (RETRY) or not (FINAL). */
export const REJECT_TYPES = ["RETRY", "FINAL"] as const;
export type RejectType = (typeof REJECT_TYPES)[number];

/** The rolling windows limits are counted over, in hours. */
export const LIMIT_WINDOWS = ["24h", "30d", "180d"] as const;
export type LimitWindow = (typeof LIMIT_WINDOWS)[number];

const timestamp = z.string();

/** A person's verification as the SPA shows it: where they stand and what they may do next. */
export const verificationStatus = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  /** The flow in progress or last reviewed (null before the first start). */
  flow: z.enum(VERIFICATION_FLOWS).nullable(),
  review_state: z.enum(REVIEW_STATES).nullable(),
  review_answer: z.enum(REVIEW_ANSWERS).nullable(),
  reject_type: z.enum(REJECT_TYPES).nullable(),
  /** What the reviewer says to the person (never the staff-only comment), in their language. */
  message: z.string().nullable(),
  /** Whether the person may start or resubmit a flow now. */
  can_start: z.boolean(),
  /** Money-moving is stopped (a FINAL rejection, or a GREEN later found RED). */
  money_moving_blocked: z.boolean(),
  applicant_id: z.string().nullable(),
  updated_at: timestamp.nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatus>;

export const accessTokenRequest = z.object({ flow: z.enum(VERIFICATION_FLOWS).default("identity") });
/** An SDK access token for the person's applicant (short-lived), and where the SDK runs. */
export const accessToken = z.object({
  token: z.string(),
  expires_at: timestamp,
  flow: z.enum(VERIFICATION_FLOWS),
  applicant_id: z.string().nullable(),
  /** The provider's hosted SDK page for this token (the sandbox's own page in development). */
  sdk_url: z.string(),
});
export type AccessToken = z.infer<typeof accessToken>;

export const setApplicantRequest = z.object({ applicant_id: z.string().trim().min(1).max(64) });

export const userStatusQuery = z.object({ email: emailField });
/** `verify/user-status`: whether the account behind an address is verified (only one's own). */
export const userStatus = z.object({
  email: z.string(),
  validated: z.boolean(),
  level: z.enum(VERIFICATION_LEVELS),
});

export const userValidated = z.object({ validated: z.boolean(), level: z.enum(VERIFICATION_LEVELS) });
/** The last review's answer, for the screen that tells the person what happened. */
export const userResponseValidated = z.object({
  review_answer: z.enum(REVIEW_ANSWERS).nullable(),
  reject_type: z.enum(REJECT_TYPES).nullable(),
  message: z.string().nullable(),
  reviewed_at: timestamp.nullable(),
});

/** `POST /user_identity_verifications`: the country and document the person will show. */
export const startVerificationRequest = z.object({
  country_id: recordId,
  document_id: recordId,
});

export const personalDataRequest = z.object({
  first_name: z.string().trim().min(1).max(60),
  last_name: z.string().trim().min(1).max(60),
  date_of_birth: z.iso.date(),
  nationality_country_id: recordId,
  document_number: z.string().trim().min(3).max(30),
  /**
   * The document the number is printed on (an id of `/identity_verifications/country/{id}/documents`,
   * an identity one): when given, the number must match its format. An answer shows the number
   * masked ("•••• 678Z"): only its last characters are kept in clear.
   */
  document_id: recordId.optional(),
  address: z.string().trim().min(3).max(120),
  city: z.string().trim().min(1).max(60),
  postal_code: z.string().trim().max(20).optional(),
});
/** As saved: ids as plain numbers (the request's `recordId` parses text, which an answer cannot encode back). */
export const personalData = personalDataRequest.extend({
  nationality_country_id: z.number().int(),
  document_id: z.number().int().optional(),
  updated_at: timestamp,
});

/** A document a country accepts for identity or proof of address. */
export const identityDocument = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** What it proves: identity (passport, ID card, licence) or address / source of funds. */
  purpose: z.enum(["identity", "address", "funds"]),
  /** Whether a back side is asked for (an ID card yes, a passport no). */
  two_sided: z.boolean(),
});
export type IdentityDocument = z.infer<typeof identityDocument>;
export const countryIdParams = z.object({ id: recordId });
export const documentIdParams = z.object({ id: recordId });
export const documentForm = dynamicForm;

export const questionOption = z.object({ value: z.string(), label: z.string() });
export const question = z.object({
  id: z.number().int(),
  key: z.string(),
  text: z.string(),
  kind: z.enum(["select", "text", "number"]),
  required: z.boolean(),
  options: z.array(questionOption).nullable(),
});
export const questionList = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  questions: z.array(question),
  /** The person's saved answers, by question key (empty before the first save). */
  answers: z.record(z.string(), z.string()),
});
export type QuestionList = z.infer<typeof questionList>;
export const questionListParams = z.object({ id: recordId });
export const saveAnswersRequest = z.object({
  list_id: recordId,
  answers: z.record(z.string(), z.string().trim().max(500)),
});

/** One limit of a level: at most `amount` USD-equivalent moved over the window. */
export const levelLimit = z.object({
  window: z.enum(LIMIT_WINDOWS),
  currency: z.literal("USD"),
  amount: z.string(),
  /** What the person has moved in that window (only for the person's own level). */
  used: z.string().nullable(),
});
export const verificationLevelView = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  name: z.string(),
  description: z.string(),
  /** What it takes to reach it. */
  requirements: z.string(),
  limits: z.array(levelLimit),
  current: z.boolean(),
});
export type VerificationLevelView = z.infer<typeof verificationLevelView>;
