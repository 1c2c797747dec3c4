import Decimal from "decimal.js";
import { z } from "zod";

/**
 * The one module that does arithmetic on money. Amounts travel as decimal strings
 * ("100.00", with the currency's own digits), live in the database as integer minor units
 * (bigint), and never pass through a JavaScript number: a float cannot hold 0.1 exactly, and
 * above 2^53 it cannot even hold whole numbers exactly.
 *
 * Every function here takes and returns decimal strings (or bigint minor units), so the
 * decimal.js instances never leak and no caller can pick a rounding mode by accident.
 */

/**
 * Inputs may carry at most this many digits (integer and fraction together). A bound keeps a
 * hostile 10 MB string from becoming a 10 MB computation, and it is what makes the precision
 * below sufficient: the sum of two such numbers needs at most 41 digits and their product
 * at most 80, so add, subtract and multiply are always exact.
 */
export const AMOUNT_DIGITS_MAX = 40;

/** Exchange rates may carry at most this many decimals (the feed gives 8, the margin maths up to 12). */
export const RATE_DECIMALS_MAX = 12;

/**
 * The largest number of minor-unit digits a currency may declare. ISO 4217 stops at 4; the
 * headroom allows for assets like tokens with 8 or 18, and the limit catches a caller that
 * passed something that is not a digit count at all.
 */
export const CURRENCY_DECIMALS_MAX = 18;

/**
 * A private Decimal constructor, so no other code's global decimal.js settings can change ours.
 * Precision 100 exceeds any exact result of the operations offered (see AMOUNT_DIGITS_MAX), and
 * the exponent thresholds keep toString in plain notation for every value we can produce;
 * results are still written with toFixed(), which never uses exponent notation at all.
 */
const AmountDecimal = Decimal.clone({
  precision: 100,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -100,
  toExpPos: 100,
});

/**
 * A division is the one operation that cannot be exact, so it runs with the rounding pointed
 * the way the final rounding goes: rounding up twice in the same direction gives exactly the
 * ceiling of the true quotient, never one minor unit off.
 */
const CeilingDecimal = AmountDecimal.clone({ rounding: Decimal.ROUND_CEIL });

/**
 * Plain digits, an optional leading minus and an optional fraction after a dot. Exponents,
 * NaN, Infinity, '+', spaces, thousands separators, and a bare "5." or ".5" are refused: the
 * wire format is the one form every client produces, not whatever Number() would accept.
 */
const DECIMAL_STRING_PATTERN = /^-?\d+(?:\.\d+)?$/;

export const INVALID_AMOUNT_REASONS = [
  /** Not a plain decimal string ("1e21", "NaN", "", " 1", "1,000"). */
  "malformed",
  /** More than AMOUNT_DIGITS_MAX digits. */
  "too-many-digits",
  /** More decimals than the currency (or a rate) allows; we refuse rather than round silently. */
  "too-many-decimals",
  /** A conversion rate of zero or below. */
  "rate-not-positive",
] as const;
export type InvalidAmountReason = (typeof INVALID_AMOUNT_REASONS)[number];

/** Thrown for any amount or rate that is not acceptable; `reason` says which rule it broke. */
export class InvalidAmountError extends Error {
  override readonly name = "InvalidAmountError";
  readonly reason: InvalidAmountReason;
  /** The offending input, cut short so a huge payload never ends up whole in a log line. */
  readonly input: string;

  constructor(reason: InvalidAmountReason, input: unknown, detail?: string) {
    const shownInput = typeof input === "string" ? input.slice(0, 50) : String(typeof input);
    super(`Invalid amount ${JSON.stringify(shownInput)}: ${detail ?? reason}`);
    this.reason = reason;
    this.input = shownInput;
  }
}

/** -1 when a < b, 0 when equal, 1 when a > b. */
export type Comparison = -1 | 0 | 1;

/** The ways an amount may be rounded to a number of decimals; each is directional and exact. */
export const ROUNDING_MODES = [
  /** Towards +∞: 1.231 → 1.24, -1.239 → -1.23. */
  "ceil",
  /** Towards −∞: 1.239 → 1.23, -1.231 → -1.24. */
  "floor",
  /** Towards zero: 1.239 → 1.23, -1.239 → -1.23. What a display shows when it drops digits. */
  "truncate",
  /** To nearest, exact halves to the even neighbour: 1.225 → 1.22, 1.235 → 1.24. Unbiased over many values. */
  "half-even",
] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

