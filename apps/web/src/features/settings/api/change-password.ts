import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/**
 * PUT /settings/password/change-password: every other session ends, and this one gets fresh
 * tokens (the answer), which must replace the old ones at once.
 */
export const changePassword = (body: {
  current_password: string;
  password: string;
  password_confirmation?: string;
}) => api.call(contract.changePassword, { body });
