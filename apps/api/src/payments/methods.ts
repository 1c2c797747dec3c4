import { compareAmounts, fromMinor } from "@vela/shared/decimal";
import type { PaymentMethodOffer, PaymentSubMethod, PaymentUrl } from "@vela/shared/payments";
import type { PricedPaymentMethod } from "@vela/shared/pricing";
import { PURCHASE_SERVICES } from "@vela/shared/purchases";
import { eq } from "drizzle-orm";
import { countries } from "../db/schema/index";
import { priceTransfer } from "../pricing/price";
import {
  amountsOfQuotation,
  lockedRate,
  offerOfQuotation,
  type PricingContext,
  type QuotationRow,
} from "../pricing/quotes";

/**
 * The payment methods catalogue (spec §2 payment flow, §3 payment method slugs, §7 payment-methods).
 * Each method has a stable id (the `payment_type_id` PUT quotations/payment-method takes), its spec
 * slug, the follow-up call that pays with it (`url`), and the priced method it costs as
 * (pricing's PRICED_PAYMENT_METHODS: its fee tiers). Whether a method is offered depends on the
 * quotation's service, origin country, sending currency and amount; its fee is worked out by the
 * pricing code for that quotation at the rate the quotation locked.
 *
 * Ids 1 and 3 match the saved-instrument ids of spec §7 (1 banks, 3 cards).
 */
export type PaymentChannel = "card" | "ach" | "push_transfer" | "praxis" | "d24" | "paypal";

/** What decides whether a method is offered: the quotation's service, origin and amount paid. */
export type CatalogueContext = {
  service: string;
  countryFromIso: string | null;
  currencyIso: string;
  /** What the customer pays (amount_paid), in major units of the sending currency. */
  amountPaid: number;
};

type MethodDefinition = {
  id: number;
  slug: string;
  name: string;
  description: string;
  priced: PricedPaymentMethod;
  /** The follow-up call that pays; null for a method with an intermediate step. */
  url: PaymentUrl | null;
  /** The ledger clearing channel its payments arrive through; null when none is built. */
  channel: PaymentChannel | null;
  offered: (context: CatalogueContext) => boolean;
  subMethods?: MethodDefinition[];
};

/** Latin American origins, where d24's local methods (cash vouchers, local transfers) are offered. */
const LATAM_ORIGINS = new Set([
  "AR",
  "BO",
  "BR",
  "CL",
  "CO",
  "CR",
  "DO",
  "EC",
  "GT",
  "MX",
  "PA",
  "PE",
  "PY",
  "SV",
  "UY",
]);
const CARD_CURRENCIES = new Set(["USD", "CAD", "GBP", "EUR"]);
const PAYPAL_CURRENCIES = new Set(["USD", "CAD", "GBP", "EUR"]);
const PRAXIS_CURRENCIES = new Set(["GBP", "EUR", "CAD"]);
/** Cards are capped per payment; wires cost the customer their bank's fee, so small ones make no sense. */
const CARD_MAX = 3000;
const ACH_MAX = 10000;
const PAYPAL_MAX = 5000;
const WIRE_MIN = 100;

/** Services paid from the caller's own wallet: no card, bank or gateway ever pays for them. */
const WALLET_FUNDED = new Set(["wallet-convert", "wallet-send", "wallet-withdraw"]);
const moneyIn = (context: CatalogueContext) => !WALLET_FUNDED.has(context.service);
const fromUs = (context: CatalogueContext) =>
  (context.countryFromIso === "US" || context.countryFromIso === null) && context.currencyIso === "USD";

const BANK_SUB_METHODS: MethodDefinition[] = [
  {
    id: 11,
    slug: "ach-transfer",
    name: "ACH transfer",
    description: "We debit your US bank account. Takes 1–3 business days to clear.",
    priced: "ach-transfer",
    url: "debit-bank-account",
    channel: "ach",
    offered: (context) => fromUs(context) && context.amountPaid <= ACH_MAX,
  },
  {
    id: 12,
    slug: "domestic-wire-transfer-usa",
    name: "Domestic wire transfer (USA)",
    description: "You send a wire from your US bank quoting our reference. Usually arrives the same day.",
    priced: "bank-transfer",
    url: "bank-transfer",
    channel: "push_transfer",
    offered: (context) => fromUs(context) && context.amountPaid >= WIRE_MIN,
  },
  {
    id: 13,
    slug: "international-swift-transfer",
    name: "International SWIFT transfer",
    description: "You send a SWIFT transfer quoting our reference. Takes 1–5 business days.",
    priced: "bank-transfer",
    url: "bank-transfer",
    channel: "push_transfer",
    offered: (context) => context.amountPaid >= WIRE_MIN,
  },
  {
    id: 14,
    slug: "sepa-transfer-eur",
    name: "SEPA transfer (EUR)",
    description: "You send a SEPA transfer in euros quoting our reference. Usually arrives the next day.",
    priced: "sepa-transfer-eur",
    url: "bank-transfer",
    channel: "push_transfer",
    offered: (context) => context.currencyIso === "EUR",
  },
  {
    id: 15,
    slug: "electronic-funds-transfer",
    name: "Electronic funds transfer",
    description: "You send an EFT from your Canadian bank quoting our reference.",
    priced: "bank-transfer",
    url: "bank-transfer",
    channel: "push_transfer",
    offered: (context) =>
      context.currencyIso === "CAD" && (context.countryFromIso === "CA" || context.countryFromIso === null),
  },
];

