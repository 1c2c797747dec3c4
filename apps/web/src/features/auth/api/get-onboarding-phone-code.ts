import type { Role } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/**
 * GET /onboarding/{type}/phone/get-code: the pending phone code's masked destination and
 * countdown (never the code), or null when none is pending.
 */
export const getOnboardingPhoneCode = (type: Role, signal?: AbortSignal) =>
  api.call(contract.getOnboardingPhoneCode, { params: { type } }, { signal });
