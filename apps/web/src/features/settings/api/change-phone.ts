import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/**
 * POST /profile/change-phone: with the current password, texts a code to the new phone; the change
 * holds once it is verified.
 */
export const changePhone = (body: { phone_prefix: string; phone_number: string; password: string }) =>
  api.call(contract.changePhone, { body });