export const PAYMENT_METHOD_CATALOGUE: readonly MethodDefinition[] = [
  {
    id: 3,
    slug: "credit-and-debit-card-methods",
    name: "Credit or debit card",
    description: "Visa or Mastercard. Paid at once.",
    priced: "credit-and-debit-card-methods",
    url: "authorize-credit-card",
    channel: "card",
    offered: (context) =>
      moneyIn(context) && CARD_CURRENCIES.has(context.currencyIso) && context.amountPaid <= CARD_MAX,
  },
  {
    id: 1,
    slug: "bank-transfer",
    name: "Bank transfer",
    description: "Pay from your bank account: a debit we start, or a transfer you send.",
    priced: "bank-transfer",
    url: null,
    channel: null,
    offered: moneyIn,
    subMethods: BANK_SUB_METHODS,
  },
  {
    id: 4,
    slug: "praxis",
    name: "Praxis",
    description: "Pay on Praxis's secure page with a card or a local method.",
    priced: "credit-and-debit-card-methods",
    url: "praxis",
    channel: "praxis",
    offered: (context) =>
      moneyIn(context) && PRAXIS_CURRENCIES.has(context.currencyIso) && context.amountPaid <= CARD_MAX,
  },
  {
    id: 5,
    slug: "d24",
    name: "d24",
    description: "Pay with a local method of your country on d24's page.",
    priced: "bank-transfer",
    url: "d24",
    channel: "d24",
    offered: (context) =>
      moneyIn(context) && context.countryFromIso !== null && LATAM_ORIGINS.has(context.countryFromIso),
  },
  {
    id: 6,
    slug: "authorize-paypal",
    name: "PayPal",
    description: "Log in to PayPal and approve the payment.",
    priced: "credit-and-debit-card-methods",
    url: "paypal",
    channel: "paypal",
    offered: (context) =>
      moneyIn(context) && PAYPAL_CURRENCIES.has(context.currencyIso) && context.amountPaid <= PAYPAL_MAX,
  },
  {
    id: 8,
    slug: "wallet",
    name: "Vela wallet",
    description: "Pay from your wallet balance.",
    priced: "wallet",
    url: "wallet",
    channel: null,
    // Conversions, sends to other wallets and withdrawals are paid from the wallet itself; top-ups,
    // gift cards and bills may be (from the caller's wallet in the quotation's currency).
    offered: (context) =>
      WALLET_FUNDED.has(context.service) ||
      (PURCHASE_SERVICES as readonly string[]).includes(context.service),
  },
];

/** The names and descriptions in Spanish (language: es), by slug. */
const SPANISH: Record<string, { name: string; description: string }> = {
  "credit-and-debit-card-methods": {
    name: "Tarjeta de crédito o débito",
    description: "Visa o Mastercard. Se paga al instante.",
  },
  "bank-transfer": {
    name: "Transferencia bancaria",
    description: "Paga desde tu cuenta bancaria: un débito que iniciamos o una transferencia que envías.",
  },
  "ach-transfer": {
    name: "Transferencia ACH",
    description: "Debitamos tu cuenta bancaria de EE. UU. Tarda de 1 a 3 días hábiles.",
  },
  "domestic-wire-transfer-usa": {
    name: "Transferencia bancaria nacional (EE. UU.)",
    description:
      "Envías una transferencia desde tu banco de EE. UU. con nuestra referencia. Suele llegar el mismo día.",
  },
  "international-swift-transfer": {
    name: "Transferencia internacional SWIFT",
    description: "Envías una transferencia SWIFT con nuestra referencia. Tarda de 1 a 5 días hábiles.",
  },
  "sepa-transfer-eur": {
    name: "Transferencia SEPA (EUR)",
    description:
      "Envías una transferencia SEPA en euros con nuestra referencia. Suele llegar al día siguiente.",
  },
  "electronic-funds-transfer": {
    name: "Transferencia electrónica de fondos",
    description: "Envías una EFT desde tu banco canadiense con nuestra referencia.",
  },
  praxis: {
    name: "Praxis",
    description: "Paga en la página segura de Praxis con tarjeta o un método local.",
  },
  d24: { name: "d24", description: "Paga con un método local de tu país en la página de d24." },
  "authorize-paypal": { name: "PayPal", description: "Entra en PayPal y aprueba el pago." },
  wallet: { name: "Billetera Vela", description: "Paga con el saldo de tu billetera." },
  // Not a payment of its own here: named in the settings' list of ways of paying.
  cash: { name: "Efectivo", description: "Pagas en efectivo en un punto de pago." },
};

