import { authorizeCard, getPayment, getSavedCards, tokenizeCard } from "@vela/shared/contract/payments";
import type { Payment } from "@vela/shared/payments";
import { failure, handle } from "@/test/contract-handlers";

/** POST /payments/cards/tokenize's answer: the test Visa •••• 4242. */
export const VISA_TOKEN = {
  token: "tok_test_4242",
  brand: "Visa",
  last4: "4242",
  exp_month: 12,
  exp_year: 2034,
};

/** An authorized payment by the test Visa •••• 4242: the amount and when are the caller's. */
export const authorizedCardPayment = (
  payment: Pick<Payment, "id" | "quotation_id" | "amount" | "currency" | "created_at">,
): Payment => ({
  ...payment,
  method: "card",
  status: "authorized",
  redirect_url: null,
  failure_message: null,
  card: { brand: "Visa", last4: "4242" },
  bank: null,
  instructions: null,
});

/**
 * The card payment endpoints as the service backends answer them: no saved cards, the test card
 * tokenized and every authorization accepted for what `priceOf` says the quotation costs. Payments
 * are numbered from `firstId`; `payments` holds them for the transaction that names one.
 */
export const cardPaymentHandlers = ({
  firstId,
  priceOf,
}: {
  firstId: number;
  priceOf: (quotationId: number) => Pick<Payment, "amount" | "currency">;
}) => {
  const payments = new Map<number, Payment>();
  const handlers = [
    handle(getSavedCards, []),
    handle(tokenizeCard, VISA_TOKEN),
    handle(authorizeCard, ({ body }) => {
      const quotationId = Number(body.quotation_id);
      const payment = authorizedCardPayment({
        id: firstId + payments.size,
        quotation_id: quotationId,
        ...priceOf(quotationId),
        created_at: "2026-11-23T12:01:00.000Z",
      });
      payments.set(payment.id, payment);
      return payment;
    }),
    handle(getPayment, ({ params }) => payments.get(params.id) ?? failure(404, "Payment not found.")),
  ];
  return { payments, handlers };
};
