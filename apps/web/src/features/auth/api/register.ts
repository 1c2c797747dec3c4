import type { Role } from "@vela/shared/api";
import type {
  AgentRegistration,
  AuthSession,
  BusinessRegistration,
  ClientRegistration,
} from "@vela/shared/auth";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

export type RegistrationBody = {
  client: ClientRegistration;
  agent: AgentRegistration;
  business: BusinessRegistration;
};

/** Each kind has its own registration call (spec §7 Auth), sent without session headers. */
const registrations: { [K in Role]: (body: RegistrationBody[K]) => Promise<AuthSession> } = {
  client: (body) => api.call(contract.registerClient, { body }, { anonymous: true }),
  agent: (body) => api.call(contract.registerAgent, { body }, { anonymous: true }),
  business: (body) => api.call(contract.registerBusiness, { body }, { anonymous: true }),
};

/** Opens an account; the answer (201) is a session: the user is signed in straight away. */
export const register = <K extends Role>(kind: K, body: RegistrationBody[K]) => registrations[kind](body);
