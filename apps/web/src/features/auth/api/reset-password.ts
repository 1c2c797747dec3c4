import { api } from "@/shared/api/api-client";

/** POST /authentication/forgot-password/reset-password: sets the new password and ends every session. */
export const resetPassword = (body: {
  reset_token: string;
  password: string;
  password_confirmation?: string;
}) => api.request<null>("POST", "authentication/forgot-password/reset-password", { body, anonymous: true });
