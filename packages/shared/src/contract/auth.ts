import { z } from "zod";
import {
  agentRegistration,
  authSession,
  authUser,
  avatarUploaded,
  businessRegistration,
  changeEmailRequest,
  changePasswordRequest,
  changePhoneRequest,
  clientRegistration,
  codeRequest,
  codeSent,
  emailSettings,
  emailStatus,
  examineRules,
  forgotPasswordMaskingRequest,
  forgotPasswordSendCodeRequest,
  forgotPasswordValidateRequest,
  hasTransactions,
  loginAnswer,
  loginRequest,
  myAccount,
  ONBOARDING_TYPES,
  onboardingStatus,
  outboxMessage,
  paymentMethodOption,
  phoneSettings,
  profile,
  profileCompleteRequest,
  profileUpdateRequest,
  RULE_SERVICES,
  refreshRequest,
  reminder,
  reminderKindOption,
  reminderRequest,
  resetPasswordRequest,
  securitySettings,
  securitySettingsRequest,
  sessionCheck,
  tfaChallengeRequest,
  tfaSendCodeRequest,
  tfaVerifyRequest,
  totpSetup,
} from "../auth";
import { dynamicForm } from "../dynamic-form";
import { bankAccountPreparation, savedBank, updateBankAccountRequest } from "../payments";
import { get, patch, post, put } from "./endpoint";
import { idParams, serviceParams } from "./params";

/* Signing in and out, recovering a password, on-boarding, the rules, the account and its settings. */

export const login = post("/authentication/login", loginAnswer, { body: loginRequest });
export const sessionCheckEndpoint = get("/authentication/me", sessionCheck);
export const logout = get("/authentication/logout", z.null());
export const refreshToken = post("/authentication/refresh-token", authSession, { body: refreshRequest });
export const tfaSendCode = post("/authentication/tfa/send-code", codeSent, { body: tfaSendCodeRequest });
export const tfaResend = post("/tfacodes/resend", codeSent, { body: tfaChallengeRequest });
export const tfaVerifyAndLogin = post("/authentication/tfa/verify-code-and-login", authSession, {
  body: tfaVerifyRequest,
});
export const smsVerifyAndLogin = post("/smscodes/auth/validation", authSession, { body: tfaVerifyRequest });

/** Where a recovery code could be sent, masked. */
export const maskedContacts = z.object({ email: z.string(), phone: z.string() });
export const forgotPasswordMasking = post("/authentication/forgot-password/masking", maskedContacts, {
  body: forgotPasswordMaskingRequest,
});
/** A recovery code's countdowns: always answered, so it never tells whether the account exists. */
export const recoveryCodeSent = z.object({ seconds: z.number().int(), expires_in: z.number().int() });
export const forgotPasswordSendCode = post("/authentication/forgot-password/send-code", recoveryCodeSent, {
  body: forgotPasswordSendCodeRequest,
});
export const forgotPasswordValidateCode = post(
  "/authentication/forgot-password/validate-code",
  z.object({ reset_token: z.string() }),
  { body: forgotPasswordValidateRequest },
);
export const resetPassword = post("/authentication/forgot-password/reset-password", z.null(), {
  body: resetPasswordRequest,
});

/** A registration creates the account and signs it in: 201 with its session. */
const registration = <const P extends `/${string}`, B extends z.ZodType>(path: P, body: B) =>
  post(path, authSession, { body, status: 201 });
export const registerClient = registration("/onboarding/client/register", clientRegistration);
export const registerAgent = registration("/agents/onboarding/register", agentRegistration);
export const registerBusiness = registration("/onboarding/business/register", businessRegistration);
/** What a business can register as. */
export const businessType = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const getBusinessTypes = get("/onboarding/business/types", z.array(businessType));

/** On-boarding verification lives under the user's own kind: /onboarding/{client|agent|business}/… */
const onboardingParams = z.object({ type: z.enum(ONBOARDING_TYPES) });
export const verifyOnboardingEmail = post("/onboarding/{type}/email/verify-email", onboardingStatus, {
  params: onboardingParams,
  body: codeRequest,
});
export const resendOnboardingEmail = post("/onboarding/{type}/email/resend-email", codeSent, {
  params: onboardingParams,
});
export const sendOnboardingPhoneCode = post("/onboarding/{type}/phone/send-code", codeSent, {
  params: onboardingParams,
});
export const getOnboardingPhoneCode = get("/onboarding/{type}/phone/get-code", codeSent.nullable(), {
  params: onboardingParams,
});
export const verifyOnboardingPhone = post("/onboarding/{type}/phone/verify-phone", onboardingStatus, {
  params: onboardingParams,
  body: codeRequest,
});

export const examineDashboardRules = get("/examine-rules", examineRules);
export const examineServiceRules = get("/{service}/examine-rules", examineRules, {
  params: serviceParams(RULE_SERVICES),
});

export const getProfile = get("/profile", profile);
export const updateProfile = put("/profile", profile, { body: profileUpdateRequest });
export const completeProfile = post("/profile", profile, { body: profileCompleteRequest });
export const changePhone = post("/profile/change-phone", codeSent, { body: changePhoneRequest });
export const getMyAccount = get("/my-account", myAccount);
/**
 * Multipart, field "avatar": the body is the browser's `FormData`, which this package (free of DOM
 * and Node types) cannot name; the API reads the file itself.
 */
export const uploadAvatar = post("/my-account/avatar", avatarUploaded, { body: z.unknown() });
export const getMe = get("/me", authUser);
export const getHasTransactions = get("/user/has_transactions", hasTransactions);
export const getReminderKinds = get("/list/reminders", z.array(reminderKindOption));
export const getReminders = get("/user/reminders", z.array(reminder));
export const createReminder = post("/user/reminders", reminder, { body: reminderRequest, status: 201 });

export const getSecuritySettings = get("/settings/security", securitySettings);
export const updateSecuritySettings = patch(
  "/settings/security",
  z.union([securitySettings, codeSent, totpSetup]),
  { body: securitySettingsRequest },
);
export const getPhoneSettings = get("/settings/phone-settings", phoneSettings);
export const sendPhoneCode = post("/settings/phone-settings/send-code", codeSent);
export const verifyPhone = put("/settings/phone-settings/verify-phone", phoneSettings, { body: codeRequest });
export const getEmailSettings = get("/settings/email-settings", emailSettings);
export const changeEmail = post("/settings/email-settings/change-email", codeSent, {
  body: changeEmailRequest,
});
export const verifyEmailChange = post("/settings/email-settings/verify-email", emailSettings, {
  body: codeRequest,
});
export const changePassword = put("/settings/password/change-password", authSession, {
  body: changePasswordRequest,
});
export const getEmailStatus = get("/settings/email-status", emailStatus);
export const getSettingsPaymentMethods = get("/settings/payment-method", z.array(paymentMethodOption));
/*
 * The bank account form of the settings. The saved instruments' list, saving and deleting are in
 * payments.ts, beside the checkout's.
 */
export const getBankAccountPreparation = get("/settings/bank-accounts/preparation", bankAccountPreparation);
export const getBankAccountForm = get("/settings/bank-accounts/form", dynamicForm);
export const updateBankAccount = patch("/settings/bank-accounts/{id}", savedBank, {
  params: idParams,
  body: updateBankAccountRequest,
});

export const getOutbox = get("/dev/outbox", z.array(outboxMessage), {
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
});
