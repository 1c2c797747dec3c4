import type { CodeSent } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";

/** POST /settings/phone-settings/send-code: a code to the current phone, or to the new one while a change waits. */
export const sendPhoneCode = () => api.post<CodeSent>("settings/phone-settings/send-code");
