import { z } from "zod";
import { recordId } from "../api";
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
import { endpoint } from "./endpoint";

/* Signing in and out, recovering a password, on-boarding, the rules, the account and its settings. */

export const login = endpoint({
  method: "POST",
  path: "/authentication/login",
  body: loginRequest,
  response: loginAnswer,
});
export const sessionCheckEndpoint = endpoint({
  method: "GET",
  path: "/authentication/me",
  response: sessionCheck,
});
export const logout = endpoint({ method: "GET", path: "/authentication/logout", response: z.null() });
export const refreshToken = endpoint({
  method: "POST",
  path: "/authentication/refresh-token",
  body: refreshRequest,
  response: authSession,
});
export const tfaSendCode = endpoint({
  method: "POST",
  path: "/authentication/tfa/send-code",
  body: tfaSendCodeRequest,
  response: codeSent,
});
export const tfaResend = endpoint({
  method: "POST",
  path: "/tfacodes/resend",
  body: tfaChallengeRequest,
  response: codeSent,
});
export const tfaVerifyAndLogin = endpoint({
  method: "POST",
  path: "/authentication/tfa/verify-code-and-login",
  body: tfaVerifyRequest,
  response: authSession,
});
export const smsVerifyAndLogin = endpoint({
  method: "POST",
  path: "/smscodes/auth/validation",
  body: tfaVerifyRequest,
  response: authSession,
});

/** Where a recovery code could be sent, masked. */
export const maskedContacts = z.object({ email: z.string(), phone: z.string() });
export const forgotPasswordMasking = endpoint({
  method: "POST",
  path: "/authentication/forgot-password/masking",
  body: forgotPasswordMaskingRequest,
  response: maskedContacts,
});
/** A recovery code's countdowns: always answered, so it never tells whether the account exists. */
export const recoveryCodeSent = z.object({ seconds: z.number().int(), expires_in: z.number().int() });
export const forgotPasswordSendCode = endpoint({
  method: "POST",
  path: "/authentication/forgot-password/send-code",
  body: forgotPasswordSendCodeRequest,
  response: recoveryCodeSent,
});
export const forgotPasswordValidateCode = endpoint({
  method: "POST",
  path: "/authentication/forgot-password/validate-code",
  body: forgotPasswordValidateRequest,
  response: z.object({ reset_token: z.string() }),
});
export const resetPassword = endpoint({
  method: "POST",
  path: "/authentication/forgot-password/reset-password",
  body: resetPasswordRequest,
  response: z.null(),
});

export const registerClient = endpoint({
  method: "POST",
  path: "/onboarding/client/register",
  body: clientRegistration,
  response: authSession,
  status: 201,
});
export const registerAgent = endpoint({
  method: "POST",
  path: "/agents/onboarding/register",
  body: agentRegistration,
  response: authSession,
  status: 201,
});
export const registerBusiness = endpoint({
  method: "POST",
  path: "/onboarding/business/register",
  body: businessRegistration,
  response: authSession,
  status: 201,
});
/** What a business can register as. */
export const businessType = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const getBusinessTypes = endpoint({
  method: "GET",
  path: "/onboarding/business/types",
  response: z.array(businessType),
});

/** On-boarding verification lives under the user's own kind: /onboarding/{client|agent|business}/… */
const onboardingParams = z.object({ type: z.enum(ONBOARDING_TYPES) });
export const verifyOnboardingEmail = endpoint({
  method: "POST",
  path: "/onboarding/{type}/email/verify-email",
  params: onboardingParams,
  body: codeRequest,
  response: onboardingStatus,
});
export const resendOnboardingEmail = endpoint({
  method: "POST",
  path: "/onboarding/{type}/email/resend-email",
  params: onboardingParams,
  response: codeSent,
});
export const sendOnboardingPhoneCode = endpoint({
  method: "POST",
  path: "/onboarding/{type}/phone/send-code",
  params: onboardingParams,
  response: codeSent,
});
export const getOnboardingPhoneCode = endpoint({
  method: "GET",
  path: "/onboarding/{type}/phone/get-code",
  params: onboardingParams,
  response: codeSent.nullable(),
});
export const verifyOnboardingPhone = endpoint({
  method: "POST",
  path: "/onboarding/{type}/phone/verify-phone",
  params: onboardingParams,
  body: codeRequest,
  response: onboardingStatus,
});

