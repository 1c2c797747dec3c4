import type { Role } from "@vela/shared/api";
import type { OnboardingStatus } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";
import { onboardingPath } from "./onboarding-path";

/** POST /onboarding/{type}/phone/verify-phone: checks the texted code. */
export const verifyOnboardingPhone = (type: Role, code: string) =>
  api.post<OnboardingStatus>(onboardingPath(type, "phone/verify-phone"), { code });
