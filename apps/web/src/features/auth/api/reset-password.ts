import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /authentication/forgot-password/reset-password: sets the new password and ends every session. */
export const resetPassword = (body: {
  reset_token: string;
  password: string;
  password_confirmation?: string;
}) => api.call(contract.resetPassword, { body }, { anonymous: true });
