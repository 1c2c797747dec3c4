import type { Role } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /onboarding/{type}/phone/send-code: texts a code to the account's phone. */
export const sendOnboardingPhoneCode = (type: Role) =>
  api.call(contract.sendOnboardingPhoneCode, { params: { type } });
