import type { CodeChannel } from "@vela/shared/auth";
import * as contract from "@vela/shared/contract/auth";
import type { z } from "zod";
import { api } from "@/shared/api/api-client";

export type RecoveryCodeSent = z.infer<typeof contract.recoveryCodeSent>;

/** POST /authentication/forgot-password/send-code: always 200, so it never tells whether the account exists. */
export const forgotPasswordSendCode = (body: { email: string; channel: CodeChannel }) =>
  api.call(contract.forgotPasswordSendCode, { body }, { anonymous: true });
