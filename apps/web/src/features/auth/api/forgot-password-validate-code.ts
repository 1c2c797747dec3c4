import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /authentication/forgot-password/validate-code: trades a good code for a reset token. */
export const forgotPasswordValidateCode = (body: { email: string; code: string }) =>
  api.call(contract.forgotPasswordValidateCode, { body }, { anonymous: true });
