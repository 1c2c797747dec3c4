import { homeCalculatorQuery, PRICED_PAYMENT_METHODS } from "@vela/shared/pricing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseQueryString } from "../src/http/input";
import { plainCalculatorQuery } from "../src/pricing/home-query";

// The public calculator's plain-query path must agree with the contract's zod schema: whatever it
// accepts, zod accepts and parses to the same object; whatever else it leaves to zod.
const FIELDS = [
  "country_from_id",
  "country_to_id",
  "currency_from_id",
  "currency_to_id",
  "shipping_method_id",
  "send_amount",
  "receiving_amount",
  "payment_method",
  "promo_code",
  "other",
] as const;

/** Values near the edges of what is valid, and anything at all. */
const value = fc.oneof(
  fc.constantFrom(
    "1",
    "0",
    "01",
    "12",
    " 12",
    "12 ",
    "1e3",
    "0x10",
    "-5",
    "2147483647",
    "2147483648",
    "9999999999",
    "1.5",
    "100",
    "100.00",
    "-100.00",
    "100.",
    ".5",
    "1,000",
    "",
    "1".repeat(41),
    "SAVE10",
    ...PRICED_PAYMENT_METHODS,
  ),
  fc.integer({ min: -10, max: 3_000_000_000 }).map(String),
  fc.string({ maxLength: 12 }),
);
const validId = fc.integer({ min: 1, max: 2_147_483_647 }).map(String);
const validAmount = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 4 }))
  .map(([units, decimals]) => (decimals === 0 ? String(units) : `${units}.${"5".repeat(decimals)}`));
const likely = (valid: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: value, weight: 2 },
    { arbitrary: fc.array(value, { minLength: 2, maxLength: 2 }), weight: 1 },
  );
const VALID: Record<(typeof FIELDS)[number], fc.Arbitrary<string>> = {
  country_from_id: validId,
  country_to_id: validId,
  currency_from_id: validId,
  currency_to_id: validId,
  shipping_method_id: validId,
  send_amount: validAmount,
  receiving_amount: validAmount,
  payment_method: fc.constantFrom(...PRICED_PAYMENT_METHODS),
  promo_code: fc.constant("SAVE10"),
  other: value,
};
/** Mostly well-formed queries, each field sometimes missing, odd, repeated or out of range. */
const query = fc
  .tuple(
    fc.record(Object.fromEntries(FIELDS.map((field) => [field, likely(VALID[field])]))),
    fc.array(fc.constantFrom(...FIELDS), { maxLength: 3 }),
    fc.array(fc.constantFrom("shipping_method_id", "payment_method", "send_amount", "receiving_amount")),
  )
  .map(([record, dropped, kept]) => {
    // The optional fields are there only when picked; any field may be dropped.
    const input: Record<string, unknown> = {};
    for (const field of FIELDS) {
      const isRequired = field.endsWith("_id") && field !== "shipping_method_id";
      const isPicked = (kept as string[]).includes(field);
      if ((isRequired || isPicked) && !dropped.includes(field)) input[field] = record[field];
    }
    if (dropped.length === 3) {
      input.promo_code = record.promo_code;
      input.other = record.other;
    }
    return input;
  });

describe("plain home calculator query", () => {
  it("answers what the zod schema parses, for every query it accepts, and leaves the rest to zod", () => {
    let accepted = 0;
    fc.assert(
      fc.property(query, (input) => {
        const plain = plainCalculatorQuery(input);
        if (plain === null) return;
        accepted += 1;
        const parsed = homeCalculatorQuery.safeParse(input);
        expect(parsed.success).toBe(true);
        expect(plain).toStrictEqual(parsed.data);
      }),
      { numRuns: 5000 },
    );
    // Not a test that cannot fail: the generator does reach the accepted path.
    expect(accepted).toBeGreaterThan(100);
  });

  it("accepts the home page's own queries, as parsed from the URL, like zod does", () => {
    for (const text of [
      "country_from_id=233&country_to_id=157&currency_from_id=142&currency_to_id=94&send_amount=100.00",
      "country_from_id=1&country_to_id=2&currency_from_id=3&currency_to_id=4&receiving_amount=5&payment_method=cash&shipping_method_id=7",
    ]) {
      const input = parseQueryString(text);
      const plain = plainCalculatorQuery(input);
      expect(plain).not.toBeNull();
      expect(plain).toStrictEqual(homeCalculatorQuery.parse(input));
    }
  });

  it("leaves unusual spellings, extra fields, both or no amounts and promo codes to zod", () => {
    const base = "country_from_id=1&country_to_id=2&currency_from_id=3&currency_to_id=4";
    for (const text of [
      `${base}`,
      `${base}&send_amount=1&receiving_amount=2`,
      `${base}&send_amount=-1`,
      `${base}&send_amount=1&promo_code=SAVE10`,
      `${base}&send_amount=1&utm_source=x`,
      `${base}&send_amount=1&send_amount=2`,
      `${base.replace("=1&", "=01&")}&send_amount=1`,
      `${base.replace("=1&", "=2147483648&")}&send_amount=1`,
      `${base}&send_amount=1&payment_method=cheque`,
    ]) {
      expect(plainCalculatorQuery(parseQueryString(text)), text).toBeNull();
    }
  });
});
