import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /authentication/tfa/verify-code-and-login: the second factor; answers the session. */
export const tfaVerifyAndLogin = (body: { tfa_token: string; code: string }) =>
  api.call(contract.tfaVerifyAndLogin, { body }, { anonymous: true });
