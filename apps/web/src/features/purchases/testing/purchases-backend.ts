import { examineServiceRules } from "@vela/shared/contract/auth";
import { getPaymentMethods, setPaymentMethod } from "@vela/shared/contract/payments";
import { getQuotation } from "@vela/shared/contract/pricing";
import {
  createPurchaseQuotation,
  createPurchaseTransaction,
  getBillPlans,
  getBillProviders,
  getBillServices,
  getGiftCard,
  getGiftCards,
  getOperators,
  getPurchaseCountries,
  getPurchaseOrder,
  lookUpBill,
  revealRedeemCode,
} from "@vela/shared/contract/purchases";
import { getCountries, getCurrencies } from "@vela/shared/contract/reference";
import { getUserWallets } from "@vela/shared/contract/wallets";
import { compareAmounts } from "@vela/shared/decimal";
import type { PaymentMethodOffer } from "@vela/shared/payments";
import type {
  BillPlan,
  BillProvider,
  BillQuotationRequest,
  GiftCardProduct,
  GiftCardQuotationRequest,
  Operator,
  PurchaseConfirmation,
  PurchaseItem,
  PurchaseQuotation,
  PurchaseService,
  TopupQuotationRequest,
} from "@vela/shared/purchases";
import type { Currency } from "@vela/shared/reference";
import type { Wallet } from "@vela/shared/wallets";
import { cardPaymentHandlers } from "@/test/card-payments";
import { failure, handle, invalid, success } from "@/test/contract-handlers";
import { countryFixture } from "@/test/fixtures";
import { confirmationRecordOf } from "@/test/orders";

/**
 * An in-memory backend of the purchase services' contract for the SPA's tests: a Mexican and a
 * Colombian catalogue, quotations priced at a fixed rate, card payments, the wallet method, and
 * orders that move on each time they are asked (a number ending in 0000 ends refunded).
 */
export const PUSD: Currency = { id: 10, iso: "USD", name: "US Dollar", decimals: 2, symbol: "$" };
export const PMXN: Currency = { id: 12, iso: "MXN", name: "Mexican Peso", decimals: 2, symbol: "$" };
export const PCOP: Currency = { id: 15, iso: "COP", name: "Colombian Peso", decimals: 2, symbol: "$" };
const CURRENCIES = [PUSD, PMXN, PCOP];

export const P_US = countryFixture(1, "United States", "US", "USA", PUSD);
export const P_MX = countryFixture(4, "Mexico", "MX", "MEX", PMXN, "+52");
export const P_CO = countryFixture(6, "Colombia", "CO", "COL", PCOP, "+57");
const COUNTRIES = [P_US, P_MX, P_CO];

const topup = (id: number, operatorId: number, amount: string, kind: "airtime" | "data" = "airtime") => ({
  id,
  operator_id: operatorId,
  name: kind === "data" ? `Data ${amount}` : `Airtime ${amount}`,
  kind,
  type: "FIXED" as const,
  currency_iso: "MXN",
  amount,
  min: null,
  max: null,
  description: kind === "data" ? "3 GB" : "Credit",
  validity: kind === "data" ? "30 days" : null,
});
export const TELCEL: Operator = {
  id: 101,
  name: "Telcel",
  logo_url: "/logos/telcel.svg",
  country_id: P_MX.id,
  country_iso: "MX",
  currency_id: PMXN.id,
  currency_iso: "MXN",
  data_bundles: true,
  products: [topup(1001, 101, "100.00"), topup(1002, 101, "200.00"), topup(1003, 101, "150.00", "data")],
};
export const MOVISTAR: Operator = {
  id: 102,
  name: "Movistar",
  logo_url: "/logos/movistar.svg",
  country_id: P_MX.id,
  country_iso: "MX",
  currency_id: PMXN.id,
  currency_iso: "MXN",
  data_bundles: false,
  products: [
    {
      id: 1101,
      operator_id: 102,
      name: "Any amount",
      kind: "airtime",
      type: "RANGE",
      currency_iso: "MXN",
      amount: null,
      min: "20.00",
      max: "500.00",
      description: "Credit",
      validity: null,
    },
  ],
};

