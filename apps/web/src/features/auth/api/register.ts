import type { Role } from "@vela/shared/api";
import type {
  AgentRegistration,
  AuthSession,
  BusinessRegistration,
  ClientRegistration,
} from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";

/** Each kind has its own registration call (spec §7 Auth). */
export const REGISTRATION_PATHS = {
  client: "onboarding/client/register",
  agent: "agents/onboarding/register",
  business: "onboarding/business/register",
} as const satisfies Record<Role, string>;

export type RegistrationBody = {
  client: ClientRegistration;
  agent: AgentRegistration;
  business: BusinessRegistration;
};

/** Opens an account; the answer (201) is a session: the user is signed in straight away. */
export const register = <K extends Role>(kind: K, body: RegistrationBody[K]) =>
  api.request<AuthSession>("POST", REGISTRATION_PATHS[kind], { body, anonymous: true });
