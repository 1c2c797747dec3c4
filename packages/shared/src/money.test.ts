import { describe, expect, it } from "vitest";
import { InvalidAmountError, isDecimalString, toMinor } from "./decimal";
import {
  DEFAULT_FEES_TEXT,
  DEFAULT_SEND_AMOUNT,
  FALLBACK_LIMITS,
  formatMinor,
  formatMoney,
  moneyText,
  RESET_SEND_AMOUNT,
  rateText,
} from "./money";

describe("formatMoney", () => {
  it("groups thousands and shows a 2-digit currency's two decimals always", () => {
    expect(formatMoney("1234.56")).toBe("1,234.56");
    expect(formatMoney("1234.5")).toBe("1,234.50");
    expect(formatMoney("1234")).toBe("1,234.00");
    expect(formatMoney("0")).toBe("0.00");
    expect(formatMoney("999")).toBe("999.00");
    expect(formatMoney("1000")).toBe("1,000.00");
    expect(formatMoney("100000")).toBe("100,000.00");
    expect(formatMoney("1234567.89")).toBe("1,234,567.89");
    expect(formatMoney("007.5")).toBe("7.50");
  });

  it("appends the ISO code in the spec's '<number> <ISO>' shape", () => {
    expect(formatMoney("1234.56", { currencyIso: "USD" })).toBe("1,234.56 USD");
    expect(formatMoney("0", { currencyIso: "USD", decimals: 2 })).toBe(DEFAULT_FEES_TEXT);
  });

  it("shows no decimals for a 0-digit currency", () => {
    expect(formatMoney("1235", { currencyIso: "JPY", decimals: 0 })).toBe("1,235 JPY");
    expect(formatMoney("1500000", { decimals: 0 })).toBe("1,500,000");
    expect(formatMoney("0", { decimals: 0 })).toBe("0");
  });

  it("truncates a 3-digit currency to two decimals, never rounding what is shown above what is paid", () => {
    expect(formatMoney("1.235", { currencyIso: "KWD", decimals: 3 })).toBe("1.23 KWD");
    expect(formatMoney("1.239", { currencyIso: "BHD", decimals: 3 })).toBe("1.23 BHD");
    expect(formatMoney("1234.999", { decimals: 3 })).toBe("1,234.99");
    expect(formatMoney("1.2", { decimals: 3 })).toBe("1.20");
    expect(formatMoney("0.009", { decimals: 3 })).toBe("0.00");
  });

  it("truncates negatives towards zero and shows no sign on a zero", () => {
    expect(formatMoney("-1234.56", { currencyIso: "USD" })).toBe("-1,234.56 USD");
    expect(formatMoney("-1.239", { decimals: 3 })).toBe("-1.23");
    expect(formatMoney("-0.009", { decimals: 3 })).toBe("0.00");
    expect(formatMoney("-0")).toBe("0.00");
    expect(formatMoney("-1000", { decimals: 0 })).toBe("-1,000");
  });

  it("formats a 1e21-sized amount exactly, digit for digit", () => {
    expect(formatMoney("1000000000000000000000.00")).toBe("1,000,000,000,000,000,000,000.00");
    expect(formatMoney("999999999999999999999.99", { currencyIso: "USD" })).toBe(
      "999,999,999,999,999,999,999.99 USD",
    );
    expect(formatMoney("9007199254740993", { decimals: 0 })).toBe("9,007,199,254,740,993");
  });

  it("swaps the separators for Spanish", () => {
    expect(formatMoney("1234567.89", { locale: "es" })).toBe("1.234.567,89");
    expect(formatMoney("1234.5", { locale: "es", currencyIso: "EUR" })).toBe("1.234,50 EUR");
    expect(formatMoney("1235", { locale: "es", decimals: 0 })).toBe("1.235");
    expect(formatMoney("1234.56", { locale: "en" })).toBe("1,234.56");
  });

  it("refuses malformed amounts instead of printing something wrong", () => {
    for (const amount of ["", "1e21", "NaN", "1,000", " 1", "1.000,50"]) {
      expect(() => formatMoney(amount)).toThrow(InvalidAmountError);
    }
  });

  it("refuses a digit count that is not a currency's", () => {
    expect(() => formatMoney("1", { decimals: -1 })).toThrow(RangeError);
    expect(() => formatMoney("1", { decimals: 2.5 })).toThrow(RangeError);
  });
});

