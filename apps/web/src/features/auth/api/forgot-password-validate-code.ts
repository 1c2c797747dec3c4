import { api } from "@/shared/api/api-client";

/** POST /authentication/forgot-password/validate-code: trades a good code for a reset token. */
export const forgotPasswordValidateCode = (body: { email: string; code: string }) =>
  api.request<{ reset_token: string }>("POST", "authentication/forgot-password/validate-code", {
    body,
    anonymous: true,
  });