const giftCard = (
  id: number,
  brand: string,
  category: string,
  soldIn: string[],
  hasPin = false,
): GiftCardProduct => ({
  id,
  name: `${brand} gift card`,
  brand,
  category: category.toLowerCase(),
  category_name: category,
  logo_url: `/logos/${id}.svg`,
  country_id: P_US.id,
  country_iso: "US",
  currency_id: PUSD.id,
  currency_iso: "USD",
  type: "FIXED",
  denominations: ["10.00", "25.00", "50.00"],
  min: null,
  max: null,
  has_pin: hasPin,
  redeem_instructions: `Redeem at ${brand.toLowerCase()}.com/redeem.`,
  terms: "No cash value.",
  sold_in: soldIn,
});
export const AMAZON = giftCard(501, "Amazon", "Shopping", ["US", "MX"]);
export const NETFLIX = giftCard(502, "Netflix", "Entertainment", ["MX"], true);
export const ZARA_ES = giftCard(503, "Zara", "Fashion", ["ES"]);
const GIFT_CARDS = [AMAZON, NETFLIX, ZARA_ES];

const provider = (id: number, name: string, hasPlans: boolean, partial: boolean): BillProvider => ({
  id,
  name,
  logo_url: `/logos/${id}.svg`,
  country_id: P_CO.id,
  service_type_id: 1,
  currency_id: PCOP.id,
  currency_iso: "COP",
  reference_label: "Contract number",
  reference_example: "1234567890",
  reference_pattern: "^\\d{10}$",
  has_plans: hasPlans,
  partial_payment: partial,
});
export const ENEL = provider(301, "Enel Colombia", true, true);
export const AIRE = provider(302, "Air-e", false, false);
export const ENEL_PLANS: BillPlan[] = [
  {
    id: 401,
    service_provider_id: 301,
    name: "Pay your bill",
    description: "The bill's balance",
    amount: null,
    currency_iso: "COP",
  },
  {
    id: 402,
    service_provider_id: 301,
    name: "Energy pack 50 kWh",
    description: "Prepaid energy",
    amount: "40000.00",
    currency_iso: "COP",
  },
];

/** Units of the face currency per dollar. */
const RATES: Record<string, string> = { MXN: "20", COP: "4000", USD: "1" };
const FEE = "1.00";

/** face / rate in the pay-in currency, to two digits (the tests use round numbers). */
const price = (face: string, faceIso: string, payIso: string) => {
  const dollars = Number(face) / Number(RATES[faceIso] ?? "1");
  return (dollars * Number(RATES[payIso] ?? "1")).toFixed(2);
};

export type PurchasesBackendOptions = {
  permissions?: Partial<Record<"recharge" | "giftcard" | "paybill", boolean>>;
  /** examine-rules refuses the service with this modal. */
  refuseRules?: boolean;
  walletCurrencies?: Currency[];
};

