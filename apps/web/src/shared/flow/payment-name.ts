import type { Payment } from "@vela/shared/payments";

/** How a payment is named: "Visa •••• 4242", "Bank account •••• 6789", the transfer's reference. */
export const paymentName = (payment: Payment, transferText: (reference: string) => string) => {
  // The masked number never breaks across lines.
  if (payment.card) return `${payment.card.brand} ••••\u00a0${payment.card.last4}`;
  if (payment.bank) return `${payment.bank.bank_name} ••••\u00a0${payment.bank.last4}`;
  if (payment.instructions) return transferText(payment.instructions.reference);
  return payment.method;
};
