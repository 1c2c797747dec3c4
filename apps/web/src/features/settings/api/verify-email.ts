import { api } from "@/shared/api/api-client";

/** POST /settings/email-settings/verify-email: confirms the new address with its code. */
export const verifyEmailChange = (code: string) =>
  api.post<unknown>("settings/email-settings/verify-email", { code });
