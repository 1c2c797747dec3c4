import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /settings/phone-settings/send-code: a code to the current phone, or to the new one while a change waits. */
export const sendPhoneCode = () => api.call(contract.sendPhoneCode);