const DECIMAL_JS_ROUNDING = {
  ceil: Decimal.ROUND_CEIL,
  floor: Decimal.ROUND_FLOOR,
  truncate: Decimal.ROUND_DOWN,
  "half-even": Decimal.ROUND_HALF_EVEN,
} as const satisfies Record<RoundingMode, Decimal.Rounding>;

/** True when `input` is a wire-format decimal string within the digit limit. */
export function isDecimalString(input: unknown): input is string {
  return (
    typeof input === "string" && DECIMAL_STRING_PATTERN.test(input) && countDigits(input) <= AMOUNT_DIGITS_MAX
  );
}

/**
 * Checks that `input` is a wire-format decimal string and returns it unchanged (so "100.00"
 * keeps its two decimals); throws InvalidAmountError otherwise. Numbers are refused too: by
 * the time an amount is a JavaScript number it may already have lost digits.
 */
export function parseAmount(input: unknown): string {
  if (typeof input !== "string" || !DECIMAL_STRING_PATTERN.test(input)) {
    throw new InvalidAmountError("malformed", input, "expected plain digits such as 1234.56");
  }
  if (countDigits(input) > AMOUNT_DIGITS_MAX) {
    throw new InvalidAmountError("too-many-digits", input, `more than ${AMOUNT_DIGITS_MAX} digits`);
  }
  return input;
}

/** The zod schema for an amount on the wire, so requests and forms validate it the same way. */
export const amountSchema = z.string().refine(isDecimalString, {
  message: "Amount must be plain digits with an optional '-' and '.', such as 1234.56",
});

/** An amount a customer asks to send or buy: on the wire like any amount, but never negative. */
export const nonNegativeAmountSchema = amountSchema.refine(
  (value) => !value.startsWith("-"),
  "Must not be negative.",
);

/** How many decimals the string carries, trailing zeros included: "1.50" has 2. */
export function countDecimals(amount: string): number {
  const fraction = parseAmount(amount).split(".")[1];
  return fraction === undefined ? 0 : fraction.length;
}

/**
 * The amount in integer minor units of a currency with `decimals` digits: ("123.45", 2) → 12345n.
 * Trailing zeros beyond the currency's digits are accepted because they lose nothing
 * ("100.000" USD is 10000n); any other extra digit throws, since silently dropping part of
 * an amount is how money goes missing.
 */
export function toMinor(amount: string, decimals: number): bigint {
  assertCurrencyDecimals(decimals);
  const { negative, integerDigits, fractionDigits } = splitAmount(amount);
  const significantFraction = fractionDigits.replace(/0+$/, "");
  if (significantFraction.length > decimals) {
    throw new InvalidAmountError(
      "too-many-decimals",
      amount,
      `the currency has ${decimals} decimal${decimals === 1 ? "" : "s"}`,
    );
  }
  const minor = BigInt(integerDigits + significantFraction.padEnd(decimals, "0"));
  return negative ? -minor : minor;
}

/** The decimal string for integer minor units, with exactly the currency's digits: (12345n, 2) → "123.45". */
export function fromMinor(amountMinor: bigint, decimals: number): string {
  assertCurrencyDecimals(decimals);
  const negative = amountMinor < 0n;
  const digits = (negative ? -amountMinor : amountMinor).toString().padStart(decimals + 1, "0");
  const integerDigits = digits.slice(0, digits.length - decimals);
  const fractionDigits = digits.slice(digits.length - decimals);
  const unsigned = decimals === 0 ? integerDigits : `${integerDigits}.${fractionDigits}`;
  return negative ? `-${unsigned}` : unsigned;
}

/**
 * The amount written with exactly the currency's digits ("100" → "100.00" for USD), the
 * canonical wire form. Throws like toMinor when that would need rounding.
 */
export function toCurrencyAmount(amount: string, decimals: number): string {
  return fromMinor(toMinor(amount, decimals), decimals);
}

/** a + b, exact. Results carry no trailing zeros ("1.50" + "1.50" = "3"); use toCurrencyAmount for the wire. */
export function addAmounts(a: string, b: string): string {
  return toPlainString(toDecimal(a).plus(toDecimal(b)));
}

/**
 * The sum of `added` less the sum of `subtracted`, all amounts of one currency with `decimals`
 * digits (trailing zeros beyond them are fine, as in toMinor), written with exactly those digits:
 * exact, in minor units. Throws like toMinor for an amount with more significant digits.
 */
