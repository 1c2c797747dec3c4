import { z } from "zod";
import { ROLES, recordId } from "./api";
import { refinePhoneNumber } from "./phone";

/**
 * The identity contract (spec §1–§4, §6, §7 Auth, Password recovery, Two-factor, Profile, Settings):
 * request schemas the API validates with and the SPA's forms reuse, and the shapes of the answers.
 */

/** Onboarding type enumeration of spec §3: one registration call per kind. */
export const ONBOARDING_TYPES = ROLES;

/** Per-service permissions of spec §3/§6; each defaults to true. */
export const PERMISSION_KEYS = ["giftcard", "paybill", "recharge", "sendmoney"] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export type Permissions = Record<PermissionKey, boolean>;
export const DEFAULT_PERMISSIONS: Permissions = {
  giftcard: true,
  paybill: true,
  recharge: true,
  sendmoney: true,
};

/** Services whose rules `GET /{service}/examine-rules` answers for. */
export const RULE_SERVICES = ["sendmoney", "giftcard", "paybill", "recharge", "wallet"] as const;
export type RuleService = (typeof RULE_SERVICES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Verification and two-factor codes: six digits, ten minutes, five tries, one use. */
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_ATTEMPTS = 5;
/** A new code for the same purpose can be asked for once this many seconds have passed. */
export const CODE_RESEND_SECONDS = 60;

export const TFA_METHODS = ["email", "sms", "totp"] as const;
export type TfaMethod = (typeof TFA_METHODS)[number];
export const CODE_CHANNELS = ["email", "sms"] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

const trimmed = (max: number) => z.string().trim().min(1).max(max);
export const emailField = z.string().trim().toLowerCase().max(254).pipe(z.email());
/** Strength beyond length (the common-password list) is checked by the API, which ships the list. */
export const passwordField = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** The current password, typed to prove who one is: the API checks it, so only its length is bounded here. */
const currentPasswordField = z.string().min(1).max(PASSWORD_MAX_LENGTH);
/** A new password's second typing: the SPA compares the two; the API needs only the first. */
const passwordConfirmationField = z.string().max(PASSWORD_MAX_LENGTH).optional();
/** A refresh, two-factor or reset token: opaque to the client. */
const tokenField = z.string().min(20).max(512);
export const codeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Must be the 6-digit code.");
const idField = recordId;
/** "+52", as the prefixes list gives it. */
export const phonePrefixField = z
  .string()
  .trim()
  .regex(/^\+\d{1,4}$/, "Must be a dialling prefix such as +1.");
/** The national number, digits only (spaces, dashes and brackets are removed first). */
export const phoneNumberField = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ""))
  .pipe(z.string().regex(/^\d{4,15}$/, "Must be a phone number of 4 to 15 digits."));

const registrationBase = {
  email: emailField,
  password: passwordField,
  password_confirmation: passwordConfirmationField,
  country_id: idField,
  phone_prefix: phonePrefixField,
  phone_number: phoneNumberField,
  /** The terms must be accepted to open an account. */
  terms: z.literal(true, { error: "The terms and conditions must be accepted." }),
};

const personName = { first_name: trimmed(80), last_name: trimmed(80) };

// Each kind's registration: its own fields, then the account's; the phone must dial a real number.
export const clientRegistration = z
  .object({ ...personName, ...registrationBase })
  .superRefine(refinePhoneNumber);

export const agentRegistration = z
  .object({
    agency_name: trimmed(120),
    ...personName,
    state_id: idField.optional(),
    city_id: idField.optional(),
    address: trimmed(200),
    ...registrationBase,
  })
  .superRefine(refinePhoneNumber);

export const businessRegistration = z
  .object({
    legal_name: trimmed(160),
    business_type_id: idField,
    tax_id: z
      .string()
      .trim()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9 ./-]{3,39}$/,
        "Must be 4 to 40 letters, digits, spaces, '.', '/' or '-'.",
      ),
    ...personName,
    ...registrationBase,
  })
  .superRefine(refinePhoneNumber);

