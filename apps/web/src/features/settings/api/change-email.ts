import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** POST /settings/email-settings/change-email: a code to the new address; the old one stays until it is verified. */
export const changeEmail = (body: { email: string; password: string }) =>
  api.call(contract.changeEmail, { body });