export function currencyTotal(decimals: number, added: string[], subtracted: string[] = []): string {
  let minor = 0n;
  for (const amount of added) minor += toMinor(amount, decimals);
  for (const amount of subtracted) minor -= toMinor(amount, decimals);
  return fromMinor(minor, decimals);
}

/** a − b, exact. */
export function subtractAmounts(a: string, b: string): string {
  return toPlainString(toDecimal(a).minus(toDecimal(b)));
}

/** amount × factor, exact (round the result with one of the rounding functions before storing it). */
export function multiplyAmounts(amount: string, factor: string): string {
  return toPlainString(toDecimal(amount).times(toDecimal(factor)));
}

/** Compares two amounts by value, so "1.50" and "1.5" are equal. */
export function compareAmounts(a: string, b: string): Comparison {
  const comparison = toDecimal(a).comparedTo(toDecimal(b));
  return comparison < 0 ? -1 : comparison > 0 ? 1 : 0;
}

/** Rounds to `decimals` places with the named mode and writes exactly that many decimals. */
export function roundAmount(amount: string, decimals: number, mode: RoundingMode): string {
  assertCurrencyDecimals(decimals);
  return withoutNegativeZero(toDecimal(amount).toFixed(decimals, DECIMAL_JS_ROUNDING[mode]));
}

/**
 * The house rule for anything we charge: round towards +∞, so a computed fee of 1.231 is
 * charged as 1.24 and the service never undercharges by a fraction of a minor unit.
 */
export function roundFeeUp(amount: string, decimals: number): string {
  return roundAmount(amount, decimals, "ceil");
}

/**
 * The house rule for anything we deliver: round towards −∞, so a computed 93.479 is delivered
 * as 93.47 and the service never delivers more than it charged for.
 */
export function roundReceivingDown(amount: string, decimals: number): string {
  return roundAmount(amount, decimals, "floor");
}

/**
 * What `amount` buys at `rate` (units of the target currency per unit of the source), in the
 * target currency's `decimals`, rounded down by the receiving rule. The product is exact
 * before that single rounding, so the result is off by less than one minor unit, always in
 * the house's favour.
 */
export function convertAmount(amount: string, rate: string, decimals: number): string {
  assertRate(rate);
  assertCurrencyDecimals(decimals);
  // roundReceivingDown(multiplyAmounts(amount, rate), decimals), in integers: the product of the two
  // digit strings over 10^(their decimals), floored to the target's minor units.
  const value = splitAmount(amount);
  const factor = splitAmount(rate);
  const product =
    BigInt(value.integerDigits + value.fractionDigits) *
    BigInt(factor.integerDigits + factor.fractionDigits) *
    10n ** BigInt(decimals);
  const scale = 10n ** BigInt(value.fractionDigits.length + factor.fractionDigits.length);
  const whole = product / scale;
  // Truncation is the floor for a positive amount; a negative one with a remainder goes one lower.
  const minor = value.negative ? -(whole + (product % scale === 0n ? 0n : 1n)) : whole;
  return fromMinor(minor, decimals);
}

/**
 * The smallest send amount (in the source currency's `sendDecimals`) that converts at `rate`
 * to at least `receivingAmount`: the inverse of convertAmount, for when the customer types
 * the amount the recipient should get. Rounding up here and down in convertAmount means
 * convertAmount(sendAmountForReceiving(r)) is never below r.
 */
export function sendAmountForReceiving(receivingAmount: string, rate: string, sendDecimals: number): string {
  assertRate(rate);
  assertCurrencyDecimals(sendDecimals);
  const quotient = new CeilingDecimal(parseAmount(receivingAmount)).dividedBy(new CeilingDecimal(rate));
  return withoutNegativeZero(quotient.toFixed(sendDecimals, Decimal.ROUND_CEIL));
}

function toDecimal(amount: string): Decimal {
  return new AmountDecimal(parseAmount(amount));
}

function toPlainString(value: Decimal): string {
  return withoutNegativeZero(value.toFixed());
}

/** "-0.00" is what decimal.js writes for a small negative rounded to zero; nobody owes "minus nothing". */
function withoutNegativeZero(text: string): string {
  return /^-[0.]+$/.test(text) ? text.slice(1) : text;
}

function countDigits(input: string): number {
  let digits = 0;
  for (const character of input) {
    if (character >= "0" && character <= "9") digits += 1;
  }
  return digits;
}

function splitAmount(amount: string): { negative: boolean; integerDigits: string; fractionDigits: string } {
  const valid = parseAmount(amount);
  const negative = valid.startsWith("-");
  const [integerDigits = "0", fractionDigits = ""] = (negative ? valid.slice(1) : valid).split(".");
  return { negative, integerDigits, fractionDigits };
}

