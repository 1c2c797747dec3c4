import { isDecimalString } from "@vela/shared/decimal";
import { type CalculatorRequest, PRICED_PAYMENT_METHODS } from "@vela/shared/pricing";

/**
 * The public calculator's query as the home page and links send it, recognised without zod: only
 * the contract's own fields, ids in plain digits, one amount in plain decimal form, a known payment
 * method, no promo code. Such a query is valid, and this answers exactly what `homeCalculatorQuery`
 * parses it to (test/home-query.test.ts compares the two on generated queries). Anything else
 * (another field, a refused or unusual value, a repeated key) answers null and goes through the
 * full validation, so every refusal keeps its message.
 */
const FIELDS = new Set([
  "country_from_id",
  "country_to_id",
  "currency_from_id",
  "currency_to_id",
  "shipping_method_id",
  "send_amount",
  "receiving_amount",
  "payment_method",
]);
const PAYMENT_METHODS = new Set<string>(PRICED_PAYMENT_METHODS);
/** What `recordId` accepts, written the one way: no sign, spaces, leading zeros or exponent. */
const PLAIN_ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;

function plainId(value: unknown): number | null {
  if (typeof value !== "string" || !PLAIN_ID.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

function plainAmount(value: unknown): string | null {
  return typeof value === "string" && isDecimalString(value) && !value.startsWith("-") ? value : null;
}

export function plainCalculatorQuery(data: unknown): CalculatorRequest | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const query = data as Record<string, unknown>;
  for (const name of Object.keys(query)) if (!FIELDS.has(name)) return null;
  const countryFrom = plainId(query.country_from_id);
  const countryTo = plainId(query.country_to_id);
  const currencyFrom = plainId(query.currency_from_id);
  const currencyTo = plainId(query.currency_to_id);
  if (countryFrom === null || countryTo === null || currencyFrom === null || currencyTo === null) return null;
  const parsed: CalculatorRequest = {
    country_from_id: countryFrom,
    country_to_id: countryTo,
    currency_from_id: currencyFrom,
    currency_to_id: currencyTo,
  };
  if (query.shipping_method_id !== undefined) {
    const shipping = plainId(query.shipping_method_id);
    if (shipping === null) return null;
    parsed.shipping_method_id = shipping;
  }
  // Exactly one amount.
  if ((query.send_amount === undefined) === (query.receiving_amount === undefined)) return null;
  if (query.send_amount !== undefined) {
    const amount = plainAmount(query.send_amount);
    if (amount === null) return null;
    parsed.send_amount = amount;
  } else {
    const amount = plainAmount(query.receiving_amount);
    if (amount === null) return null;
    parsed.receiving_amount = amount;
  }
  if (query.payment_method !== undefined) {
    const method = query.payment_method;
    if (typeof method !== "string" || !PAYMENT_METHODS.has(method)) return null;
    parsed.payment_method = method as CalculatorRequest["payment_method"];
  }
  return parsed;
}
