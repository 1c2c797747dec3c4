import { fromMinor, toMinor } from "@vela/shared/decimal";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidDataError } from "../src/http/errors";
import {
  assertWithinLimits,
  type FeeTier,
  feeFor,
  type PriceTerms,
  priceTransfer,
  transferAmounts,
} from "../src/pricing/price";

// priceTransfer works out what follows from its terms once per terms object and prices in minor
// units; these properties hold it to the plain definitions (feeFor, and spec §5's limits through
// assertWithinLimits), on the same terms object priced again and again, as a kept calculator offer is.
const decimalsArb = fc.constantFrom(0, 2, 3);
const tiersArb = fc
  .array(
    fc.record({
      upToMinor: fc.bigInt({ min: 1n, max: 10n ** 9n }),
      fixedMinor: fc.bigInt({ min: 0n, max: 10_000n }),
      percentBps: fc.integer({ min: 0, max: 1500 }),
    }),
    { maxLength: 3 },
  )
  .chain((capped) =>
    fc
      .record({
        fixedMinor: fc.bigInt({ min: 0n, max: 10_000n }),
        percentBps: fc.integer({ min: 0, max: 1500 }),
      })
      .map((open): FeeTier[] => [...capped, { upToMinor: null, ...open }]),
  );
const termsArb = fc
  .record({
    fromDecimals: decimalsArb,
    toDecimals: decimalsArb,
    midRate: fc.bigInt({ min: 1_000n, max: 10n ** 12n }).map((units) => fromMinor(units, 8)),
    marginBps: fc.integer({ min: 0, max: 500 }),
    tiers: tiersArb,
    limitsMinor: fc.array(fc.bigInt({ min: 1n, max: 10n ** 9n }), { minLength: 4, maxLength: 4 }),
  })
  .map(({ limitsMinor, ...terms }): PriceTerms => {
    const [a, b, c, d] = limitsMinor as [bigint, bigint, bigint, bigint];
    const side = (x: bigint, y: bigint, decimals: number) => ({
      min: fromMinor(x < y ? x : y, decimals),
      max: fromMinor(x < y ? y : x, decimals),
    });
    return {
      ...terms,
      fromIso: "USD",
      toIso: "MXN",
      limits: { send: side(a, b, terms.fromDecimals), receiving: side(c, d, terms.toDecimals) },
    };
  });

function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    if (error instanceof InvalidDataError) return error.errors;
    throw error;
  }
}

describe("priceTransfer", () => {
  it("charges feeFor's fee and refuses exactly what assertWithinLimits refuses, priced again and again", () => {
    fc.assert(
      fc.property(
        termsArb,
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 10n }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (terms, amountsMinor, fromReceiving) => {
          // Each limit and the minor units either side of it, besides the random amounts.
          const side = fromReceiving ? terms.limits.receiving : terms.limits.send;
          const decimals = fromReceiving ? terms.toDecimals : terms.fromDecimals;
          const edges = [side.min, side.max].flatMap((limit) => {
            const at = toMinor(limit, decimals);
            return [at - 1n, at, at + 1n];
          });
          for (const minor of [...amountsMinor, ...edges]) {
            const amount = fromMinor(minor, fromReceiving ? terms.toDecimals : terms.fromDecimals);
            const request = fromReceiving ? { receivingAmount: amount } : { sendAmount: amount };
            const priced = outcome(() => priceTransfer(terms, request));
            if (priced && typeof priced === "object" && "fee" in priced) {
              const price = priced as ReturnType<typeof priceTransfer>;
              expect(price.fee).toBe(feeFor(terms.tiers, price.sendAmount, terms.fromDecimals));
              expect(outcome(() => assertWithinLimits(price, terms, "en"))).toBeUndefined();
            } else {
              // Refused: the amounts it works out are the ones the limits refuse, with the same
              // field and message (zero, given or bought, counts as below the minimum).
              const amounts = transferAmounts(terms, request);
              expect(outcome(() => assertWithinLimits(amounts, terms, "en"))).toEqual(priced);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
