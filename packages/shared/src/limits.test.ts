import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareAmounts, fromMinor } from "./decimal";
import { amountLimitOf, breachMessage, type CorridorLimits, type LimitBreach, limitBreach } from "./limits";

const LIMITS: CorridorLimits = {
  send: { min: "10.00", max: "2500.00" },
  receiving: { min: "100.00", max: "50000.00" },
};
const DECIMALS = { send: 2, receiving: 2 };

// Spec §5, each branch: the send amount first (zero and below the minimum, above the maximum), the
// receiving amount only when the send amount is within its limits, the fallback when none are given.
describe("limitBreach", () => {
  it.each([
    // The send amount first: zero and below the minimum are below the minimum; then above the maximum.
    ["9.99", "500.00", { kind: "min", field: "send", limit: "10.00" }],
    ["0", "500.00", { kind: "min", field: "send", limit: "10.00" }],
    ["0.00", "500.00", { kind: "min", field: "send", limit: "10.00" }],
    ["-5", "500.00", { kind: "min", field: "send", limit: "10.00" }],
    ["2500.01", "500.00", { kind: "max", field: "send", limit: "2500.00" }],
    // The receiving amount the same way, once the send amount is within its limits.
    ["10", "99.99", { kind: "min", field: "receiving", limit: "100.00" }],
    ["2500", "50000.01", { kind: "max", field: "receiving", limit: "50000.00" }],
    // Amounts within their limits, the limits themselves included, are left alone.
    ["10", "100", null],
    ["2500.00", "50000.00", null],
  ])("sending %s to receive %s breaches %j", (send, receiving, breach) => {
    expect(limitBreach({ send, receiving }, LIMITS, DECIMALS)).toEqual(breach);
  });

  it("speaks for the send amount before the receiving one", () => {
    expect(limitBreach({ send: "5", receiving: "1" }, LIMITS, DECIMALS)).toMatchObject({ field: "send" });
    expect(limitBreach({ send: "3000", receiving: "90000" }, LIMITS, DECIMALS)).toMatchObject({
      field: "send",
      kind: "max",
    });
  });

  it("checks the receiving amount against its own limits, a minimum of zero included", () => {
    expect(
      limitBreach(
        { send: "100", receiving: "0" },
        { ...LIMITS, receiving: { min: "0", max: "1" } },
        DECIMALS,
      ),
    ).toEqual({ kind: "min", field: "receiving", limit: "0.00" });
  });

  it("checks only the send amount while the receiving one is unknown", () => {
    expect(limitBreach({ send: "100", receiving: null }, LIMITS, DECIMALS)).toBeNull();
    expect(limitBreach({ send: "1", receiving: null }, LIMITS, DECIMALS)).toMatchObject({ field: "send" });
  });

  it("falls back to 10 and 10000 on both sides when the limits are absent", () => {
    for (const limits of [null, undefined]) {
      expect(limitBreach({ send: "9", receiving: "50" }, limits, DECIMALS)).toEqual({
        kind: "min",
        field: "send",
        limit: "10.00",
      });
      expect(limitBreach({ send: "50", receiving: "10000.01" }, limits, DECIMALS)).toEqual({
        kind: "max",
        field: "receiving",
        limit: "10000.00",
      });
    }
  });

  it("writes the limit with each currency's digits, never outside the limit", () => {
    const decimals = { send: 0, receiving: 3 };
    expect(limitBreach({ send: "5", receiving: null }, null, decimals)).toMatchObject({ limit: "10" });
    expect(limitBreach({ send: "100", receiving: "5" }, null, decimals)).toMatchObject({ limit: "10.000" });
    // A limit finer than its currency (never stored so) is written inside it: min up, max down.
    const fine = { send: { min: "10.005", max: "99.999" }, receiving: LIMITS.receiving };
    expect(limitBreach({ send: "1", receiving: null }, fine, DECIMALS)).toMatchObject({ limit: "10.01" });
    expect(limitBreach({ send: "100", receiving: null }, fine, DECIMALS)).toMatchObject({ limit: "99.99" });
  });

  it("agrees with the plain reading of spec §5 for any amounts and limits", () => {
    const minorArb = fc.bigInt({ min: 0n, max: 10n ** 9n });
    const boundsArb = fc.tuple(minorArb, minorArb).map(([a, b]) => ({
      min: fromMinor(a < b ? a : b, 2),
      max: fromMinor(a < b ? b : a, 2),
    }));
    fc.assert(
      fc.property(
        boundsArb,
        boundsArb,
        minorArb,
        fc.option(minorArb),
        (send, receiving, sendMinor, receivingMinor) => {
          const amounts = {
            send: fromMinor(sendMinor, 2),
            receiving: receivingMinor === null ? null : fromMinor(receivingMinor, 2),
          };
          const outside = (amount: string, bounds: { min: string; max: string }) =>
            compareAmounts(amount, "0") <= 0 ||
            compareAmounts(amount, bounds.min) < 0 ||
            compareAmounts(amount, bounds.max) > 0;
          const breach: LimitBreach | null = limitBreach(amounts, { send, receiving }, DECIMALS);
          if (outside(amounts.send, send)) {
            expect(breach?.field).toBe("send");
          } else if (amounts.receiving !== null && outside(amounts.receiving, receiving)) {
            expect(breach?.field).toBe("receiving");
          } else {
            expect(breach).toBeNull();
          }
          if (breach) {
            const bounds = breach.field === "send" ? send : receiving;
            // The rule replaces the amount by the limit it names.
            expect(breach.limit).toBe(bounds[breach.kind]);
          }
        },
      ),
    );
  });
});

describe("breachMessage", () => {
  it("writes spec §5's messages with the limit formatted for the language", () => {
    expect(breachMessage({ kind: "min", field: "send", limit: "10.00" }, 2)).toBe("Min send amount is 10.00");
    expect(breachMessage({ kind: "max", field: "receiving", limit: "50000.00" }, 2)).toBe(
      "Max receiving amount is 50,000.00",
    );
    expect(breachMessage({ kind: "max", field: "send", limit: "10000.00" }, 2, "es")).toBe(
      "Max send amount is 10.000,00",
    );
  });
});

describe("amountLimitOf", () => {
  it("reads the limit a failure envelope carries", () => {
    const limit = { kind: "min", field: "send", amount: "10.00", currency: "USD" };
    expect(amountLimitOf({ success: false, message: "Invalid", limit })).toEqual(limit);
  });

  it("reads nothing from an envelope without a well-formed limit", () => {
    for (const envelope of [
      null,
      "Min send amount is 10.00",
      { success: false, message: "Min send amount is 10.00" },
      { limit: null },
      { limit: { kind: "least", field: "send", amount: "10.00", currency: "USD" } },
      { limit: { kind: "min", field: "fee", amount: "10.00", currency: "USD" } },
      { limit: { kind: "min", field: "send", amount: "10,00", currency: "USD" } },
      { limit: { kind: "min", field: "send", amount: "10.00" } },
    ]) {
      expect(amountLimitOf(envelope)).toBeNull();
    }
  });
});
