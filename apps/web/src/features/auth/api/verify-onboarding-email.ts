import type { Role } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /onboarding/{type}/email/verify-email: checks the code e-mailed at registration. */
export const verifyOnboardingEmail = (type: Role, code: string) =>
  api.call(contract.verifyOnboardingEmail, { params: { type }, body: { code } });
