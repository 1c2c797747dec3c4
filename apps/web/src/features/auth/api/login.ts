import type { LoginAnswer, TfaChallenge } from "@vela/shared/auth";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

export type LoginBody = { email: string; password: string };

/**
 * POST /authentication/login: a session, or a two-factor challenge when the account has it on.
 * Sent without session headers: an expired session or a previous user's role must not get in the way.
 */
export const login = (body: LoginBody) => api.call(contract.login, { body }, { anonymous: true });

export const isTfaChallenge = (answer: LoginAnswer): answer is TfaChallenge =>
  "tfa_required" in answer && answer.tfa_required === true;
