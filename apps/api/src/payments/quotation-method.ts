import { toMinor } from "@vela/shared/decimal";
import type {
  addPaymentMethodRequest,
  QuotationPaymentSummary,
  setPaymentMethodRequest,
} from "@vela/shared/payments";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { countries, paymentProfiles, promoCodes } from "../db/schema/index";
import { InvalidDataError, NotFoundError } from "../http/errors";
import {
  amountsOfQuotation,
  assertQuotationOpen,
  changeQuotation,
  describeQuotation,
  lockedRate,
  offerOfQuotation,
  ownQuotation,
  type PricingContext,
  priceOffer,
  type QuotationRow,
} from "../pricing/quotes";
import { catalogueContextOf, findCatalogueMethod, offeredMethods } from "./methods";

const _EXPIRED = "This quotation has expired and its rate is no longer held. Request a new quotation.";
export const NOT_OFFERED = "This payment method is not offered for this quotation.";

/** A stored quotation as the payment step reads it: the summary with the chosen method and instrument. */
export async function describeWithPayment(
  context: PricingContext,
  row: QuotationRow,
): Promise<QuotationPaymentSummary> {
  const chosen = row.paymentTypeId === null ? null : findCatalogueMethod(row.paymentTypeId);
  return {
    ...(await describeQuotation(context, row)),
    payment_type_id: row.paymentTypeId,
    payment_method_slug: row.paymentMethodSlug,
    payment_method_name: chosen?.method.name ?? null,
    payment_profile_id: row.paymentProfileId,
  };
}

/**
 * PUT quotations/payment-method/{id}: checks the method (or sub-method) is offered for this
 * quotation, then prices the quotation with it at the rate it locked (the fee and total change;
 * the rate and its expiry stay), and records the choice.
 */
export async function setQuotationPaymentMethod(
  context: PricingContext,
  userId: number,
  quotationId: number,
  input: z.infer<typeof setPaymentMethodRequest>,
): Promise<QuotationPaymentSummary> {
  const row = await ownQuotation(context.db, userId, quotationId);
  assertQuotationOpen(row);
  const { catalogue } = await catalogueContextOf(context, row);
  const offers = offeredMethods(catalogue);
  // A sub-method's own id names its method too (payment_type_id 11 is ACH under bank transfer).
  const parentOfSub = offers.find(({ subMethods }) =>
    subMethods.some((sub) => sub.id === input.payment_type_id),
  );
  if (parentOfSub && input.payment_sub_type_id === undefined) {
    input = { ...input, payment_type_id: parentOfSub.method.id, payment_sub_type_id: input.payment_type_id };
  }
  const offered = offers.find(({ method }) => method.id === input.payment_type_id);
  if (!offered) throw new InvalidDataError({ payment_type_id: [NOT_OFFERED] }, NOT_OFFERED);
  let chosen = offered.method;
  if (offered.method.subMethods) {
    const sub = offered.subMethods.find((candidate) => candidate.id === input.payment_sub_type_id);
    if (!sub) {
      const message =
        input.payment_sub_type_id === undefined ? "Choose how to pay by bank transfer." : NOT_OFFERED;
      throw new InvalidDataError({ payment_sub_type_id: [message] }, message);
    }
    chosen = sub;
  } else if (input.payment_sub_type_id !== undefined) {
    throw new InvalidDataError({ payment_sub_type_id: ["This payment method has no sub-methods."] });
  }
  if (chosen.url !== input.url) {
    throw new InvalidDataError({ url: [`Must be ${chosen.url} for this payment method.`] });
  }
  if (input.payment_currency_id !== row.currencyFromId) {
    throw new InvalidDataError({ payment_currency_id: ["Must be the quotation's sending currency."] });
  }
  if (row.countryFromId !== null) {
    const [origin] = await context.db
      .select({ iso2: countries.iso2 })
      .from(countries)
      .where(eq(countries.id, row.countryFromId));
    if (origin && origin.iso2 !== input.country_iso.toUpperCase()) {
      throw new InvalidDataError({ country_iso: ["Must be the country the money is sent from."] });
    }
  }

  const offer = await offerOfQuotation(context, row, chosen.priced, lockedRate(row));
  const [promo] = row.promoCodeId
    ? await context.db.select().from(promoCodes).where(eq(promoCodes.id, row.promoCodeId))
    : [];
  const { price } = await priceOffer(context, offer, amountsOfQuotation(row, offer), {
    promoCode: promo?.code,
    userId,
    quotationId: row.id,
  });
  const minor = (amount: string) => toMinor(amount, offer.from.decimals);
  // Only while the rate lock holds and no payment holds the quotation (409 otherwise).
  const written = await changeQuotation(context.db, row.id, {
    paymentMethod: chosen.priced,
    paymentTypeId: chosen.id,
    paymentMethodSlug: chosen.slug,
    // A saved card does not pay by bank: the attached instrument goes when the method changes.
    paymentProfileId: row.paymentMethodSlug === chosen.slug ? row.paymentProfileId : null,
    sendAmountMinor: minor(price.sendAmount),
    feeMinor: minor(price.fee),
    discountMinor: minor(price.discount),
    totalMinor: minor(price.total),
    receivingAmountMinor: toMinor(price.receivingAmount, offer.to.decimals),
  });
  return describeWithPayment(context, written);
}

/** Which kind of saved instrument pays by a method slug. */
const PROFILE_KIND_OF: Record<string, "card" | "bank"> = {
  "credit-and-debit-card-methods": "card",
  "ach-transfer": "bank",
};

/** PUT payments/add-payment-method: attaches one of the user's saved cards or banks to the quotation. */
export async function attachPaymentProfile(
  context: PricingContext,
  userId: number,
  input: z.infer<typeof addPaymentMethodRequest>,
): Promise<QuotationPaymentSummary> {
  const row = await ownQuotation(context.db, userId, input.quotation_id);
  assertQuotationOpen(row);
  const [profile] = await context.db
    .select()
    .from(paymentProfiles)
    .where(
      and(
        eq(paymentProfiles.id, input.payment_profile_id),
        eq(paymentProfiles.userId, userId),
        eq(paymentProfiles.saved, true),
        isNull(paymentProfiles.deletedAt),
      ),
    );
  if (!profile) throw new NotFoundError("Payment profile not found.");
  const kind = row.paymentMethodSlug ? PROFILE_KIND_OF[row.paymentMethodSlug] : undefined;
  if (!kind) {
    throw new InvalidDataError({
      payment_profile_id: ["Choose a card or ACH payment method for this quotation first."],
    });
  }
  if (kind !== profile.kind) {
    throw new InvalidDataError({
      payment_profile_id: [
        kind === "card" ? "Choose one of your saved cards." : "Choose one of your saved bank accounts.",
      ],
    });
  }
  const written = await changeQuotation(context.db, row.id, { paymentProfileId: profile.id });
  return describeWithPayment(context, written);
}
