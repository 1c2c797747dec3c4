import type { CodeChannel } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";

export type RecoveryCodeSent = { seconds: number; expires_in: number };

/** POST /authentication/forgot-password/send-code: always 200, so it never tells whether the account exists. */
export const forgotPasswordSendCode = (body: { email: string; channel: CodeChannel }) =>
  api.request<RecoveryCodeSent>("POST", "authentication/forgot-password/send-code", {
    body,
    anonymous: true,
  });