/** Throws RangeError unless `decimals` is a currency's digit count (an integer from 0 to CURRENCY_DECIMALS_MAX). */
export function assertCurrencyDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > CURRENCY_DECIMALS_MAX) {
    throw new RangeError(
      `Currency decimals must be an integer from 0 to ${CURRENCY_DECIMALS_MAX}, got ${decimals}`,
    );
  }
}

/**
 * Rates already found valid, so the calculators' hot path does not parse the same few rates again
 * on every price (the check is a pure function of the string). Bounded: emptied when full.
 */
const validRates = new Set<string>();
const VALID_RATES_MAX = 1024;

function assertRate(rate: string): void {
  if (validRates.has(rate)) return;
  checkRate(rate);
  if (validRates.size >= VALID_RATES_MAX) validRates.clear();
  validRates.add(rate);
}

function checkRate(rate: string): void {
  if (countDecimals(rate) > RATE_DECIMALS_MAX) {
    throw new InvalidAmountError(
      "too-many-decimals",
      rate,
      `a rate has at most ${RATE_DECIMALS_MAX} decimals`,
    );
  }
  if (toDecimal(rate).lessThanOrEqualTo(0)) {
    throw new InvalidAmountError("rate-not-positive", rate, "a rate must be above zero");
  }
}

/** Decimals a stored rate keeps: the mid-market cross rate and the customer rate alike. */
export const RATE_DECIMALS = 8;

/**
 * The one wire form of a rate: exactly RATE_DECIMALS places ("20.2224387800" from a numeric(24,10)
 * column becomes "20.22243878"). Extra digits are cut towards zero, so a shown rate is never better
 * than the one applied.
 */
export function toRateString(rate: string): string {
  return roundAmount(rate, RATE_DECIMALS, "truncate");
}

/**
 * The rate between two currencies quoted against a common base (units of each per base unit,
 * as a reference-rate table gives them): `to / from`, to RATE_DECIMALS, half-even (a mid rate
 * favours nobody; the margin that follows is where the house's rounding lives).
 */
export function crossRate(baseToFrom: string, baseToTo: string): string {
  assertRate(baseToFrom);
  assertRate(baseToTo);
  const quotient = new AmountDecimal(parseAmount(baseToTo)).dividedBy(
    new AmountDecimal(parseAmount(baseToFrom)),
  );
  return quotient.toFixed(RATE_DECIMALS, Decimal.ROUND_HALF_EVEN);
}

/**
 * The customer's rate: the mid-market rate less a margin in basis points, rounded down, so the
 * rate offered is never better than the margin says.
 */
export function rateLessMargin(midRate: string, marginBps: number): string {
  assertRate(midRate);
  if (!Number.isInteger(marginBps) || marginBps < 0 || marginBps >= 10_000) {
    throw new RangeError(`A margin is 0 to 9999 basis points, got ${marginBps}`);
  }
  const factor = new AmountDecimal(10_000 - marginBps).dividedBy(10_000);
  return new AmountDecimal(parseAmount(midRate)).times(factor).toFixed(RATE_DECIMALS, Decimal.ROUND_FLOOR);
}

/**
 * `amountMinor × bps / 10 000` in the same minor units, rounded towards +∞: the percentage part of a
 * fee on an amount given in minor units, rounded up as fees are. Equal to
 * `toMinor(roundFeeUp(basisPointsOf(fromMinor(amountMinor, d), bps), d), d)` for any d, in bigint
 * arithmetic alone.
 */
export function basisPointsOfMinorCeil(amountMinor: bigint, bps: number): bigint {
  if (!Number.isInteger(bps) || bps < 0)
    throw new RangeError(`Basis points must be a whole number ≥ 0, got ${bps}`);
  const numerator = amountMinor * BigInt(bps);
  const quotient = numerator / 10_000n;
  // BigInt division truncates towards zero: one more when a positive quotient lost a remainder.
  return numerator > 0n && numerator % 10_000n !== 0n ? quotient + 1n : quotient;
}

/** `amount × bps / 10 000`, exact (a percentage fee before its rounding). */
export function basisPointsOf(amount: string, bps: number): string {
  if (!Number.isInteger(bps) || bps < 0)
    throw new RangeError(`Basis points must be a whole number ≥ 0, got ${bps}`);
  return toPlainString(toDecimal(amount).times(bps).dividedBy(10_000));
}
