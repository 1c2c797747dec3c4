import type { Language } from "@vela/shared/api";
import type { PaymentMethodOption } from "@vela/shared/auth";
import { paymentMethodName } from "../payments/methods";

/**
 * The general ways of paying, by the spec's payment method slugs (§3); the bank-specific ACH,
 * wire and SWIFT variants are chosen inside a payment, not in settings. Until the payments work
 * lands, no method has fees, limits, saved cards or banks behind it: "available" only says that
 * the account type may choose it, and that issue gives it its meaning (per country, currency
 * and account). The wallet is the one method that needs no provider.
 */
const PAYMENT_METHODS: readonly PaymentMethodOption[] = [
  { slug: "wallet", name: "Vela wallet", available: true },
  { slug: "credit-and-debit-card-methods", name: "Credit and debit cards", available: true },
  { slug: "bank-transfer", name: "Bank transfer", available: true },
  { slug: "ach-transfer", name: "ACH transfer", available: true },
  { slug: "domestic-wire-transfer-usa", name: "Domestic wire transfer (USA)", available: true },
  { slug: "international-swift-transfer", name: "International SWIFT transfer", available: true },
  { slug: "sepa-transfer-eur", name: "SEPA transfer (EUR)", available: true },
  { slug: "cash", name: "Cash", available: true },
];

/** The list in the caller's language: names come from the payments catalogue's translations. */
export const paymentMethodOptions = (language: Language): PaymentMethodOption[] =>
  PAYMENT_METHODS.map((method) => ({
    ...method,
    name: paymentMethodName(method.slug, method.name, language),
  }));
