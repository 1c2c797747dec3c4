import type { Role } from "@vela/shared/api";
import type { CodeSent } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";
import { onboardingPath } from "./onboarding-path";

/**
 * GET /onboarding/{type}/phone/get-code: the pending phone code's masked destination and
 * countdown (never the code), or null when none is pending.
 */
export const getOnboardingPhoneCode = (type: Role, signal?: AbortSignal) =>
  api.get<CodeSent | null>(onboardingPath(type, "phone/get-code"), undefined, signal);