export const examineDashboardRules = endpoint({
  method: "GET",
  path: "/examine-rules",
  response: examineRules,
});
export const examineServiceRules = endpoint({
  method: "GET",
  path: "/{service}/examine-rules",
  params: z.object({ service: z.enum(RULE_SERVICES) }),
  response: examineRules,
});

export const getProfile = endpoint({ method: "GET", path: "/profile", response: profile });
export const updateProfile = endpoint({
  method: "PUT",
  path: "/profile",
  body: profileUpdateRequest,
  response: profile,
});
export const completeProfile = endpoint({
  method: "POST",
  path: "/profile",
  body: profileCompleteRequest,
  response: profile,
});
export const changePhone = endpoint({
  method: "POST",
  path: "/profile/change-phone",
  body: changePhoneRequest,
  response: codeSent,
});
export const getMyAccount = endpoint({ method: "GET", path: "/my-account", response: myAccount });
/**
 * Multipart, field "avatar": the body is the browser's `FormData`, which this package (free of DOM
 * and Node types) cannot name; the API reads the file itself.
 */
export const uploadAvatar = endpoint({
  method: "POST",
  path: "/my-account/avatar",
  body: z.unknown(),
  response: avatarUploaded,
});
export const getMe = endpoint({ method: "GET", path: "/me", response: authUser });
export const getHasTransactions = endpoint({
  method: "GET",
  path: "/user/has_transactions",
  response: hasTransactions,
});
export const getReminderKinds = endpoint({
  method: "GET",
  path: "/list/reminders",
  response: z.array(reminderKindOption),
});
export const getReminders = endpoint({ method: "GET", path: "/user/reminders", response: z.array(reminder) });
export const createReminder = endpoint({
  method: "POST",
  path: "/user/reminders",
  body: reminderRequest,
  response: reminder,
  status: 201,
});

export const getSecuritySettings = endpoint({
  method: "GET",
  path: "/settings/security",
  response: securitySettings,
});
export const updateSecuritySettings = endpoint({
  method: "PATCH",
  path: "/settings/security",
  body: securitySettingsRequest,
  response: z.union([securitySettings, codeSent, totpSetup]),
});
export const getPhoneSettings = endpoint({
  method: "GET",
  path: "/settings/phone-settings",
  response: phoneSettings,
});
export const sendPhoneCode = endpoint({
  method: "POST",
  path: "/settings/phone-settings/send-code",
  response: codeSent,
});
export const verifyPhone = endpoint({
  method: "PUT",
  path: "/settings/phone-settings/verify-phone",
  body: codeRequest,
  response: phoneSettings,
});
export const getEmailSettings = endpoint({
  method: "GET",
  path: "/settings/email-settings",
  response: emailSettings,
});
export const changeEmail = endpoint({
  method: "POST",
  path: "/settings/email-settings/change-email",
  body: changeEmailRequest,
  response: codeSent,
});
export const verifyEmailChange = endpoint({
  method: "POST",
  path: "/settings/email-settings/verify-email",
  body: codeRequest,
  response: emailSettings,
});
export const changePassword = endpoint({
  method: "PUT",
  path: "/settings/password/change-password",
  body: changePasswordRequest,
  response: authSession,
});
export const getEmailStatus = endpoint({
  method: "GET",
  path: "/settings/email-status",
  response: emailStatus,
});
export const getSettingsPaymentMethods = endpoint({
  method: "GET",
  path: "/settings/payment-method",
  response: z.array(paymentMethodOption),
});
/*
 * The bank account form of the settings. The saved instruments' list, saving and deleting are in
 * payments.ts, beside the checkout's.
 */
export const getBankAccountPreparation = endpoint({
  method: "GET",
  path: "/settings/bank-accounts/preparation",
  response: bankAccountPreparation,
});
export const getBankAccountForm = endpoint({
  method: "GET",
  path: "/settings/bank-accounts/form",
  response: dynamicForm,
});
export const updateBankAccount = endpoint({
  method: "PATCH",
  path: "/settings/bank-accounts/{id}",
  params: z.object({ id: recordId }),
  body: updateBankAccountRequest,
  response: savedBank,
});

export const getOutbox = endpoint({
  method: "GET",
  path: "/dev/outbox",
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
  response: z.array(outboxMessage),
});
