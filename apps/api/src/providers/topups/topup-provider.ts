import type { FulfilmentBase, FulfilmentProvider } from "../purchases/fulfilment";

/**
 * A phone top-up aggregator (Reloadly, DT One, Ding): operators per country, each with airtime and
 * sometimes data bundles, sold as FIXED denominations or a RANGE in the operator's currency. The
 * number's country and validity come from libphonenumber-js; its operator from the aggregator's
 * prefix table (number portability makes that a guess the customer may override).
 */
export type TopupProductDef = {
  id: number;
  operatorId: number;
  name: string;
  kind: "airtime" | "data";
  type: "FIXED" | "RANGE";
  currencyIso: string;
  /** FIXED: the face value ("100.00"); RANGE: null. */
  amount: string | null;
  min: string | null;
  max: string | null;
  description: string;
  validity: string | null;
};

export type TopupOperatorDef = {
  id: number;
  name: string;
  logoUrl: string;
  countryIso: string;
  currencyIso: string;
  /** What the operator gives us off the face value, in basis points (our commission). */
  commissionBps: number;
  products: TopupProductDef[];
};

/** A number read by libphonenumber-js, with the operator its prefix belongs to (when known). */
export type DetectedNumber = {
  e164: string;
  callingCode: string;
  nationalNumber: string;
  countryIso: string;
  formatted: string;
  operatorId: number | null;
};

export type TopupRequest = FulfilmentBase & {
  operatorId: number;
  productId: number;
  /** The number to top up, E.164. */
  phone: string;
};

export type TopupProvider = FulfilmentProvider<TopupRequest> & {
  /** The countries it tops up in (ISO 3166 alpha-2). */
  countries(): Promise<string[]>;
  operators(countryIso: string): Promise<TopupOperatorDef[]>;
  operator(id: number): Promise<TopupOperatorDef | null>;
  /**
   * Reads a number ("+52 55 1234 5678", or national with `defaultCountryIso`): null when it is not a
   * valid mobile-capable number; its operator when the prefix table knows it.
   */
  detect(phone: string, defaultCountryIso?: string): Promise<DetectedNumber | null>;
};
