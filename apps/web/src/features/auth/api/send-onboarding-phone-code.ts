import type { Role } from "@vela/shared/api";
import type { CodeSent } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";
import { onboardingPath } from "./onboarding-path";

/** POST /onboarding/{type}/phone/send-code: texts a code to the account's phone. */
export const sendOnboardingPhoneCode = (type: Role) =>
  api.post<CodeSent>(onboardingPath(type, "phone/send-code"));