/** A payment method's name by its slug in the caller's language (settings lists them too). */
export function paymentMethodName(slug: string, name: string, language: string): string {
  return (language === "es" ? SPANISH[slug]?.name : undefined) ?? name;
}

function copyOf(method: MethodDefinition, language: string) {
  const spanish = language === "es" ? SPANISH[method.slug] : undefined;
  return spanish ?? { name: method.name, description: method.description };
}

/** Every method and sub-method by id, and by the payment channel's follow-up. */
const BY_ID = new Map<number, { method: MethodDefinition; parent: MethodDefinition | null }>();
for (const method of PAYMENT_METHOD_CATALOGUE) {
  BY_ID.set(method.id, { method, parent: null });
  for (const sub of method.subMethods ?? []) BY_ID.set(sub.id, { method: sub, parent: method });
}

export function findCatalogueMethod(id: number) {
  return BY_ID.get(id) ?? null;
}

export function findCatalogueMethodBySlug(slug: string) {
  for (const entry of BY_ID.values()) if (entry.method.slug === slug) return entry;
  return null;
}

/** Which methods (and sub-methods) are offered, before any fee is worked out. */
export function offeredMethods(context: CatalogueContext) {
  return PAYMENT_METHOD_CATALOGUE.filter((method) => method.offered(context))
    .map((method) => ({
      method,
      subMethods: (method.subMethods ?? []).filter((sub) => sub.offered(context)),
    }))
    .filter(({ method, subMethods }) => !method.subMethods || subMethods.length > 0);
}

export async function catalogueContextOf(context: PricingContext, row: QuotationRow) {
  const offer = await offerOfQuotation(context, row, row.paymentMethod, lockedRate(row));
  let countryFromIso: string | null = null;
  if (row.countryFromId !== null) {
    const [country] = await context.db
      .select({ iso2: countries.iso2 })
      .from(countries)
      .where(eq(countries.id, row.countryFromId));
    countryFromIso = country?.iso2 ?? null;
  }
  const catalogue: CatalogueContext = {
    service: row.service,
    countryFromIso,
    currencyIso: offer.from.iso,
    amountPaid: Number(fromMinor(row.totalMinor, offer.from.decimals)),
  };
  return { catalogue, currency: offer.from };
}

/**
 * Whether a method (by its id, or a sub-method's) is offered for this quotation: the answer of
 * PUT quotations/payment-method and of every payment call before anything is charged.
 */
export async function isMethodOffered(context: PricingContext, row: QuotationRow, id: number) {
  const { catalogue } = await catalogueContextOf(context, row);
  return offeredMethods(catalogue).some(
    ({ method, subMethods }) => method.id === id || subMethods.some((sub) => sub.id === id),
  );
}

/** The methods offered for a quotation, each with its fee worked out by pricing for this quotation. */
export async function paymentMethodsFor(
  context: PricingContext,
  row: QuotationRow,
): Promise<PaymentMethodOffer[]> {
  const { catalogue, currency } = await catalogueContextOf(context, row);
  const feeCache = new Map<string, string>();
  const feeOf = async (priced: PricedPaymentMethod) => {
    const known = feeCache.get(priced);
    if (known !== undefined) return known;
    const offer = await offerOfQuotation(context, row, priced, lockedRate(row));
    const amounts = amountsOfQuotation(row, offer);
    const request = { sendAmount: amounts.send_amount, receivingAmount: amounts.receiving_amount };
    const price = priceTransfer(offer.terms, request, context.language);
    feeCache.set(priced, price.fee);
    return price.fee;
  };
  const answer: PaymentMethodOffer[] = [];
  for (const { method, subMethods } of offeredMethods(catalogue)) {
    const subs: PaymentSubMethod[] = [];
    for (const sub of subMethods) {
      subs.push({
        id: sub.id,
        slug: sub.slug,
        ...copyOf(sub, context.language),
        fee: await feeOf(sub.priced),
        fee_currency: currency.iso,
        url: sub.url ?? "bank-transfer",
      });
    }
    const fee = method.subMethods ? lowestFee(subs.map((sub) => sub.fee)) : await feeOf(method.priced);
    answer.push({
      id: method.id,
      slug: method.slug,
      ...copyOf(method, context.language),
      fee,
      fee_currency: currency.iso,
      intermediate_step: method.subMethods !== undefined,
      sub_methods: subs,
      url: method.url,
      payment_currency_id: currency.id,
      payment_currency_iso: currency.iso,
    });
  }
  return answer;
}

/** A method with sub-methods shows the lowest of their fees ("from"). */
function lowestFee(fees: string[]): string {
  return fees.reduce((lowest, fee) => (compareAmounts(fee, lowest) < 0 ? fee : lowest));
}
