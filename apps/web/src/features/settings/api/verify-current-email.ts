import type { CodeSent, OnboardingStatus } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";
import { getAuthSnapshot } from "@/shared/api/auth-source";

/**
 * The account's own e-mail is verified through the on-boarding calls of its kind
 * (/onboarding/{client|agent|business}/email/…); the settings page offers them to someone who
 * skipped verification after registering.
 */
const emailPath = (rest: string) => `onboarding/${getAuthSnapshot().type ?? "client"}/email/${rest}`;

export const resendVerificationEmail = () => api.post<CodeSent>(emailPath("resend-email"));

export const verifyCurrentEmail = (code: string) =>
  api.post<OnboardingStatus>(emailPath("verify-email"), { code });
