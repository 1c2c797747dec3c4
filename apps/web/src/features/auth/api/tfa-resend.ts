import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /tfacodes/resend: the same login code again (429 with Retry-After when asked too soon). */
export const tfaResend = (body: { tfa_token: string }) =>
  api.call(contract.tfaResend, { body }, { anonymous: true });