// Each kind's registration as the API receives it once parsed, and as a form holds it before.
export type ClientRegistration = z.infer<typeof clientRegistration>;
export type ClientRegistrationForm = z.input<typeof clientRegistration>;
export type AgentRegistration = z.infer<typeof agentRegistration>;
export type AgentRegistrationForm = z.input<typeof agentRegistration>;
export type BusinessRegistration = z.infer<typeof businessRegistration>;
export type BusinessRegistrationForm = z.input<typeof businessRegistration>;

export const loginRequest = z.object({
  email: emailField,
  password: currentPasswordField,
});

export const refreshRequest = z.object({ refresh_token: tokenField });

/** A pending login that needs a second factor: the token names the challenge, never the user. */
export const tfaChallengeRequest = z.object({ tfa_token: tokenField });
export const tfaSendCodeRequest = tfaChallengeRequest.extend({ channel: z.enum(CODE_CHANNELS).optional() });
export const tfaVerifyRequest = tfaChallengeRequest.extend({ code: codeField });

export const codeRequest = z.object({ code: codeField });

export const forgotPasswordMaskingRequest = z.object({ email: emailField });
export const forgotPasswordSendCodeRequest = z.object({
  email: emailField,
  channel: z.enum(CODE_CHANNELS).default("email"),
});
export const forgotPasswordValidateRequest = z.object({ email: emailField, code: codeField });
export const resetPasswordRequest = z.object({
  reset_token: tokenField,
  password: passwordField,
  password_confirmation: passwordConfirmationField,
});

export const changePasswordRequest = z.object({
  current_password: currentPasswordField,
  password: passwordField,
  password_confirmation: passwordConfirmationField,
});

/**
 * `PATCH /settings/security`. `action` says what to change; each change is confirmed with the
 * password or with a code (sent by `send_code`, or read from the authenticator app for TOTP).
 */
/** What confirms a change of the account: the current password, or a code. */
const confirmedByPasswordOrCode = { password: currentPasswordField.optional(), code: codeField.optional() };

export const securitySettingsRequest = z.discriminatedUnion("action", [
  /** Sends a confirmation code to the account's e-mail (or phone) for the change that follows. */
  z.object({ action: z.literal("send_code"), channel: z.enum(CODE_CHANNELS).default("email") }),
  /** Starts authenticator-app set-up: answers a secret and its QR code, not yet in force. */
  z.object({ action: z.literal("totp_setup"), password: currentPasswordField }),
  z.object({
    action: z.literal("enable"),
    method: z.enum(TFA_METHODS),
    ...confirmedByPasswordOrCode,
  }),
  z.object({
    action: z.literal("disable"),
    ...confirmedByPasswordOrCode,
  }),
]);
export type SecuritySettingsRequest = z.input<typeof securitySettingsRequest>;

/**
 * `POST /profile/change-phone`. Like the e-mail and the password, the phone (which receives codes)
 * is changed only with the current password, or a code: one sent by `PATCH /settings/security`
 * `send_code`, or one from the authenticator app in use.
 */
export const changePhoneFields = z.object({
  phone_prefix: phonePrefixField,
  phone_number: phoneNumberField,
  ...confirmedByPasswordOrCode,
});
export const changePhoneRequest = changePhoneFields.superRefine(refinePhoneNumber);
export const changeEmailRequest = z.object({
  email: emailField,
  password: currentPasswordField,
});

export const profileUpdateRequest = z.object({
  first_name: trimmed(80).optional(),
  last_name: trimmed(80).optional(),
  date_of_birth: z.iso.date().optional(),
  address: trimmed(200).optional(),
  city: trimmed(120).optional(),
  postal_code: trimmed(20).optional(),
  country_id: idField.optional(),
  occupation: trimmed(120).optional(),
});
/** `POST /profile` completes the profile: every field is needed. */
export const profileCompleteRequest = profileUpdateRequest.required();

export const reminderRequest = z.object({
  kind: z.enum(["sendmoney", "paybill", "recharge", "giftcard"]),
  title: trimmed(120),
  note: z.string().trim().max(500).optional(),
  /** Day of the month the reminder comes back on. */
  day_of_month: z.coerce.number().int().min(1).max(28),
});

