import type { UserRow } from "./sessions";

/**
 * The one rule for every money-moving service (send money, wallet deposit, convert, wallet send,
 * withdrawal, purchases): the user's phone number is verified. The rules endpoint answers it as the
 * VERIFY_PHONE modal before a flow starts, and the API's guard refuses the service's quotation and
 * transaction with the same message, so the rule cannot be skipped by calling the API.
 */
export const mayMoveMoney = (user: UserRow) => user.phoneVerifiedAt !== null;

export const VERIFY_PHONE_TEXT = {
  en: "Moving money needs a verified phone number. We will send you a code by SMS.",
  es: "Para mover dinero necesitas un teléfono verificado. Te enviaremos un código por SMS.",
} as const;