describe("formatMinor", () => {
  it("formats integer minor units by the currency's digits", () => {
    expect(formatMinor(123456n, 2)).toBe("1,234.56");
    expect(formatMinor(-5n, 2, { currencyIso: "USD" })).toBe("-0.05 USD");
    expect(formatMinor(1235n, 0, { currencyIso: "JPY" })).toBe("1,235 JPY");
    expect(formatMinor(1234567n, 3, { currencyIso: "KWD", locale: "es" })).toBe("1.234,56 KWD");
    expect(formatMinor(100000000000000000000000n, 2)).toBe("1,000,000,000,000,000,000,000.00");
    expect(formatMinor(0n, 2)).toBe("0.00");
  });
});

describe("spec §9 constants", () => {
  it("are valid amounts with the spec's exact text", () => {
    expect(DEFAULT_SEND_AMOUNT).toBe("100.00");
    expect(RESET_SEND_AMOUNT).toBe("100");
    expect(DEFAULT_FEES_TEXT).toBe("0.00 USD");
    expect(FALLBACK_LIMITS).toEqual({ min: "10", max: "10000" });
    for (const amount of [DEFAULT_SEND_AMOUNT, RESET_SEND_AMOUNT, FALLBACK_LIMITS.min, FALLBACK_LIMITS.max]) {
      expect(isDecimalString(amount)).toBe(true);
    }
    expect(toMinor(DEFAULT_SEND_AMOUNT, 2)).toBe(toMinor(RESET_SEND_AMOUNT, 2));
    expect(Object.isFrozen(FALLBACK_LIMITS)).toBe(true);
  });
});

describe("moneyText", () => {
  it("shows an amount in the digits the API wrote, grouped, with its currency", () => {
    expect(moneyText("1260.1", "USD")).toBe("1,260.10 USD");
    expect(moneyText("1260.10", "USD", "es")).toBe("1.260,10 USD");
    expect(moneyText("1500", "JPY")).toBe("1,500 JPY");
    expect(moneyText("12.345", "KWD")).toBe("12.34 KWD");
  });
});

describe("rateText", () => {
  it("shows a rate of 1 or more with four decimals, cut, never rounded up", () => {
    expect(rateText("USD", "MXN", "20.22243878")).toBe("1 USD = 20.2224 MXN");
    expect(rateText("USD", "MXN", "17.25999999")).toBe("1 USD = 17.2599 MXN");
  });

  it("gives a small rate four significant digits, never more than six decimals", () => {
    expect(rateText("EUR", "USD", "0.99999999")).toBe("1 EUR = 0.9999 USD");
    expect(rateText("JPY", "USD", "0.00654321")).toBe("1 JPY = 0.006543 USD");
    expect(rateText("IDR", "USD", "0.00006364")).toBe("1 IDR = 0.000063 USD");
  });

  it("trims trailing zeros down to two decimals", () => {
    expect(rateText("USD", "EUR", "0.50000000")).toBe("1 USD = 0.50 EUR");
    expect(rateText("EUR", "USD", "1.10000000")).toBe("1 EUR = 1.10 USD");
    expect(rateText("USD", "MXN", "17.25100000")).toBe("1 USD = 17.251 MXN");
  });

  it("groups the thousands of large rates and follows the page's separators", () => {
    expect(rateText("USD", "IDR", "15712.34567", "en")).toBe("1 USD = 15,712.3456 IDR");
    expect(rateText("USD", "IDR", "15712.34567", "es")).toBe("1 USD = 15.712,3456 IDR");
  });

  it("has nothing to show where nothing was converted", () => {
    expect(rateText("USD", "USD", "1.00000000")).toBeNull();
  });
});
