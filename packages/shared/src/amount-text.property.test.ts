import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completeAmount, displayAmountText, inputDecimals, parseAmountText } from "./amount-text";
import { compareAmounts, fromMinor, subtractAmounts } from "./decimal";
import { formatMoney, MONEY_LOCALES } from "./money";

// Proves issue 7, point 17 over random amounts: whatever a person types into an amount field of a
// currency with 0, 2 or 3 digits, in English or Spanish, with or without thousands separators,
// the amount used and the amount shown differ from the typed one by less than one unit of the
// last decimal the field takes, never by a power of ten. "500000.7" typed in won is 500,000.
const decimalsArb = fc.constantFrom(0, 2, 3);
/** A typed amount: up to 13 integer digits and 0 to 4 decimals, whatever the currency takes. */
const typedAmountArb = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 17n }), fc.integer({ min: 0, max: 4 }))
  .map(([units, typedDecimals]) => fromMinor(units, typedDecimals));

const DECIMAL_SEPARATOR = { en: ".", es: "," } as const;

/** The amount the way a person might type it: plain, or grouped as the formatter groups. */
const typedText = (amount: string, locale: (typeof MONEY_LOCALES)[number], grouped: boolean) => {
  const [integerDigits = "0", fractionDigits] = amount.split(".");
  const integerText = grouped ? formatMoney(integerDigits, { decimals: 0, locale }) : integerDigits;
  return fractionDigits === undefined
    ? integerText
    : `${integerText}${DECIMAL_SEPARATOR[locale]}${fractionDigits}`;
};

describe("typed → parsed → shown keeps the magnitude", () => {
  it("moves an amount by less than one unit of the field's last decimal, never more", () => {
    fc.assert(
      fc.property(
        typedAmountArb,
        decimalsArb,
        fc.constantFrom(...MONEY_LOCALES),
        fc.boolean(),
        (amount, decimals, locale, grouped) => {
          const text = typedText(amount, locale, grouped);
          const parsed = parseAmountText(text, locale);
          // What is parsed is exactly what was typed.
          expect(compareAmounts(parsed, amount)).toBe(0);

          const used = completeAmount(parsed, decimals);
          const shown = parseAmountText(displayAmountText(parsed, locale, decimals), locale);
          const unit = fromMinor(1n, inputDecimals(decimals));
          for (const result of [used, shown]) {
            // Cut towards zero: never more than typed, and less by under one unit of the last decimal.
            const cut = subtractAmounts(amount, result);
            expect(compareAmounts(cut, "0")).toBeGreaterThanOrEqual(0);
            expect(compareAmounts(cut, unit)).toBe(-1);
          }
          expect(compareAmounts(shown, used)).toBe(0);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
