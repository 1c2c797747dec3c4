import type { CodeSent } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";

/** POST /tfacodes/resend: the same login code again (429 with Retry-After when asked too soon). */
export const tfaResend = (body: { tfa_token: string }) =>
  api.request<CodeSent>("POST", "tfacodes/resend", { body, anonymous: true });
