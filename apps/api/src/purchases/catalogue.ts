import type { Language } from "@vela/shared/api";
import {
  compareAmounts,
  countDecimals,
  InvalidAmountError,
  toCurrencyAmount,
  toMinor,
} from "@vela/shared/decimal";
import { PURCHASE_MESSAGES } from "@vela/shared/purchases";
import { claimUse } from "../auth/throttles";
import type { Db } from "../db/client";
import { InvalidDataError, NotFoundError } from "../http/errors";
import type {
  BillDef,
  BillPaymentProvider,
  BillPlanDef,
  BillProviderDef,
} from "../providers/bills/bill-provider";
import type { GiftCardProductDef, GiftCardProvider } from "../providers/giftcards/giftcard-provider";
import type {
  DetectedNumber,
  TopupOperatorDef,
  TopupProductDef,
  TopupProvider,
} from "../providers/topups/topup-provider";

/**
 * What a purchase request names, resolved against its aggregator and checked (the quotations use
 * these before pricing): the number and its operator and product, the gift card and its value, the
 * bill, its plan and the amount paid. Each answers the face value in the product's currency, written
 * with that currency's digits. Refusals are 422 on the field at fault with PURCHASE_MESSAGES; an
 * unknown bill is 404 (billNotFound). No floating point: amounts are compared as decimal strings.
 */

const refuse = (field: string, message: string): never => {
  throw new InvalidDataError({ [field]: [message] });
};

/** `amount` written with `decimals` digits, or a 422 on `amount` when it has more. */
function inDigits(amount: string, decimals: number): string {
  try {
    toMinor(amount, decimals);
    return toCurrencyAmount(amount, decimals);
  } catch (error) {
    if (error instanceof InvalidAmountError) {
      return refuse(
        "amount",
        decimals === 0 ? "Enter a whole amount." : `Enter the amount with at most ${decimals} decimals.`,
      );
    }
    throw error;
  }
}

/** A FIXED value (one of `denominations`) or a RANGE value (from `min` to `max`), checked. */
function checkValue(
  amount: string | undefined,
  offer: {
    type: "FIXED" | "RANGE";
    denominations: string[];
    min: string | null;
    max: string | null;
    currencyIso: string;
  },
): string {
  const sample = offer.type === "FIXED" ? offer.denominations[0] : offer.min;
  if (sample === undefined || sample === null) throw new Error("a product without a value on offer");
  const decimals = countDecimals(sample);
  if (offer.type === "FIXED") {
    if (amount === undefined) {
      if (offer.denominations.length === 1) return offer.denominations[0]!;
      return refuse("amount", PURCHASE_MESSAGES.amountRequired);
    }
    const value = inDigits(amount, decimals);
    const match = offer.denominations.find((denomination) => compareAmounts(denomination, value) === 0);
    return match ?? refuse("amount", PURCHASE_MESSAGES.amountNotDenomination(offer.denominations.join(", ")));
  }
  if (amount === undefined) return refuse("amount", PURCHASE_MESSAGES.amountRequired);
  const value = inDigits(amount, decimals);
  if (compareAmounts(value, offer.min!) < 0)
    refuse("amount", PURCHASE_MESSAGES.belowRange(offer.min!, offer.currencyIso));
  if (compareAmounts(value, offer.max!) > 0)
    refuse("amount", PURCHASE_MESSAGES.aboveRange(offer.max!, offer.currencyIso));
  return value;
}

export type ResolvedTopup = {
  phone: DetectedNumber;
  operator: TopupOperatorDef;
  product: TopupProductDef;
  /** The face value in the product's currency (`product.currencyIso`), with its digits. */
  faceValue: string;
};

/**
 * A top-up request: a valid mobile number of a country the aggregator serves (422 on `phone`), an
 * operator of that country (`operator_id`), one of its products (`product_id`), and for a RANGE
 * product an amount within it (a FIXED product's amount, when given, must be its own).
 */
export async function resolveTopup(
  provider: TopupProvider,
  request: { phone: string; operator_id: number; product_id: number; amount?: string | undefined },
): Promise<ResolvedTopup> {
  const phone = await provider.detect(request.phone);
  if (!phone) return refuse("phone", PURCHASE_MESSAGES.invalidPhone);
  if (!(await provider.countries()).includes(phone.countryIso)) {
    return refuse("phone", PURCHASE_MESSAGES.unsupportedCountry);
  }
  const operator = await provider.operator(request.operator_id);
  if (!operator) return refuse("operator_id", PURCHASE_MESSAGES.unknownOperator);
  if (operator.countryIso !== phone.countryIso)
    return refuse("operator_id", PURCHASE_MESSAGES.operatorCountry);
  const product = operator.products.find((item) => item.id === request.product_id);
  if (!product) {
    const elsewhere = (await provider.operators(operator.countryIso)).some((other) =>
      other.products.some((item) => item.id === request.product_id),
    );
    return refuse(
      "product_id",
      elsewhere ? PURCHASE_MESSAGES.productOperator : PURCHASE_MESSAGES.unknownProduct,
    );
  }
  const faceValue = checkValue(request.amount, {
    type: product.type,
    denominations: product.amount === null ? [] : [product.amount],
    min: product.min,
    max: product.max,
    currencyIso: product.currencyIso,
  });
  return { phone, operator, product, faceValue };
}

