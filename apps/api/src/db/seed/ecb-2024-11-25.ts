import { multiplyAmounts, roundAmount } from "@vela/shared/decimal";

/**
 * The European Central Bank's euro foreign exchange reference rates as published for
 * 25 November 2024 (units of each currency per 1 EUR), the "eurofxref" table, transcribed as
 * published. The sandbox rate provider serves this snapshot; a live provider would load each
 * day's table the same way.
 */
export const ECB_SNAPSHOT = {
  source: "ECB euro foreign exchange reference rates",
  publishedOn: "2024-11-25",
  base: "EUR",
  rates: {
    USD: "1.0495",
    JPY: "161.64",
    BGN: "1.9558",
    CZK: "25.295",
    DKK: "7.4586",
    GBP: "0.83465",
    HUF: "409.78",
    PLN: "4.3185",
    RON: "4.9767",
    SEK: "11.5030",
    CHF: "0.9324",
    ISK: "145.30",
    NOK: "11.5865",
    TRY: "36.3020",
    AUD: "1.6111",
    BRL: "6.0941",
    CAD: "1.4648",
    CNY: "7.6018",
    HKD: "8.1659",
    IDR: "16651.89",
    ILS: "3.8493",
    INR: "88.4595",
    KRW: "1469.87",
    MXN: "21.3301",
    MYR: "4.6724",
    NZD: "1.7926",
    PHP: "61.936",
    SGD: "1.4128",
    THB: "36.271",
    ZAR: "18.9592",
  },
} as const;

/**
 * Currencies fixed to the euro by treaty, not quoted by the ECB: the CFA francs (655.957 per
 * euro, for the UEMOA and CEMAC zones) and the Cape Verde escudo (110.265).
 */
export const EURO_PEGS = {
  source: "Fixed euro parities (CFA franc and Cape Verde escudo agreements)",
  rates: { XOF: "655.957", XAF: "655.957", CVE: "110.265" },
} as const;

/**
 * Currencies fixed to the US dollar by their central banks, which the ECB does not quote (units per
 * 1 USD): the Bahraini dinar, the Omani rial and the Jordanian dinar, all three with 3 decimals.
 * Their euro rate is the table's dollar rate times the parity, so both come from the same table.
 */
export const USD_PEGS = {
  source: "Fixed US dollar parities (Bahrain, Oman, Jordan)",
  rates: { BHD: "0.376", OMR: "0.3845", JOD: "0.709" },
} as const;

/**
 * A floating currency the ECB does not quote, at its own central bank's fixing against the US dollar
 * on the snapshot's day: Colombia's TRM (tasa representativa del mercado) certified by the
 * Superintendencia Financiera and in force 23–25 November 2024, 4 418.58 pesos per dollar. The
 * sandbox feed moves it around the snapshot like an ECB rate; the live ECB feed has no source for
 * it, so with that feed Colombian pesos are not quoted (a quote answers "We have no rate …").
 */
export const USD_FIXINGS = {
  source: "Banco de la República (Colombia) TRM in force 25 November 2024",
  rates: { COP: "4418.58" },
} as const;

/** The fixings in units per euro through the snapshot's own dollar rate, so both share its date. */
export const FIXINGS_PER_EURO: Record<string, string> = Object.fromEntries(
  Object.entries(USD_FIXINGS.rates).map(([iso, perUsd]) => [
    iso,
    roundAmount(multiplyAmounts(ECB_SNAPSHOT.rates.USD, perUsd), 6, "half-even"),
  ]),
);
