import type { Role } from "@vela/shared/api";
import type { CodeSent } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";
import { onboardingPath } from "./onboarding-path";

/** POST /onboarding/{type}/email/resend-email: a new e-mail code (throttled by the server). */
export const resendOnboardingEmail = (type: Role) =>
  api.post<CodeSent>(onboardingPath(type, "email/resend-email"));
