import type { AuthSession, AuthUser, OnboardingStatus, TfaChallenge } from "@vela/shared/auth";
import type { QuotationPaymentSummary } from "@vela/shared/payments";
import type { Quotation } from "@vela/shared/pricing";
import type { QuotationSelection } from "@vela/shared/recipients";
import type { Country, Currency } from "@vela/shared/reference";

/** A country as the reference lists answer it (calling code +1 unless given). */
export const countryFixture = (
  id: number,
  name: string,
  iso2: string,
  iso3: string,
  currency: Currency | null,
  phonePrefix = "+1",
): Country => ({
  id,
  name,
  iso2,
  iso3,
  flag: "",
  flag_url: `/api/flags/${iso2}.svg`,
  phone_prefix: phonePrefix,
  currency_id: currency?.id ?? null,
  currency_iso: currency?.iso ?? null,
});

export const USD: Currency = { id: 10, iso: "USD", name: "US Dollar", decimals: 2, symbol: "$" };
export const EUR: Currency = { id: 11, iso: "EUR", name: "Euro", decimals: 2, symbol: "€" };
export const MXN: Currency = { id: 12, iso: "MXN", name: "Mexican Peso", decimals: 2, symbol: "$" };
export const PHP: Currency = { id: 13, iso: "PHP", name: "Philippine Peso", decimals: 2, symbol: "₱" };
export const JPY: Currency = { id: 14, iso: "JPY", name: "Yen", decimals: 0, symbol: "¥" };
export const CURRENCIES = [USD, EUR, MXN, PHP, JPY];

export const UNITED_STATES = countryFixture(1, "United States", "US", "USA", USD);
export const SPAIN = countryFixture(2, "Spain", "ES", "ESP", EUR);
export const JAPAN = countryFixture(3, "Japan", "JP", "JPN", JPY);
export const MEXICO = countryFixture(4, "Mexico", "MX", "MEX", MXN);
export const PHILIPPINES = countryFixture(5, "Philippines", "PH", "PHL", PHP);
export const FROM_COUNTRIES = [UNITED_STATES, SPAIN, JAPAN];
export const TO_COUNTRIES = [MEXICO, PHILIPPINES];

export const CLIENT_USER: AuthUser = {
  id: 7,
  role: "client",
  email: "ana@example.com",
  first_name: "Ana",
  last_name: "López",
  organization_name: null,
  country_id: 4,
  phone_prefix: "+52",
  phone_number: "5512345678",
  avatar_url: null,
  tfa_enabled: false,
  tfa_method: null,
  email_verified_at: null,
  phone_verified_at: null,
  created_at: "2026-01-05T10:00:00.000Z",
};

export const PENDING_EMAIL: OnboardingStatus = {
  available: true,
  email_verified: false,
  phone_verified: false,
  profile_completed: false,
  status: "pending_email",
};

/** A signed-in answer for `user` (login, registration, renewal). */
export const sessionFor = (
  user: AuthUser = CLIENT_USER,
  overrides: Partial<AuthSession> = {},
): AuthSession => ({
  role: user.role,
  user_type: user.role,
  user,
  permissions: { giftcard: true, paybill: true, recharge: true, sendmoney: true },
  onboarding: PENDING_EMAIL,
  token: `access-${user.id}`,
  token_type: "Bearer",
  expires_in: 900,
  refresh_token: `refresh-${user.id}-0000000000000000`,
  refresh_expires_in: 2_592_000,
  ...overrides,
});

export const EMAIL_CHALLENGE: TfaChallenge = {
  tfa_required: true,
  tfa_token: "tfa-token-000000000000000000",
  method: "email",
  destination: "a•••@e•••.com",
  seconds: 60,
  expires_in: 600,
};

/** The corridor most tests price: dollars from the United States to pesos in Mexico. */
export const US_TO_MEXICO = {
  country_from_id: 1,
  country_to_id: 4,
  currency_from_id: 10,
  currency_to_id: 12,
  currency_from_iso: "USD",
  currency_to_iso: "MXN",
};

/** A quotation as the API answers it: 250 USD to Mexico by bank deposit (id 900 unless given). */
export const quotationFixture = (overrides: Partial<Quotation> = {}): Quotation => ({
  id: 900,
  service: "consignments",
  status: "open",
  expires_at: "2026-11-20T10:15:00.000Z",
  expires_in: 900,
  created_at: "2026-11-20T10:00:00.000Z",
  ...US_TO_MEXICO,
  shipping_method_id: 2,
  shipping_method: { name: "Bank deposit", slug: "bank-deposit" },
  payment_method: "bank-transfer",
  send_amount: "250.00",
  receiving_amount: "5055.60",
  vela_fee_amount: "0.00",
  external_fee_amount: "0.00",
  discount: "0.00",
  amount_paid: "250.00",
  rate: "20.2224",
  mid_rate: "20.40",
  rate_source: "ECB",
  limits: { send: { min: "10", max: "10000" }, receiving: { min: "10", max: "200000" } },
  guaranteed_rate: false,
  transfer_time: "1-2 business days",
  estimated_fee_currency: "USD",
  promo_code: null,
  ...overrides,
});

/** PUT /quotations/payment-method's answer: the quotation with the method chosen (none here). */
export const paymentSummaryOf = <Q extends Quotation>(quotation: Q): Q & QuotationPaymentSummary => ({
  ...quotation,
  payment_type_id: null,
  payment_method_slug: null,
  payment_method_name: null,
  payment_profile_id: null,
});

/** What naming a quotation's sender or recipient answers (spec §4): send_data and the summary. */
export const quotationSelectionOf = (
  quotation: Quotation,
  parties: {
    sender_id?: number | null;
    sender_name?: string | null;
    recipient_id?: number | null;
    recipient_name?: string | null;
  },
): QuotationSelection => {
  const named = {
    sender_id: parties.sender_id ?? null,
    sender_name: parties.sender_name ?? null,
    recipient_id: parties.recipient_id ?? null,
    recipient_name: parties.recipient_name ?? null,
  };
  return {
    send_data: {
      quotation_id: quotation.id,
      ...named,
      country_from_id: quotation.country_from_id,
      country_to_id: quotation.country_to_id,
      currency_from_id: quotation.currency_from_id,
      currency_to_id: quotation.currency_to_id,
      currency_from_iso: quotation.currency_from_iso,
      currency_to_iso: quotation.currency_to_iso,
      shipping_method_id: quotation.shipping_method_id,
      shipping_method: quotation.shipping_method,
      payment_method: quotation.payment_method,
      send_amount: quotation.send_amount,
      receiving_amount: quotation.receiving_amount,
      amount_paid: quotation.amount_paid,
    },
    summary: { ...quotation, ...named },
  };
};

/** Page `page` of `rows`, `perPage` a page, as the API's paginated lists answer it. */
export const pageOf = <T>(rows: T[], page: number, perPage: number) => ({
  data: rows.slice((page - 1) * perPage, page * perPage),
  current_page: page,
  last_page: Math.max(1, Math.ceil(rows.length / perPage)),
  per_page: perPage,
  total: rows.length,
});
