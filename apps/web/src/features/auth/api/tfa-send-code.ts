import type { CodeChannel } from "@vela/shared/auth";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /authentication/tfa/send-code: sends the login code, by e-mail or SMS. */
export const tfaSendCode = (body: { tfa_token: string; channel?: CodeChannel }) =>
  api.call(contract.tfaSendCode, { body }, { anonymous: true });
