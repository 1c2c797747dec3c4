import * as contract from "@vela/shared/contract/auth";
import type { z } from "zod";
import { api } from "@/shared/api/api-client";

export type MaskedContacts = z.infer<typeof contract.maskedContacts>;

/** POST /authentication/forgot-password/masking: where a recovery code could be sent, masked. */
export const forgotPasswordMasking = (body: { email: string }) =>
  api.call(contract.forgotPasswordMasking, { body }, { anonymous: true });