export const purchasesBackend = (options: PurchasesBackendOptions = {}) => {
  let nextId = 1;
  const quotations = new Map<number, PurchaseQuotation & { walletPaid?: boolean }>();
  const cards = cardPaymentHandlers({
    firstId: 800,
    priceOf: (quotationId) => {
      const quotation = quotations.get(quotationId);
      return { amount: quotation?.amount_paid ?? "0", currency: quotation?.currency_from_iso ?? "USD" };
    },
  });
  const orders = new Map<
    number,
    PurchaseConfirmation & { polls: number; failing: boolean; codeShown: boolean }
  >();
  const replays = new Map<string, PurchaseConfirmation>();
  const wallets: Wallet[] = (options.walletCurrencies ?? [PUSD]).map((currency, index) => ({
    id: 900 + index,
    public_id: `VW-TEST-${index}`,
    status: "open",
    currency: { ...currency, flag_currency: null },
    balance: "500.00",
    available: "500.00",
    on_hold: "0.00",
    created_at: "2026-11-23T10:00:00.000Z",
  }));

  const quote = (service: PurchaseService, currencyFromId: number, item: PurchaseItem) => {
    const from = CURRENCIES.find((currency) => currency.id === currencyFromId) ?? PUSD;
    const to = CURRENCIES.find((currency) => currency.iso === item.face_currency_iso) ?? PUSD;
    const send = price(item.face_value, item.face_currency_iso, from.iso);
    const id = nextId++;
    const quotation: PurchaseQuotation = {
      id,
      service,
      status: "open",
      expires_at: "2026-11-23T12:30:00.000Z",
      expires_in: 1800,
      created_at: "2026-11-23T12:00:00.000Z",
      country_from_id: P_MX.id,
      country_to_id: COUNTRIES.find((candidate) => candidate.iso2 === item.country_iso)?.id ?? null,
      currency_from_id: from.id,
      currency_to_id: to.id,
      currency_from_iso: from.iso,
      currency_to_iso: to.iso,
      shipping_method_id: 1,
      shipping_method: { name: "Instant", slug: "instant" },
      payment_method: "Card",
      send_amount: send,
      receiving_amount: item.face_value,
      vela_fee_amount: FEE,
      external_fee_amount: "0.00",
      discount: "0.00",
      amount_paid: (Number(send) + Number(FEE)).toFixed(2),
      rate: (Number(RATES[to.iso]) / Number(RATES[from.iso])).toFixed(4),
      mid_rate: "1",
      rate_source: "Test rates",
      rate_as_of: null,
      rate_legs: [],
      limits: { send: { min: "1", max: "10000" }, receiving: { min: "1", max: "10000" } },
      guaranteed_rate: true,
      transfer_time: "Instant",
      estimated_fee_currency: from.iso,
      promo_code: null,
      item,
    };
    quotations.set(id, quotation);
    return quotation;
  };

  const confirmation = (quotation: PurchaseQuotation, paymentId: number | null): PurchaseConfirmation => {
    const id = 7000 + nextId++;
    return {
      ...confirmationRecordOf(id, quotation, {
        ref: `VL-${id}`,
        ref_contract: `C-${id}`,
        tracking_number: `T${id}`,
        status: "processing",
        status_label: "Processing",
        payment_detail_id: paymentId,
        payment_method: paymentId === null ? "Vela wallet" : "Card",
        recipient_name: quotation.item.recipient_name,
        service_provider_id: quotation.item.operator_id,
        country_from_id: quotation.country_from_id,
        country_to_id: quotation.country_to_id,
        delivery_method: "Instant",
        created_at: "2026-11-23T12:01:00.000Z",
      }),
      item: quotation.item,
      redeem_code_status: quotation.item.service === "gift-cards" ? "pending" : null,
    };
  };

  const notFound = (what: string) => failure(404, `${what} not found.`);
  const providerOf = (id: number) => [ENEL, AIRE].find((candidate) => candidate.id === id);

  const handlers = [
    handle(examineServiceRules, () =>
      options.refuseRules
        ? {
            allowed: false,
            hide_modal: false,
            modal: {
              button: { label: "Verify phone", code: "VERIFY_PHONE" },
              code: "VERIFY_PHONE",
              id: "x",
              persistent: false,
              text: "Moving money needs a verified phone number.",
              time: null,
              title: "Verify your phone number",
              img: null,
              seconds: null,
              show: true,
            },
          }
        : { allowed: true, hide_modal: false, modal: null },
    ),
    handle(getCountries, COUNTRIES),
    handle(getCurrencies, CURRENCIES),
    // As the API: direction=to lists the countries served; without it, the sending markets too.
    handle(getPurchaseCountries, ({ query }) =>
      query.direction === "to" ? [P_CO, P_MX] : [P_CO, P_MX, P_US],
    ),
    handle(getUserWallets, wallets),
    handle(getOperators, ({ url }) => {
      const phone = (url.searchParams.get("phone") ?? "").replace(/\s/g, "");
      if (!/^\+52\d{10}$/.test(phone))
        return invalid({
          phone: ["Enter a valid mobile number with its country code, e.g. +52 55 1234 5678."],
        });
      const national = phone.slice(3);
      return {
        country_id: P_MX.id,
        country_iso: "MX",
        phone: {
          e164: phone,
          prefix: "+52",
          number: national,
          country_iso: "MX",
          formatted: `+52 ${national.slice(0, 2)} ${national.slice(2, 6)} ${national.slice(6)}`,
        },
        detected_operator_id: national.startsWith("55") ? TELCEL.id : MOVISTAR.id,
        operators: [TELCEL, MOVISTAR],
      };
    }),
    handle(createPurchaseQuotation, ({ params, body }) => {
      if (params.service === "reload-phones") {
        const input = body as TopupQuotationRequest;
        const operator = [TELCEL, MOVISTAR].find((candidate) => candidate.id === Number(input.operator_id));
        const product = operator?.products.find((candidate) => candidate.id === Number(input.product_id));
        if (!operator || !product)
          return failure(422, "Product not found.", { errors: { product_id: ["Product not found."] } });
        return quote("reload-phones", Number(input.currency_from_id), {
          service: "reload-phones",
          provider_name: operator.name,
          logo_url: operator.logo_url,
          product_id: product.id,
          product_name: product.name,
          face_value: product.amount ?? String(input.amount),
          face_currency_iso: "MXN",
          country_iso: "MX",
          account: String(input.phone),
          operator_id: operator.id,
          recipient_name: null,
        });
      }
      if (params.service === "gift-cards") {
        const input = body as GiftCardQuotationRequest;
        const card = GIFT_CARDS.find((candidate) => candidate.id === Number(input.product_id));
        if (!card) return notFound("Product");
        return quote("gift-cards", Number(input.currency_from_id), {
          service: "gift-cards",
          provider_name: card.brand,
          logo_url: card.logo_url,
          product_id: card.id,
          product_name: card.name,
          face_value: String(input.amount),
          face_currency_iso: "USD",
          country_iso: "US",
          account: String(input.recipient_email),
          operator_id: null,
          recipient_name: String(input.recipient_name),
        });
      }
      const input = body as BillQuotationRequest;
      const found = providerOf(Number(input.service_provider_id));
      if (!found) return notFound("Provider");
      const plan = ENEL_PLANS.find((candidate) => candidate.id === Number(input.product_id));
      const payer = input.payer;
      return quote("prepaid-pay-bills", Number(input.currency_from_id), {
        service: "prepaid-pay-bills",
        provider_name: found.name,
        logo_url: found.logo_url,
        product_id: plan?.id ?? null,
        product_name: plan?.name ?? "Bill",
        face_value: plan?.amount ?? String(input.amount ?? "120000.00"),
        face_currency_iso: "COP",
        country_iso: "CO",
        account: String(input.reference_number),
        operator_id: found.id,
        recipient_name: payer ? `${payer.first_name} ${payer.last_name}` : null,
      });
    }),
    handle(getGiftCards, ({ url }) => {
      const search = (url.searchParams.get("search") ?? "").toLowerCase();
      const category = url.searchParams.get("category") ?? "";
      return GIFT_CARDS.filter(
        (card) =>
          (!search || card.brand.toLowerCase().includes(search)) && (!category || card.category === category),
      );
    }),
    handle(
      getGiftCard,
      ({ params }) => GIFT_CARDS.find((candidate) => candidate.id === params.id) ?? notFound("Product"),
    ),
    handle(getBillServices, ({ url }) =>
      Number(url.searchParams.get("country_id")) === P_CO.id
        ? [
            {
              country_id: P_CO.id,
              flag: "",
              iso: "CO",
              name: "Colombia",
              service_type_id: 1,
              service: "Electricity",
              slug: "electricity" as const,
              id_field: "Contract number",
            },
          ]
        : [],
    ),
    handle(getBillProviders, [ENEL, AIRE]),
    handle(getBillPlans, ({ url }) =>
      Number(url.searchParams.get("service_provider_id")) === ENEL.id ? ENEL_PLANS : [],
    ),
    handle(lookUpBill, ({ body }) => {
      const reference = String(body.reference_number);
      const found = providerOf(Number(body.service_provider_id));
      if (!found) return notFound("Provider");
      if (reference.endsWith("0000"))
        return failure(404, "We found no bill with this reference number. Check it on your bill.");
      return {
        service_provider_id: found.id,
        service_provider: found.name,
        reference_number: reference,
        balance: "120000.00",
        balance_currency_iso: "COP",
        currency_id: PCOP.id,
        currency_iso: "COP",
        country_from_id: P_MX.id,
        country_to_id: P_CO.id,
        currency_to_id: PCOP.id,
        mobile_prefix: "+57",
        customer_name: "Ma••• Ló•••",
        due_date: "2026-12-05",
        partial_payment: found.partial_payment,
      };
    }),
    handle(getQuotation, ({ params }) => quotations.get(params.id) ?? notFound("Quotation")),
    handle(getPaymentMethods, ({ params }) => {
      const quotation = quotations.get(params.quotation_id);
      const currency = {
        fee: "0.00",
        fee_currency: quotation?.currency_from_iso ?? "USD",
        intermediate_step: false,
        sub_methods: [],
        payment_currency_id: quotation?.currency_from_id ?? PUSD.id,
        payment_currency_iso: quotation?.currency_from_iso ?? "USD",
      };
      const offers: PaymentMethodOffer[] = [
        {
          id: 3,
          slug: "credit-and-debit-card-methods",
          name: "Credit or debit card",
          description: "Visa, Mastercard",
          url: "authorize-credit-card",
          ...currency,
        },
        {
          id: 8,
          slug: "wallet",
          name: "Vela wallet",
          description: "Pay from your wallet balance.",
          url: "wallet",
          ...currency,
        },
      ];
      return offers;
    }),
    handle(setPaymentMethod, ({ params, body }) => {
      const quotation = quotations.get(params.id);
      if (!quotation) return notFound("Quotation");
      const { item: _item, ...summary } = quotation;
      // The quotation priced with the chosen method, and which method (spec §4).
      return {
        ...summary,
        payment_type_id: Number(body.payment_type_id) || null,
        payment_method_slug: null,
        payment_method_name: null,
        payment_profile_id: null,
      };
    }),
    ...cards.handlers,
    handle(createPurchaseTransaction, ({ body, headers }) => {
      const key = headers.get("Idempotency-Key");
      const replayed = key ? replays.get(key) : undefined;
      if (replayed) return success(replayed, null, 200);
      const quotation = quotations.get(Number(body.quotation_id));
      if (quotation?.status !== "open") return failure(422, "This quotation is not open.");
      const paymentId = body.payment_id === undefined ? null : Number(body.payment_id);
      if (paymentId !== null && !cards.payments.has(paymentId)) return failure(422, "Payment not found.");
      quotation.status = "used";
      const placed = confirmation(quotation, paymentId);
      orders.set(placed.order_id, {
        ...placed,
        polls: 0,
        failing: quotation.item.service === "reload-phones" && quotation.item.account.endsWith("0000"),
        codeShown: false,
      });
      if (key) replays.set(key, placed);
      return placed;
    }),
    handle(getPurchaseOrder, ({ params }) => {
      const order = orders.get(params.id);
      if (!order) return notFound("Order");
      order.polls++;
      if (order.polls >= 1 && order.status === "processing") {
        if (order.failing) {
          order.status = "refunded";
          order.status_label = "Refunded";
          order.status_reason = "The operator is not taking top-ups right now. Nothing was charged.";
        } else {
          order.status = "completed";
          order.status_label = "Completed";
          if (order.item.service === "gift-cards") order.redeem_code_status = "ready";
        }
      }
      const { polls: _polls, failing: _failing, codeShown: _shown, ...record } = order;
      return record;
    }),
    handle(revealRedeemCode, ({ params }) => {
      const order = orders.get(params.id);
      if (!order) return notFound("Order");
      if (order.redeem_code_status !== "ready")
        return failure(
          409,
          "The redeem code was already shown once. You will find it in the e-mail we sent you.",
        );
      order.redeem_code_status = "shown";
      return {
        order_id: order.order_id,
        code: "AMZN-7K2Q-XW9P",
        pin: null,
        redeem_instructions: "Redeem at amazon.com/redeem.",
      };
    }),
  ];

  return { handlers, orders, quotations, compare: compareAmounts };
};