export type ResolvedGiftCard = { product: GiftCardProductDef; faceValue: string };

/**
 * A gift card request: a product (`product_id`) sold in the sender's country, and a value among its
 * denominations (FIXED) or within its range (RANGE).
 */
export async function resolveGiftCard(
  provider: GiftCardProvider,
  request: { product_id: number; amount: string | undefined; senderCountryIso: string | null },
): Promise<ResolvedGiftCard> {
  const product = await provider.product(request.product_id);
  if (!product) return refuse("product_id", PURCHASE_MESSAGES.unknownProduct);
  if (!request.senderCountryIso || !product.soldIn.includes(request.senderCountryIso.toUpperCase())) {
    return refuse("product_id", PURCHASE_MESSAGES.giftCardCountry);
  }
  const faceValue = checkValue(request.amount, product);
  return { product, faceValue };
}

export type ResolvedBill = {
  provider: BillProviderDef;
  plan: BillPlanDef | null;
  bill: BillDef;
  /** What is paid, in the bill's currency (`provider.currencyIso`), with its digits. */
  faceValue: string;
};

/**
 * A bill payment request: a biller (`service_provider_id`), a reference in its format
 * (`reference_number`), a plan of that biller when it sells plans (`product_id`), the bill the
 * reference has (404 billNotFound otherwise) and the amount: a fixed plan's own amount; otherwise
 * the balance by default, never above it, and less only where the biller takes part payments. A
 * bill with nothing left to pay is refused.
 */
export async function resolveBill(
  provider: BillPaymentProvider,
  request: {
    service_provider_id: number;
    reference_number: string;
    product_id?: number | undefined;
    amount?: string | undefined;
  },
): Promise<ResolvedBill> {
  const biller = await provider.provider(request.service_provider_id);
  if (!biller) return refuse("service_provider_id", PURCHASE_MESSAGES.unknownProvider);
  const reference = request.reference_number.trim();
  if (!new RegExp(biller.referencePattern).test(reference)) {
    return refuse("reference_number", PURCHASE_MESSAGES.billReferenceFormat(biller.referenceExample));
  }
  let plan: BillPlanDef | null = null;
  if (request.product_id !== undefined) {
    const plans = biller.hasPlans ? await provider.plans(biller.id) : [];
    plan =
      plans.find((item) => item.id === request.product_id) ??
      refuse("product_id", PURCHASE_MESSAGES.planProvider);
  } else if (biller.hasPlans) {
    return refuse("product_id", PURCHASE_MESSAGES.planRequired);
  }
  const bill = await provider.lookup(biller.id, reference);
  if (!bill) throw new NotFoundError(PURCHASE_MESSAGES.billNotFound);

  if (plan?.amount != null) {
    const faceValue = checkValue(request.amount, {
      type: "FIXED",
      denominations: [plan.amount],
      min: null,
      max: null,
      currencyIso: plan.currencyIso,
    });
    return { provider: biller, plan, bill, faceValue };
  }

  const balance = bill.balance;
  if (compareAmounts(balance, "0") <= 0) return refuse("reference_number", PURCHASE_MESSAGES.billPaid);
  const faceValue = request.amount === undefined ? balance : inDigits(request.amount, countDecimals(balance));
  if (compareAmounts(faceValue, "0") <= 0) return refuse("amount", "The amount must be more than 0.");
  const versusBalance = compareAmounts(faceValue, balance);
  if (versusBalance > 0) {
    return refuse(
      "amount",
      biller.partialPayment
        ? PURCHASE_MESSAGES.aboveBalanceAny(balance, bill.currencyIso)
        : PURCHASE_MESSAGES.aboveBalance(balance, bill.currencyIso),
    );
  }
  if (versusBalance < 0 && !biller.partialPayment) {
    return refuse("amount", PURCHASE_MESSAGES.aboveBalance(balance, bill.currencyIso));
  }
  return { provider: biller, plan, bill, faceValue };
}

/** Bill lookups per user and window: enough to find one's bills, too few to walk a biller's references. */
export const BILL_LOOKUP_LIMIT = { kind: "bill_lookup", max: 30, windowSeconds: 900 } as const;

const TOO_MANY_LOOKUPS = {
  en: (minutes: number) =>
    `Too many bill lookups. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  es: (minutes: number) =>
    `Demasiadas consultas de facturas. Inténtalo de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
} as const;

/**
 * Counts a bill lookup against the caller's window before it runs, in one statement (lookups sent
 * together each take their own place in the count), and refuses it past the limit with the wait
 * (429, Retry-After).
 */
export async function claimBillLookup(db: Db, userId: number, language: Language = "en"): Promise<void> {
  await claimUse(db, BILL_LOOKUP_LIMIT, String(userId), TOO_MANY_LOOKUPS[language]);
}
