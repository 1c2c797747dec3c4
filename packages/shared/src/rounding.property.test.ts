import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addAmounts,
  basisPointsOf,
  basisPointsOfMinorCeil,
  compareAmounts,
  convertAmount,
  crossRate,
  currencyTotal,
  fromMinor,
  multiplyAmounts,
  rateLessMargin,
  roundFeeUp,
  roundReceivingDown,
  sendAmountForReceiving,
  subtractAmounts,
  toCurrencyAmount,
  toMinor,
} from "./decimal";

// Proves the rounding rules in the house's favour over random amounts, rates and currencies with
// 0, 2 and 3 minor digits: what is delivered never exceeds what was paid for, either way round.
const decimalsArb = fc.constantFrom(0, 2, 3);
const amountArb = (decimals: number) =>
  fc.bigInt({ min: 1n, max: 10n ** 12n }).map((minor) => fromMinor(minor, decimals));
/** Rates from 0.00001 to 100 000 with up to 8 decimals. */
const rateArb = fc
  .bigInt({ min: 1_000n, max: 10_000_000_000_000n })
  .map((units) => fromMinor(units, 8))
  .filter((rate) => compareAmounts(rate, "0") > 0);

/** An amount in minor units, of either sign. */
const minorArb = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });
/** A corridor: the send and receive currencies' minor digits, a rate, and a seed for an amount. */
const corridorArbs = [decimalsArb, decimalsArb, rateArb, fc.integer({ min: 1, max: 10 ** 9 })] as const;
/** Checks a rounding rule over a thousand random corridors. */
const forEveryCorridor = (
  check: (sendDecimals: number, receiveDecimals: number, rate: string, seed: number) => void,
) => fc.assert(fc.property(...corridorArbs, check), { numRuns: 1000 });

describe("rounding in the house's favour", () => {
  it("never delivers more than the send amount buys", () => {
    fc.assert(
      fc.property(
        decimalsArb,
        decimalsArb,
        rateArb,
        fc.context(),
        (sendDecimals, receiveDecimals, rate, context) => {
          const send = fc.sample(amountArb(sendDecimals), 1)[0]!;
          const received = convertAmount(send, rate, receiveDecimals);
          context.log(`${send} at ${rate} → ${received}`);
          expect(compareAmounts(received, multiplyAmounts(send, rate))).toBeLessThanOrEqual(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("send → receive → send: the same delivery never costs more again, nor delivers more than paid for", () => {
    forEveryCorridor((sendDecimals, receiveDecimals, rate, seed) => {
      const send = fromMinor(BigInt(seed), sendDecimals);
      const received = convertAmount(send, rate, receiveDecimals);
      if (compareAmounts(received, "0") <= 0) return;
      const sendAgain = sendAmountForReceiving(received, rate, sendDecimals);
      // Buying the same delivery again never costs more than the first time...
      expect(compareAmounts(sendAgain, send)).toBeLessThanOrEqual(0);
      // ...and what it buys is at least what was promised.
      expect(
        compareAmounts(convertAmount(sendAgain, rate, receiveDecimals), received),
      ).toBeGreaterThanOrEqual(0);
      // And the customer is never delivered more than they paid for.
      expect(compareAmounts(received, multiplyAmounts(sendAgain, rate))).toBeLessThanOrEqual(0);
    });
  });

  it("receive → send covers the receiving amount", () => {
    forEveryCorridor((sendDecimals, receiveDecimals, rate, seed) => {
      const wanted = fromMinor(BigInt(seed), receiveDecimals);
      const send = sendAmountForReceiving(wanted, rate, sendDecimals);
      expect(compareAmounts(multiplyAmounts(send, rate), wanted)).toBeGreaterThanOrEqual(0);
    });
  });

  it("the customer rate is never better than the margin allows, and fees round up", () => {
    fc.assert(
      fc.property(rateArb, fc.integer({ min: 0, max: 2000 }), (mid, bps) => {
        const customer = rateLessMargin(mid, bps);
        expect(compareAmounts(customer, mid)).toBeLessThanOrEqual(0);
        const exact = multiplyAmounts(mid, fromMinor(BigInt(10_000 - bps), 4));
        expect(compareAmounts(customer, exact)).toBeLessThanOrEqual(0);
      }),
    );
    expect(roundFeeUp("1.231", 2)).toBe("1.24");
    expect(roundFeeUp("1.2", 0)).toBe("2");
    expect(crossRate("1.0495", "21.3301")).toBe("20.32405908");
  });

  it("a percentage of minor units rounds up exactly like the decimal fee path", () => {
    fc.assert(
      fc.property(minorArb, fc.integer({ min: 0, max: 20_000 }), decimalsArb, (minor, bps, decimals) => {
        const viaDecimals = toMinor(
          roundFeeUp(basisPointsOf(fromMinor(minor, decimals), bps), decimals),
          decimals,
        );
        expect(basisPointsOfMinorCeil(minor, bps)).toBe(viaDecimals);
      }),
      { numRuns: 2000 },
    );
    expect(basisPointsOfMinorCeil(10_000n, 299)).toBe(299n);
    expect(basisPointsOfMinorCeil(10_001n, 299)).toBe(300n);
    expect(basisPointsOfMinorCeil(-10_001n, 299)).toBe(-299n);
    expect(() => basisPointsOfMinorCeil(1n, 1.5)).toThrow(RangeError);
  });

  it("checks a rate the same way however often it is seen", () => {
    for (let round = 0; round < 3; round++) {
      expect(convertAmount("10", "2.5", 2)).toBe("25.00");
      expect(() => convertAmount("10", "0", 2)).toThrow(/above zero/);
      expect(() => convertAmount("10", "1.0000000000001", 2)).toThrow(/at most 12 decimals/);
    }
  });

  it("converts exactly as the rounded decimal product, either sign", () => {
    fc.assert(
      fc.property(
        minorArb,
        fc.integer({ min: 0, max: 6 }),
        rateArb,
        decimalsArb,
        (minor, amountDecimals, rate, decimals) => {
          const amount = fromMinor(minor, amountDecimals);
          expect(convertAmount(amount, rate, decimals)).toBe(
            roundReceivingDown(multiplyAmounts(amount, rate), decimals),
          );
        },
      ),
      { numRuns: 3000 },
    );
    expect(convertAmount("100.00", "20.22243878", 2)).toBe("2022.24");
    expect(convertAmount("-0.001", "1", 2)).toBe("-0.01");
    expect(convertAmount("0.00", "3", 0)).toBe("0");
  });

  it("totals currency amounts exactly as decimal addition does", () => {
    fc.assert(
      fc.property(
        decimalsArb,
        fc.array(minorArb, { minLength: 0, maxLength: 4 }),
        fc.array(minorArb, { maxLength: 3 }),
        (decimals, addedMinor, subtractedMinor) => {
          const added = addedMinor.map((minor) => fromMinor(minor, decimals));
          const subtracted = subtractedMinor.map((minor) => fromMinor(minor, decimals));
          let viaDecimals = "0";
          for (const amount of added) viaDecimals = addAmounts(viaDecimals, amount);
          for (const amount of subtracted) viaDecimals = subtractAmounts(viaDecimals, amount);
          expect(currencyTotal(decimals, added, subtracted)).toBe(toCurrencyAmount(viaDecimals, decimals));
        },
      ),
      { numRuns: 2000 },
    );
    expect(currencyTotal(2, ["100.00", "2.99"], ["0.00"])).toBe("102.99");
    expect(currencyTotal(2, ["100.5"])).toBe("100.50");
    expect(() => currencyTotal(2, ["0.005"])).toThrow(/decimals/);
  });
});
