import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Db } from "../../db/client";
import { InvalidDataError } from "../../http/errors";
import { sandboxFulfilmentStore } from "../purchases/sandbox-fulfilments";
import { TOPUP_COUNTRIES, TOPUP_OPERATORS, TOPUP_PREFIXES } from "./topup-catalogue";
import type { DetectedNumber, TopupOperatorDef, TopupProvider } from "./topup-provider";

/**
 * The sandbox top-up aggregator: the catalogue of topup-catalogue.ts, numbers read with
 * libphonenumber-js (mobile or fixed-line-or-mobile numbers only) and the operator guessed from the
 * prefix table. A top-up is delivered at once, except the test value: a number whose national
 * number ends in 0000 has its operator down (failed, OPERATOR_DOWN, nothing charged).
 */
export const SANDBOX_TOPUP_PROVIDER = "sandbox-topups";

export const TOPUP_FAILURES = {
  OPERATOR_DOWN: "The operator is not taking top-ups right now.",
} as const;

const MOBILE_TYPES = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

const byId = new Map(TOPUP_OPERATORS.map((operator) => [operator.id, operator]));

/** The operator a national number's prefix belongs to in a country, when the table knows it. */
export function operatorByPrefix(countryIso: string, nationalNumber: string): number | null {
  for (const [prefix, operatorId] of TOPUP_PREFIXES[countryIso] ?? []) {
    if (nationalNumber.startsWith(prefix)) return operatorId;
  }
  return null;
}

/** Reads a number: null unless libphonenumber-js finds it valid and mobile-capable. */
export function readMobileNumber(
  phone: string,
  defaultCountryIso?: string,
): Omit<DetectedNumber, "operatorId"> | null {
  const text = phone.trim().replace(/^00/, "+");
  if (!/^\+?[\d\s().-]{4,32}$/.test(text)) return null;
  if (!text.startsWith("+") && !defaultCountryIso) return null;
  const parsed = parsePhoneNumberFromString(
    text,
    text.startsWith("+") ? undefined : (defaultCountryIso?.toUpperCase() as CountryCode),
  );
  if (!parsed?.isValid() || !parsed.country) return null;
  const type = parsed.getType();
  if (!type || !MOBILE_TYPES.has(type)) return null;
  return {
    e164: parsed.number,
    callingCode: `+${parsed.countryCallingCode}`,
    nationalNumber: parsed.nationalNumber,
    countryIso: parsed.country,
    formatted: parsed.formatInternational(),
  };
}

export function createSandboxTopups(deps: { db: Db }): TopupProvider {
  const store = sandboxFulfilmentStore(deps.db, "topup", SANDBOX_TOPUP_PROVIDER);
  const operatorOf = (id: number): TopupOperatorDef | null => byId.get(id) ?? null;

  return {
    name: SANDBOX_TOPUP_PROVIDER,
    async countries() {
      return [...TOPUP_COUNTRIES];
    },
    async operators(countryIso) {
      const iso = countryIso.toUpperCase();
      return TOPUP_OPERATORS.filter((operator) => operator.countryIso === iso);
    },
    async operator(id) {
      return operatorOf(id);
    },
    async detect(phone, defaultCountryIso) {
      const number = readMobileNumber(phone, defaultCountryIso);
      if (!number) return null;
      return { ...number, operatorId: operatorByPrefix(number.countryIso, number.nationalNumber) };
    },
    async submit(request) {
      const operator = operatorOf(request.operatorId);
      const product = operator?.products.find((item) => item.id === request.productId);
      if (!operator || !product) throw new InvalidDataError({ product_id: ["Product not found."] });
      const number = readMobileNumber(request.phone);
      if (!number || number.countryIso !== operator.countryIso) {
        throw new InvalidDataError({ phone: ["This number cannot be topped up by this operator."] });
      }
      if (request.currencyIso.toUpperCase() !== operator.currencyIso) {
        throw new InvalidDataError({
          currency: [`Top-ups of ${operator.name} are in ${operator.currencyIso}.`],
        });
      }
      return store.submit(
        { ...request, account: number.e164, productId: product.id, providerId: operator.id },
        operator.commissionBps,
        (transactionId) =>
          number.nationalNumber.endsWith("0000")
            ? { status: "failed", failureCode: "OPERATOR_DOWN", failureMessage: TOPUP_FAILURES.OPERATOR_DOWN }
            : { status: "delivered", confirmation: `TOPUP-${transactionId.slice(3, 15).toUpperCase()}` },
      );
    },
    get: (transactionId) => store.get(transactionId),
  };
}
