import { describe, expect, it } from "vitest";
import {
  AMOUNT_DIGITS_MAX,
  addAmounts,
  amountSchema,
  compareAmounts,
  convertAmount,
  countDecimals,
  fromMinor,
  InvalidAmountError,
  isDecimalString,
  multiplyAmounts,
  parseAmount,
  roundAmount,
  roundFeeUp,
  roundReceivingDown,
  sendAmountForReceiving,
  subtractAmounts,
  toCurrencyAmount,
  toMinor,
  toRateString,
} from "./decimal";

/** Runs `action` and returns the InvalidAmountError it throws, failing the test if it throws nothing else. */
function invalidAmountErrorOf(action: () => unknown): InvalidAmountError {
  try {
    action();
  } catch (error) {
    if (error instanceof InvalidAmountError) return error;
    throw error;
  }
  throw new Error("expected an InvalidAmountError, nothing was thrown");
}

const HUGE_AMOUNT = "1000000000000000000000.00";

describe("parsing the wire format", () => {
  it("accepts plain digits with an optional minus and fraction, and returns them unchanged", () => {
    for (const input of ["0", "100", "100.00", "-0.05", "1.234", "007", "-0", HUGE_AMOUNT]) {
      expect(isDecimalString(input)).toBe(true);
      expect(parseAmount(input)).toBe(input);
    }
  });

  it("refuses everything Number() would accept but the wire format does not", () => {
    const malformed = [
      "",
      " 1",
      "1 ",
      "1,000",
      "1.000,50",
      "1e21",
      "1E3",
      "NaN",
      "Infinity",
      "-Infinity",
      "+1",
      ".5",
      "5.",
      "-",
      "--1",
      "1.2.3",
      "0x10",
      "١٢", // Arabic-Indic digits look like digits but are not ours.
      "1_000",
    ];
    for (const input of malformed) {
      expect(isDecimalString(input)).toBe(false);
      expect(invalidAmountErrorOf(() => parseAmount(input)).reason).toBe("malformed");
    }
  });

  it("refuses values that are not strings, numbers included, because a number may already have lost digits", () => {
    for (const input of [100, 0.1, 10n, null, undefined, {}, ["1"]]) {
      expect(isDecimalString(input)).toBe(false);
      expect(invalidAmountErrorOf(() => parseAmount(input)).reason).toBe("malformed");
    }
  });

  it("bounds the number of digits and keeps a huge input out of the error message", () => {
    const atLimit = "9".repeat(AMOUNT_DIGITS_MAX);
    expect(parseAmount(atLimit)).toBe(atLimit);
    expect(parseAmount(`-${"9".repeat(AMOUNT_DIGITS_MAX - 2)}.99`)).toHaveLength(AMOUNT_DIGITS_MAX + 2);

    const tooLong = "9".repeat(100_000);
    const error = invalidAmountErrorOf(() => parseAmount(tooLong));
    expect(error.reason).toBe("too-many-digits");
    expect(error.input).toHaveLength(50);
    expect(error.message.length).toBeLessThan(200);
    expect(isDecimalString(tooLong)).toBe(false);
  });

  it("offers the same rule as a zod schema", () => {
    expect(amountSchema.safeParse("100.00").success).toBe(true);
    expect(amountSchema.safeParse("1e3").success).toBe(false);
    expect(amountSchema.safeParse(100).success).toBe(false);
  });

  it("counts decimals including trailing zeros", () => {
    expect(countDecimals("100")).toBe(0);
    expect(countDecimals("100.50")).toBe(2);
    expect(countDecimals("-0.125")).toBe(3);
  });
});

