import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/purchases";
import {
  type BillPayer,
  type BillService,
  type DetectedPhone,
  type Operator,
  PURCHASE_MESSAGES,
  type TopupProduct,
} from "@vela/shared/purchases";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { maskPersonName } from "../../auth/masking";
import { contractRoutes } from "../../http/contract";
import { ok } from "../../http/envelope";
import { InvalidDataError, NotFoundError } from "../../http/errors";
import { currentAuth } from "../../plugins/auth";
import type { BillPlanDef, BillProviderDef, BillServiceDef } from "../../providers/bills/bill-provider";
import { billPlanText, billReferenceLabel } from "../../providers/bills/bill-texts";
import { giftCardCategoryName } from "../../providers/giftcards/giftcard-categories";
import type { GiftCardProductDef } from "../../providers/giftcards/giftcard-provider";
import type {
  DetectedNumber,
  TopupOperatorDef,
  TopupProductDef,
} from "../../providers/topups/topup-provider";
import { topupText } from "../../providers/topups/topup-texts";
import { claimBillLookup } from "../../purchases/catalogue";
import { requirePurchaseService } from "../../purchases/guard";
import { localizedCountryName } from "../../reference/country-names";
import { referenceIndex } from "../../reference/reference-index";

/**
 * The purchase services' catalogues (issue 11; spec §7 operators, products, bill services,
 * providers, plans and the bill payer): what the aggregators behind `app.providers.topups`,
 * `.giftcards` and `.bills` offer, with our country and currency ids beside their ISO codes. Each
 * route needs a session with the service's permission (requirePurchaseService). The bill lookup is
 * counted per user (BILL_LOOKUP_LIMIT) and answers the account holder's name masked.
 */

const SERVICE_NAMES_ES: Record<BillServiceDef["slug"], string> = {
  electricity: "Electricidad",
  water: "Agua",
  internet: "Internet",
  tv: "Televisión",
  phone: "Teléfono",
  gas: "Gas",
};

const toTopupProduct = (product: TopupProductDef, language: Language): TopupProduct => ({
  id: product.id,
  operator_id: product.operatorId,
  name: topupText(product.name, language),
  kind: product.kind,
  type: product.type,
  currency_iso: product.currencyIso,
  amount: product.amount,
  min: product.min,
  max: product.max,
  description: topupText(product.description, language),
  validity: topupText(product.validity, language),
});

const toDetectedPhone = (number: DetectedNumber): DetectedPhone => ({
  e164: number.e164,
  prefix: number.callingCode,
  number: number.nationalNumber,
  country_iso: number.countryIso,
  formatted: number.formatted,
});

const toBillPlan = (plan: BillPlanDef, language: Language) => ({
  id: plan.id,
  service_provider_id: plan.providerId,
  name: billPlanText(plan.name, language),
  description: billPlanText(plan.description, language),
  amount: plan.amount,
  currency_iso: plan.currencyIso,
});

/** "María López" → ("María", "López"): the first word, and the rest as the surname. */
function splitName(name: string): [string, string] {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return [first, rest.join(" ")];
}

