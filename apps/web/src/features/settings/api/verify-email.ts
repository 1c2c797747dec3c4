import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /settings/email-settings/verify-email: confirms the new address with its code. */
export const verifyEmailChange = (code: string) => api.call(contract.verifyEmailChange, { body: { code } });
