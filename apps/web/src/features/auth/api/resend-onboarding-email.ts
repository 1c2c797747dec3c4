import type { Role } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /onboarding/{type}/email/resend-email: a new e-mail code (throttled by the server). */
export const resendOnboardingEmail = (type: Role) =>
  api.call(contract.resendOnboardingEmail, { params: { type } });
