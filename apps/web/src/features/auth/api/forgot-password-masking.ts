import { api } from "@/shared/api/api-client";

export type MaskedContacts = { email: string; phone: string | null };

/** POST /authentication/forgot-password/masking: where a recovery code could be sent, masked. */
export const forgotPasswordMasking = (body: { email: string }) =>
  api.request<MaskedContacts>("POST", "authentication/forgot-password/masking", { body, anonymous: true });