describe("minor units", () => {
  it("converts both ways for 2-, 0- and 3-digit currencies", () => {
    const cases: Array<[string, number, bigint]> = [
      ["123.45", 2, 12345n],
      ["-0.05", 2, -5n],
      ["0.00", 2, 0n],
      ["7", 0, 7n],
      ["-1500", 0, -1500n],
      ["1.234", 3, 1234n],
      ["0.001", 3, 1n],
      ["-12.345", 3, -12345n],
    ];
    for (const [amount, decimals, amountMinor] of cases) {
      expect(toMinor(amount, decimals)).toBe(amountMinor);
      expect(fromMinor(amountMinor, decimals)).toBe(amount);
    }
  });

  it("round-trips a 1e21-sized amount exactly, where a float would not", () => {
    expect(toMinor(HUGE_AMOUNT, 2)).toBe(100000000000000000000000n);
    expect(fromMinor(100000000000000000000000n, 2)).toBe(HUGE_AMOUNT);
    expect(fromMinor(toMinor("999999999999999999999.99", 2), 2)).toBe("999999999999999999999.99");
    // 2^53 + 1 has no float of its own (Number() gives ...992), but it has a bigint.
    expect(fromMinor(toMinor("9007199254740993.01", 2), 2)).toBe("9007199254740993.01");
  });

  it("pads short amounts to the currency's digits", () => {
    expect(toMinor("100", 2)).toBe(10000n);
    expect(toMinor("1.5", 3)).toBe(1500n);
    expect(fromMinor(5n, 3)).toBe("0.005");
    expect(fromMinor(-1n, 2)).toBe("-0.01");
    expect(fromMinor(0n, 0)).toBe("0");
  });

  it("accepts trailing zeros beyond the currency's digits because they lose nothing", () => {
    expect(toMinor("100.000", 2)).toBe(10000n);
    expect(toMinor("5.00", 0)).toBe(5n);
  });

  it("refuses an amount with more digits than the currency allows instead of rounding it", () => {
    expect(invalidAmountErrorOf(() => toMinor("1.005", 2)).reason).toBe("too-many-decimals");
    expect(invalidAmountErrorOf(() => toMinor("1.5", 0)).reason).toBe("too-many-decimals");
    expect(invalidAmountErrorOf(() => toMinor("0.0001", 3)).reason).toBe("too-many-decimals");
    expect(invalidAmountErrorOf(() => toMinor("1e2", 2)).reason).toBe("malformed");
  });

  it("refuses a digit count that is not a currency's", () => {
    for (const decimals of [-1, 1.5, 19, Number.NaN]) {
      expect(() => toMinor("1", decimals)).toThrow(RangeError);
      expect(() => fromMinor(1n, decimals)).toThrow(RangeError);
    }
  });

  it("writes the canonical wire form with the currency's digits", () => {
    expect(toCurrencyAmount("100", 2)).toBe("100.00");
    expect(toCurrencyAmount("100.000", 2)).toBe("100.00");
    expect(toCurrencyAmount("-0", 2)).toBe("0.00");
    expect(toCurrencyAmount("1500.00", 0)).toBe("1500");
    expect(toCurrencyAmount("1.2", 3)).toBe("1.200");
    expect(() => toCurrencyAmount("1.001", 2)).toThrow(InvalidAmountError);
  });
});

describe("arithmetic", () => {
  it("adds 0.1 and 0.2 to exactly 0.3", () => {
    expect(addAmounts("0.1", "0.2")).toBe("0.3");
    expect(compareAmounts(addAmounts("0.1", "0.2"), "0.3")).toBe(0);
  });

  it("keeps every digit of 1e21-sized values", () => {
    expect(addAmounts(HUGE_AMOUNT, "0.01")).toBe("1000000000000000000000.01");
    expect(subtractAmounts(HUGE_AMOUNT, "0.01")).toBe("999999999999999999999.99");
    expect(multiplyAmounts(HUGE_AMOUNT, "1.000000000001")).toBe("1000000000001000000000");
    // Two maximal inputs multiply to 80 digits, still exact.
    const nines = "9".repeat(AMOUNT_DIGITS_MAX);
    expect(multiplyAmounts(nines, nines)).toBe(`${"9".repeat(39)}8${"0".repeat(39)}1`);
  });

  it("handles negatives and writes zero without a sign", () => {
    expect(subtractAmounts("10.00", "10.01")).toBe("-0.01");
    expect(addAmounts("-5", "-0.5")).toBe("-5.5");
    expect(multiplyAmounts("-2.5", "-4")).toBe("10");
    expect(addAmounts("-1.5", "1.5")).toBe("0");
    expect(multiplyAmounts("-3", "0")).toBe("0");
  });

  it("drops trailing zeros from results, which the wire form restores", () => {
    expect(addAmounts("1.50", "1.50")).toBe("3");
    expect(toCurrencyAmount(addAmounts("1.50", "1.50"), 2)).toBe("3.00");
  });

  it("compares by value, not by text", () => {
    expect(compareAmounts("1.50", "1.5")).toBe(0);
    expect(compareAmounts("9", "10")).toBe(-1);
    expect(compareAmounts("-0.01", "0")).toBe(-1);
    expect(compareAmounts("-0", "0")).toBe(0);
    expect(compareAmounts("1000000000000000000000.01", HUGE_AMOUNT)).toBe(1);
  });

  it("refuses malformed operands", () => {
    expect(() => addAmounts("1", "1e3")).toThrow(InvalidAmountError);
    expect(() => compareAmounts("NaN", "1")).toThrow(InvalidAmountError);
    expect(() => multiplyAmounts("1,5", "2")).toThrow(InvalidAmountError);
  });
});