// ---- Answers ----

export const onboardingStatus = z.object({
  /** Whether the kind has client on-boarding in its state (spec §3: client yes, agent no, business no). */
  available: z.boolean(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  profile_completed: z.boolean(),
  /** complete once e-mail and phone are verified. */
  status: z.enum(["pending_email", "pending_phone", "complete"]),
});
export type OnboardingStatus = z.infer<typeof onboardingStatus>;

export const authUser = z.object({
  id: z.number().int(),
  role: z.enum(ROLES),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The agency's or company's name for agents and businesses; null for clients. */
  organization_name: z.string().nullable(),
  country_id: z.number().int().nullable(),
  phone_prefix: z.string().nullable(),
  phone_number: z.string().nullable(),
  avatar_url: z.string().nullable(),
  tfa_enabled: z.boolean(),
  tfa_method: z.enum(TFA_METHODS).nullable(),
  email_verified_at: z.string().nullable(),
  phone_verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type AuthUser = z.infer<typeof authUser>;

const permissions = z.object({
  giftcard: z.boolean(),
  paybill: z.boolean(),
  recharge: z.boolean(),
  sendmoney: z.boolean(),
});

/** `GET /authentication/me`: the session check. */
export const sessionCheck = z.object({
  role: z.enum(ROLES),
  /** Equal to the role; the SPA stores it as the user type and sends it as the `grant` header. */
  user_type: z.enum(ROLES),
  user: authUser,
  permissions,
  onboarding: onboardingStatus,
});
export type SessionCheck = z.infer<typeof sessionCheck>;

/** A signed-in answer (registration, login, 2FA login, refresh). */
export const authSession = sessionCheck.extend({
  token: z.string(),
  token_type: z.literal("Bearer"),
  /** Seconds from now until the access token expires (spec §3: "set in seconds from now"). */
  expires_in: z.number().int(),
  refresh_token: z.string(),
  refresh_expires_in: z.number().int(),
});
export type AuthSession = z.infer<typeof authSession>;

/** Login's answer when the account has two-factor on: no token until the code is checked. */
export const tfaChallenge = z.object({
  tfa_required: z.literal(true),
  tfa_token: z.string(),
  method: z.enum(TFA_METHODS),
  /** Where the code went, masked ("j•••@e•••.com"); null for an authenticator app. */
  destination: z.string().nullable(),
  /** Seconds until another code may be sent (the modal's countdown). */
  seconds: z.number().int(),
  expires_in: z.number().int(),
});
export type TfaChallenge = z.infer<typeof tfaChallenge>;

export const loginAnswer = z.union([authSession, tfaChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** A code was sent: where (masked) and when the next may be asked for. */
export const codeSent = z.object({
  channel: z.enum(CODE_CHANNELS),
  destination: z.string(),
  seconds: z.number().int(),
  expires_in: z.number().int(),
});
export type CodeSent = z.infer<typeof codeSent>;

/** The modal the SPA shows when a rule stops the user (spec §3 "modal data"). */
export const ruleModal = z.object({
  button: z.object({ label: z.string(), code: z.string() }),
  code: z.string(),
  id: z.string(),
  persistent: z.boolean(),
  text: z.string(),
  time: z.number().int().nullable(),
  title: z.string(),
  img: z.string().nullable(),
  seconds: z.number().int().nullable(),
  show: z.boolean(),
});
export type RuleModal = z.infer<typeof ruleModal>;

export const examineRules = z.object({
  allowed: z.boolean(),
  /** Whether the SPA should hide any rule modal it shows (spec §4). */
  hide_modal: z.boolean(),
  modal: ruleModal.nullable(),
  /**
   * The verification level that would let the account go on (issue 20), with a VERIFY_IDENTITY
   * modal; null or absent otherwise. The values of VERIFICATION_LEVELS, written out because
   * verification.ts imports this file.
   */
  required_level: z.enum(["unverified", "identity_verified", "enhanced"]).nullable().optional(),
});
export type ExamineRules = z.infer<typeof examineRules>;

export const securitySettings = z.object({
  tfa_enabled: z.boolean(),
  tfa_method: z.enum(TFA_METHODS).nullable(),
  totp_configured: z.boolean(),
  phone_verified: z.boolean(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type SecuritySettings = z.infer<typeof securitySettings>;

export const totpSetup = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a PNG data URL, for the authenticator app to scan. */
  qr_code: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetup>;

export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(CODE_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

// ---- Profile, my account and settings answers ----

/** `GET /profile` (and the answer of `PUT`/`POST /profile`): the person behind the account. */
export const profile = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** YYYY-MM-DD. */
  date_of_birth: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  country_id: z.number().int().nullable(),
  occupation: z.string().nullable(),
  phone_prefix: z.string().nullable(),
  phone_number: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** Whether the full profile was given once (`POST /profile`). */
  profile_completed: z.boolean(),
});
export type Profile = z.infer<typeof profile>;

/** The agency of an agent or the company of a business, as `GET /my-account` shows it. */
export const accountOrganization = z.object({
  name: z.string(),
  business_type_id: z.number().int().nullable(),
  tax_id: z.string().nullable(),
  state_id: z.number().int().nullable(),
  city_id: z.number().int().nullable(),
  address: z.string().nullable(),
});
export type AccountOrganization = z.infer<typeof accountOrganization>;

/** `GET /my-account`. `organization` is null for clients. */
export const myAccount = z.object({
  user: authUser,
  organization: accountOrganization.nullable(),
  onboarding: onboardingStatus,
  permissions,
});
export type MyAccount = z.infer<typeof myAccount>;

/** Profile pictures: PNG, JPEG or WebP, at most 2 MiB and 4096 pixels a side. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_SIDE_PX = 4096;
export const AVATAR_MIME_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** `POST /my-account/avatar`. */
export const avatarUploaded = z.object({ avatar_url: z.string() });
export type AvatarUploaded = z.infer<typeof avatarUploaded>;

/** `GET /user/has_transactions`. */
export const hasTransactions = z.object({ has_transactions: z.boolean() });
export type HasTransactions = z.infer<typeof hasTransactions>;

/** What a reminder can be about: the services of `reminderRequest`. */
export const REMINDER_KINDS = reminderRequest.shape.kind.options;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
/** Reminders one account may keep. */
export const REMINDERS_MAX = 20;

/** `GET /list/reminders`: one choice of the reminder kind select. */
export const reminderKindOption = z.object({ value: z.enum(REMINDER_KINDS), label: z.string() });
export type ReminderKindOption = z.infer<typeof reminderKindOption>;

/** `GET /user/reminders` items and the answer of `POST /user/reminders`. */
export const reminder = z.object({
  id: z.number().int(),
  kind: z.enum(REMINDER_KINDS),
  title: z.string(),
  note: z.string().nullable(),
  day_of_month: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type Reminder = z.infer<typeof reminder>;

/** `GET /settings/phone-settings` and the answer of `verify-phone`. */
export const phoneSettings = z.object({
  phone_prefix: z.string().nullable(),
  phone_number: z.string().nullable(),
  phone_verified: z.boolean(),
  /** A new number waiting for its code ("+52 5512345678"); the current one stays until then. */
  pending_phone: z.string().nullable(),
});
export type PhoneSettings = z.infer<typeof phoneSettings>;

/** `GET /settings/email-settings` and the answer of `verify-email`. */
export const emailSettings = z.object({
  email: z.string(),
  email_verified: z.boolean(),
  /** A new address waiting for its code; the current one stays until then. */
  pending_email: z.string().nullable(),
});
export type EmailSettings = z.infer<typeof emailSettings>;

/** `GET /settings/email-status`. */
export const emailStatus = z.object({ email: z.string(), verified: z.boolean() });
export type EmailStatus = z.infer<typeof emailStatus>;

/** `GET /settings/payment-method`: a way of paying (spec §3 payment method slugs). */
export const paymentMethodOption = z.object({
  slug: z.string(),
  name: z.string(),
  available: z.boolean(),
});
export type PaymentMethodOption = z.infer<typeof paymentMethodOption>;
