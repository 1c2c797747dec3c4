import type { Role } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /onboarding/{type}/phone/verify-phone: checks the texted code. */
export const verifyOnboardingPhone = (type: Role, code: string) =>
  api.call(contract.verifyOnboardingPhone, { params: { type }, body: { code } });
