import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** PUT /settings/phone-settings/verify-phone: confirms the current phone, or a new one after change-phone. */
export const verifyPhone = (code: string) => api.call(contract.verifyPhone, { body: { code } });
