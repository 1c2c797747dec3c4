import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/**
 * GET /authentication/me: the session check (role, user, permissions, onboarding). A session that
 * cannot be renewed fails it at once (the check then signs out, spec §4) rather than waiting for
 * the session-expired modal.
 */
export const getSession = (signal?: AbortSignal) =>
  api.call(contract.sessionCheckEndpoint, {}, { signal, replayAfterSignIn: false });
