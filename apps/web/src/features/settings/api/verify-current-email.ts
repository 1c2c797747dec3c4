import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";
import { getAuthSnapshot } from "@/shared/api/auth-source";

/*
 * The account's own e-mail is verified through the on-boarding calls of its kind
 * (/onboarding/{client|agent|business}/email/…); the settings page offers them to someone who
 * skipped verification after registering.
 */
const ownKind = () => ({ type: getAuthSnapshot().type ?? "client" });

export const resendVerificationEmail = () => api.call(contract.resendOnboardingEmail, { params: ownKind() });

export const verifyCurrentEmail = (code: string) =>
  api.call(contract.verifyOnboardingEmail, { params: ownKind(), body: { code } });
