import type { CountryDirection, CountryService } from "@vela/shared/reference";
import { DESTINATIONS, ORIGINS } from "./corridor-countries";

/**
 * Where Vela operates today, by ISO 3166 alpha-2 code. The sending side is the licensed markets
 * (where customers pay in); the receiving side is where payout partners deliver. The pricing work
 * priced corridors (corridor-countries.ts) are the consignment lists, so the home page never offers a
 * country it cannot price.
 */
const SENDING_MARKETS = ["US", "CA", "GB", "ES", "DE", "FR", "IT", "NL"] as const;
/** The countries the top-up aggregator has operators in (providers/topups/topup-catalogue.ts). */
const TOPUP_COUNTRIES = [
  "MX",
  "GT",
  "SV",
  "HN",
  "CO",
  "DO",
  "PE",
  "PH",
  "IN",
  "NG",
  "KE",
  "US",
  "ES",
] as const;
const BILL_PAYMENT_COUNTRIES = ["MX", "GT", "SV", "HN", "CO", "DO", "PE", "EC", "PH", "IN"] as const;
const GIFT_CARD_MARKETS = ["US", "CA", "GB", "ES", "DE", "FR", "MX"] as const;

export const SERVICE_AVAILABILITY = {
  consignments: {
    from: ORIGINS.map((origin) => origin.country),
    to: DESTINATIONS.map((destination) => destination.country),
  },
  "reload-phones": { from: SENDING_MARKETS, to: TOPUP_COUNTRIES },
  "gift-cards": { from: SENDING_MARKETS, to: GIFT_CARD_MARKETS },
  "prepaid-pay-bills": { from: SENDING_MARKETS, to: BILL_PAYMENT_COUNTRIES },
  wallets: { from: SENDING_MARKETS, to: SENDING_MARKETS },
} as const satisfies Record<CountryService, Record<CountryDirection, readonly string[]>>;

/** The public home page prices international transfers, so it lists the consignment countries. */
export const HOME_SERVICE: CountryService = "consignments";
