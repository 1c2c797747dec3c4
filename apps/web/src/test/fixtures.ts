import type { AuthSession, AuthUser, OnboardingStatus, TfaChallenge } from "@vela/shared/auth";
import type { Country, Currency } from "@vela/shared/reference";

const country = (
  id: number,
  name: string,
  iso2: string,
  iso3: string,
  currency: Currency | null,
): Country => ({
  id,
  name,
  iso2,
  iso3,
  flag: "",
  flag_url: `/api/flags/${iso2}.svg`,
  phone_prefix: "+1",
  currency_id: currency?.id ?? null,
  currency_iso: currency?.iso ?? null,
});

export const USD: Currency = { id: 10, iso: "USD", name: "US Dollar", decimals: 2, symbol: "$" };
export const EUR: Currency = { id: 11, iso: "EUR", name: "Euro", decimals: 2, symbol: "€" };
export const MXN: Currency = { id: 12, iso: "MXN", name: "Mexican Peso", decimals: 2, symbol: "$" };
export const PHP: Currency = { id: 13, iso: "PHP", name: "Philippine Peso", decimals: 2, symbol: "₱" };
export const JPY: Currency = { id: 14, iso: "JPY", name: "Yen", decimals: 0, symbol: "¥" };
export const CURRENCIES = [USD, EUR, MXN, PHP, JPY];

export const UNITED_STATES = country(1, "United States", "US", "USA", USD);
export const SPAIN = country(2, "Spain", "ES", "ESP", EUR);
export const JAPAN = country(3, "Japan", "JP", "JPN", JPY);
export const MEXICO = country(4, "Mexico", "MX", "MEX", MXN);
export const PHILIPPINES = country(5, "Philippines", "PH", "PHL", PHP);
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