describe("rounding", () => {
  it.each([
    // Exact halves, by each mode.
    ["1.225", 2, "half-even", "1.22"],
    ["1.235", 2, "half-even", "1.24"],
    ["1.225", 2, "ceil", "1.23"],
    ["1.225", 2, "floor", "1.22"],
    ["1.225", 2, "truncate", "1.22"],
    ["2.5", 0, "half-even", "2"],
    ["3.5", 0, "half-even", "4"],
    // Negative halves by direction, not by magnitude.
    ["-1.225", 2, "ceil", "-1.22"],
    ["-1.225", 2, "floor", "-1.23"],
    ["-1.225", 2, "truncate", "-1.22"],
    ["-1.225", 2, "half-even", "-1.22"],
    ["-1.235", 2, "half-even", "-1.24"],
    // Exactly the requested decimals, and no negative zero.
    ["5", 2, "floor", "5.00"],
    ["5", 3, "ceil", "5.000"],
    ["-0.001", 2, "ceil", "0.00"],
    ["-0.4", 0, "truncate", "0"],
    [HUGE_AMOUNT, 0, "ceil", "1000000000000000000000"],
  ] as const)("rounds %s to %i decimals by %s: %s", (amount, decimals, mode, expected) => {
    expect(roundAmount(amount, decimals, mode)).toBe(expected);
  });

  /** The two roundings in the house's favour. */
  const roundingFor = { fee: roundFeeUp, receiving: roundReceivingDown };
  it.each([
    // Fees are charged rounded up, even by the smallest fraction.
    ["fee", "1.231", 2, "1.24"],
    ["fee", "1.2300000000001", 2, "1.24"],
    ["fee", "1.23", 2, "1.23"],
    ["fee", "149.1", 0, "150"],
    ["fee", "0.0001", 3, "0.001"],
    // Receiving amounts are delivered rounded down, even from a hair below the next unit.
    ["receiving", "93.479", 2, "93.47"],
    ["receiving", "93.4799999999999", 2, "93.47"],
    ["receiving", "14999.9", 0, "14999"],
    ["receiving", "1.2349", 3, "1.234"],
  ] as const)("rounds the %s amount %s to %i decimals: %s", (kind, amount, decimals, expected) => {
    expect(roundingFor[kind](amount, decimals)).toBe(expected);
  });
});

describe("conversion", () => {
  it("converts at a rate and rounds down to the target currency's digits", () => {
    expect(convertAmount("100.00", "0.92345678", 2)).toBe("92.34");
    expect(convertAmount("100.00", "149.87654321", 0)).toBe("14987");
    expect(convertAmount("100.00", "0.307654321987", 3)).toBe("30.765");
    expect(convertAmount("1.00", "1", 2)).toBe("1.00");
    expect(convertAmount(HUGE_AMOUNT, "0.000000000001", 2)).toBe("1000000000.00");
  });

  it("never rounds a product a hair below a unit boundary up to it", () => {
    // 3 × 0.333333333333 = 0.999999999999: a precision-limited product could round it to 1.
    expect(convertAmount("3", "0.333333333333", 2)).toBe("0.99");
  });

  it("refuses rates that are malformed, not positive, or too precise", () => {
    expect(invalidAmountErrorOf(() => convertAmount("100", "0", 2)).reason).toBe("rate-not-positive");
    expect(invalidAmountErrorOf(() => convertAmount("100", "-1.1", 2)).reason).toBe("rate-not-positive");
    expect(invalidAmountErrorOf(() => convertAmount("100", "1.0000000000001", 2)).reason).toBe(
      "too-many-decimals",
    );
    expect(invalidAmountErrorOf(() => convertAmount("100", "1e-3", 2)).reason).toBe("malformed");
  });

  it("finds the smallest send amount whose conversion reaches the receiving amount", () => {
    const cases: Array<[string, string, number, number]> = [
      ["92.34", "0.92345678", 2, 2],
      ["100.00", "0.92345678", 2, 2],
      ["14987", "149.87654321", 2, 0],
      ["1", "3", 2, 2],
      ["1", "0.333333333333", 2, 2],
      ["30.765", "0.307654321987", 3, 3],
    ];
    for (const [receivingAmount, rate, sendDecimals, receivingDecimals] of cases) {
      const sendAmount = sendAmountForReceiving(receivingAmount, rate, sendDecimals);
      expect(compareAmounts(convertAmount(sendAmount, rate, receivingDecimals), receivingAmount)).not.toBe(
        -1,
      );
      // One minor unit less must fall short, or the amount was not the smallest.
      const oneUnitLess = subtractAmounts(sendAmount, fromMinor(1n, sendDecimals));
      expect(compareAmounts(multiplyAmounts(oneUnitLess, rate), receivingAmount)).toBe(-1);
    }
    expect(sendAmountForReceiving("1", "3", 2)).toBe("0.34");
    expect(sendAmountForReceiving("0", "3", 2)).toBe("0.00");
  });
});

describe("the wire form of a rate", () => {
  it("has exactly eight decimals, cut towards zero", () => {
    expect(toRateString("20.3240590800")).toBe("20.32405908");
    expect(toRateString("1")).toBe("1.00000000");
    expect(toRateString("0.123456789")).toBe("0.12345678");
  });
});
