import type { SessionCheck } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";

/** GET /authentication/me: the session check (role, user, permissions, onboarding). */
export const getSession = (signal?: AbortSignal) =>
  api.get<SessionCheck>("authentication/me", undefined, signal);