export async function purchaseCatalogueRoutes(app: FastifyInstance) {
  const serveTopups = contractRoutes(app, {
    tags: ["reload phones"],
    preValidation: requirePurchaseService(app, "reload-phones"),
  });
  const serveGiftCards = contractRoutes(app, {
    tags: ["gift cards"],
    preValidation: requirePurchaseService(app, "gift-cards"),
  });
  const serveBills = contractRoutes(app, {
    tags: ["pay bills"],
    preValidation: requirePurchaseService(app, "prepaid-pay-bills"),
  });
  const reference = referenceIndex(app.db);
  const languageOf = (request: FastifyRequest): Language => request.ctx.language;

  const toOperator = async (operator: TopupOperatorDef, language: Language): Promise<Operator> => {
    const country = await reference.countryByIso(operator.countryIso);
    return {
      id: operator.id,
      name: operator.name,
      logo_url: operator.logoUrl,
      country_id: country.id,
      country_iso: country.iso2,
      currency_id: await reference.currencyId(operator.currencyIso),
      currency_iso: operator.currencyIso,
      data_bundles: operator.products.some((product) => product.kind === "data"),
      products: operator.products.map((product) => toTopupProduct(product, language)),
    };
  };

  const toGiftCard = async (product: GiftCardProductDef, language: Language) => ({
    id: product.id,
    name: product.name,
    brand: product.brand,
    category: product.category,
    category_name: giftCardCategoryName(product.category, language),
    logo_url: product.logoUrl,
    country_id: (await reference.countryByIso(product.countryIso)).id,
    country_iso: product.countryIso,
    currency_id: await reference.currencyId(product.currencyIso),
    currency_iso: product.currencyIso,
    type: product.type,
    denominations: product.denominations,
    min: product.min,
    max: product.max,
    has_pin: product.hasPin,
    redeem_instructions: product.redeemInstructions,
    terms: product.terms,
    sold_in: product.soldIn,
  });

  const toBillProvider = async (provider: BillProviderDef, language: Language) => ({
    id: provider.id,
    name: provider.name,
    logo_url: provider.logoUrl,
    country_id: (await reference.countryByIso(provider.countryIso)).id,
    service_type_id: provider.serviceTypeId,
    currency_id: await reference.currencyId(provider.currencyIso),
    currency_iso: provider.currencyIso,
    reference_label: billReferenceLabel(provider.referenceLabel, language),
    reference_example: provider.referenceExample,
    reference_pattern: provider.referencePattern,
    has_plans: provider.hasPlans,
    partial_payment: provider.partialPayment,
  });

  // ---------------------------------------------------------------------------------------------
  // Phone top-ups

  serveTopups(
    contract.getOperators,
    {
      summary:
        "Operators of a country (country_id=), or of a phone number's country with the operator its prefix belongs to (phone=+52 55 1234 5678)",
    },
    async (request) => {
      const topups = app.providers.topups;
      const { phone, country_id: countryId } = request.query;
      if (phone !== undefined) {
        const number = await topups.detect(phone);
        if (!number) throw new InvalidDataError({ phone: [PURCHASE_MESSAGES.invalidPhone] });
        if (!(await topups.countries()).includes(number.countryIso)) {
          throw new InvalidDataError({ phone: [PURCHASE_MESSAGES.unsupportedCountry] });
        }
        const country = await reference.countryByIso(number.countryIso);
        const operators = await topups.operators(number.countryIso);
        return ok({
          country_id: country.id,
          country_iso: country.iso2,
          phone: toDetectedPhone(number),
          detected_operator_id: number.operatorId,
          operators: await Promise.all(
            operators.map((operator) => toOperator(operator, languageOf(request))),
          ),
        });
      }
      const country = await reference.country(countryId!, languageOf(request));
      const served = (await topups.countries()).includes(country.iso2);
      const operators = served ? await topups.operators(country.iso2) : [];
      return ok({
        country_id: country.id,
        country_iso: country.iso2,
        phone: null,
        detected_operator_id: null,
        operators: await Promise.all(operators.map((operator) => toOperator(operator, languageOf(request)))),
      });
    },
  );

  serveTopups(
    contract.getTopupProducts,
    { summary: "The airtime and data bundles of an operator, in its currency" },
    async (request) => {
      const operator = await app.providers.topups.operator(request.query.operator_id);
      if (!operator) throw new NotFoundError(PURCHASE_MESSAGES.unknownOperator);
      return ok(operator.products.map((product) => toTopupProduct(product, languageOf(request))));
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Gift cards

  serveGiftCards(
    contract.getGiftCards,
    { summary: "Gift cards on offer: by the country they are redeemed in, searched by name, by category" },
    async (request) => {
      const { country_id: countryId, search, category } = request.query;
      const country =
        countryId === undefined ? null : await reference.country(countryId, languageOf(request));
      const products = await app.providers.giftcards.products({
        ...(country ? { countryIso: country.iso2 } : {}),
        ...(search ? { search } : {}),
        ...(category ? { category } : {}),
      });
      return ok(await Promise.all(products.map((product) => toGiftCard(product, languageOf(request)))));
    },
  );

  serveGiftCards(
    contract.getGiftCard,
    { summary: "One gift card: its values, redeem instructions, terms and where it is sold" },
    async (request) => {
      const product = await app.providers.giftcards.product(request.params.id);
      if (!product) throw new NotFoundError(PURCHASE_MESSAGES.unknownProduct);
      return ok(await toGiftCard(product, languageOf(request)));
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Bills

  serveBills(
    contract.getBillServices,
    { summary: "The bill services of a country (electricity, water, internet, TV, phone, gas)" },
    async (request) => {
      const language = languageOf(request);
      const country = await reference.country(request.query.country_id, language);
      const bills = app.providers.bills;
      const services = (await bills.countries()).includes(country.iso2)
        ? await bills.services(country.iso2)
        : [];
      return ok(
        services.map(
          (service): BillService => ({
            country_id: country.id,
            flag: country.flag,
            iso: country.iso2,
            name: localizedCountryName(country.iso2, country.name, language),
            service_type_id: service.serviceTypeId,
            service: language === "es" ? SERVICE_NAMES_ES[service.slug] : service.name,
            slug: service.slug,
            id_field: billReferenceLabel(service.idField, language),
          }),
        ),
      );
    },
  );

  serveBills(
    contract.getBillProviders,
    { summary: "The billers of a service in a country, with the reference each asks for" },
    async (request) => {
      const { country_id: countryId, service_type_id: serviceTypeId } = request.query;
      const country = await reference.country(countryId, languageOf(request));
      const bills = app.providers.bills;
      const services = (await bills.countries()).includes(country.iso2)
        ? await bills.services(country.iso2)
        : [];
      if (!services.some((service) => service.serviceTypeId === serviceTypeId)) {
        throw new NotFoundError(PURCHASE_MESSAGES.unknownService);
      }
      const providers = await bills.providers(country.iso2, serviceTypeId);
      return ok(
        await Promise.all(providers.map((provider) => toBillProvider(provider, languageOf(request)))),
      );
    },
  );

  serveBills(
    contract.getBillPlans,
    {
      summary:
        "The plans of a biller (the Plan step): prepaid packs with their amount, or paying the bill (amount null)",
    },
    async (request) => {
      const provider = await app.providers.bills.provider(request.query.service_provider_id);
      if (!provider) throw new NotFoundError(PURCHASE_MESSAGES.unknownProvider);
      const plans = provider.hasPlans ? await app.providers.bills.plans(provider.id) : [];
      return ok(plans.map((plan) => toBillPlan(plan, languageOf(request))));
    },
  );

  /** The bill lookup (POST /bills and GET /prepaid-pay-bills/bill): counted, then asked of the biller. */
  const lookupBill = async (
    request: FastifyRequest,
    query: { service_provider_id: number; reference_number: string },
  ): Promise<BillPayer> => {
    const user = currentAuth(request).user;
    const bills = app.providers.bills;
    const provider = await bills.provider(query.service_provider_id);
    if (!provider) throw new NotFoundError(PURCHASE_MESSAGES.unknownProvider);
    const referenceNumber = query.reference_number.trim();
    if (!new RegExp(provider.referencePattern).test(referenceNumber)) {
      throw new InvalidDataError({
        reference_number: [PURCHASE_MESSAGES.billReferenceFormat(provider.referenceExample)],
      });
    }
    await claimBillLookup(app.db, user.id, languageOf(request));
    const bill = await bills.lookup(provider.id, referenceNumber);
    if (!bill) throw new NotFoundError(PURCHASE_MESSAGES.billNotFound);
    const country = await reference.countryByIso(provider.countryIso);
    const currencyId = await reference.currencyId(bill.currencyIso);
    return {
      service_provider_id: provider.id,
      service_provider: provider.name,
      reference_number: bill.referenceNumber,
      balance: bill.balance,
      balance_currency_iso: bill.currencyIso,
      currency_id: currencyId,
      currency_iso: bill.currencyIso,
      country_from_id: user.countryId ?? null,
      country_to_id: country.id,
      currency_to_id: currencyId,
      mobile_prefix: country.phone_prefix,
      customer_name: maskPersonName(...splitName(bill.customerName)),
      due_date: bill.dueDate,
      partial_payment: provider.partialPayment,
    };
  };

  serveBills(
    contract.lookUpBill,
    {
      summary:
        "Looks up the bill of a reference with a biller: its balance, due date and masked account holder",
    },
    async (request) => ok(await lookupBill(request, request.body)),
  );

  serveBills(
    contract.getBill,
    { summary: "The bill of a reference with a biller (the same lookup as POST /bills)" },
    async (request) => ok(await lookupBill(request, request.query)),
  );
}
