import type { Role } from "@vela/shared/api";
import type { OnboardingStatus } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";
import { onboardingPath } from "./onboarding-path";

/** POST /onboarding/{type}/email/verify-email: checks the code e-mailed at registration. */
export const verifyOnboardingEmail = (type: Role, code: string) =>
  api.post<OnboardingStatus>(onboardingPath(type, "email/verify-email"), { code });
