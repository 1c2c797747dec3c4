import type { CorridorLimits } from "@vela/shared/pricing";
import { describe, expect, it } from "vitest";
import { type LimitCheck, limitCorrection, serverLimitCorrection } from "./amount-limits";

const LIMITS: CorridorLimits = {
  send: { min: "10", max: "10000" },
  receiving: { min: "10", max: "50000.00" },
};
const RATE = "20.22243878";

const check = (overrides: Partial<LimitCheck>): LimitCheck => ({
  side: "send",
  sendAmount: "100.00",
  receivingAmount: "",
  rate: RATE,
  limits: LIMITS,
  fromDecimals: 2,
  toDecimals: 2,
  locale: "en",
  ...overrides,
});

// Spec §5: amounts outside their limits are replaced by the limit, with the spec's message and the
// limit formatted with thousands separators and at most two decimals.
describe("spec §5 amount rules", () => {
  it.each([
    {
      rule: "below the minimum by the minimum",
      sendAmount: "5",
      amount: "10.00",
      message: "Min send amount is 10.00",
    },
    {
      rule: "above the maximum by the maximum, with thousands separators",
      sendAmount: "20000",
      amount: "10000.00",
      message: "Max send amount is 10,000.00",
    },
  ])("replaces a send amount $rule", ({ sendAmount, amount, message }) => {
    expect(limitCorrection(check({ sendAmount }))).toEqual({ field: "send", amount, message });
  });

  it("treats zero and an empty field as below the minimum", () => {
    for (const sendAmount of ["0", "0.00", "", "."]) {
      expect(limitCorrection(check({ sendAmount }))).toMatchObject({ field: "send", amount: "10.00" });
    }
  });

  it("leaves amounts within both limits alone, the limits themselves included", () => {
    expect(limitCorrection(check({ sendAmount: "10" }))).toBeNull();
    expect(limitCorrection(check({ sendAmount: "10000.00", rate: "1.1" }))).toBeNull();
    expect(limitCorrection(check({ sendAmount: "2472.39" }))).toBeNull();
  });

  it("checks the receiving amount only when the send amount is within its limits", () => {
    // 3,000 USD is within the send limits, but becomes 60,667.31 MXN, above the receiving maximum.
    expect(limitCorrection(check({ sendAmount: "3000" }))).toEqual({
      field: "receiving",
      amount: "50000.00",
      message: "Max receiving amount is 50,000.00",
    });
    // A typed receiving amount that needs more than the send maximum: the send rule speaks first.
    expect(
      limitCorrection(
        check({
          side: "receiving",
          receivingAmount: "49000",
          limits: { ...LIMITS, send: { min: "10", max: "2000" } },
        }),
      ),
    ).toEqual({ field: "send", amount: "2000.00", message: "Max send amount is 2,000.00" });
  });

  it("replaces a typed receiving amount outside its limits once the send amount it needs is within", () => {
    const limits = { send: { min: "1", max: "10000" }, receiving: { min: "100", max: "50000.00" } };
    expect(limitCorrection(check({ side: "receiving", receivingAmount: "50", limits }))).toEqual({
      field: "receiving",
      amount: "100.00",
      message: "Min receiving amount is 100.00",
    });
    expect(limitCorrection(check({ side: "receiving", receivingAmount: "60000", limits }))).toMatchObject({
      field: "receiving",
      amount: "50000.00",
    });
    expect(limitCorrection(check({ side: "receiving", receivingAmount: "5000", limits }))).toBeNull();
  });

  it("works the send amount out of a receiving amount the way the API does, before checking it", () => {
    // 5 MXN needs 0.25 USD: below the send minimum, so the send amount becomes 10.00.
    expect(limitCorrection(check({ side: "receiving", receivingAmount: "5" }))).toEqual({
      field: "send",
      amount: "10.00",
      message: "Min send amount is 10.00",
    });
  });

  it("replaces nothing when the send amount cannot be known yet (no rate): the calculator's 422 decides", () => {
    expect(limitCorrection(check({ side: "receiving", receivingAmount: "5", rate: null }))).toBeNull();
    // A typed send amount needs no rate for its own check.
    expect(limitCorrection(check({ sendAmount: "5", rate: null }))).toMatchObject({ amount: "10.00" });
  });

  it("writes the replacement with the currency's digits and the message in the page's format", () => {
    const limits = { ...LIMITS, send: { min: "10", max: "100000" } };
    expect(limitCorrection(check({ sendAmount: "5", limits, fromDecimals: 0 }))).toEqual({
      field: "send",
      amount: "10",
      message: "Min send amount is 10",
    });
    expect(limitCorrection(check({ sendAmount: "250000", limits, locale: "es" }))).toEqual({
      field: "send",
      amount: "100000.00",
      message: "Max send amount is 100.000,00",
    });
  });
});

describe("the calculator's 422 as a §5 replacement", () => {
  const refusal = (field: "send" | "receiving", kind: "min" | "max", amount: string, message: string) => ({
    errors: { [`${field}_amount`]: [message] },
    body: {
      success: false,
      message: "The given data was invalid.",
      errors: { [`${field}_amount`]: [message] },
      limit: { kind, field, amount, currency: field === "send" ? "USD" : "MXN" },
    },
  });

  it("replaces the amount by the limit the server answers as data, and shows its message", () => {
    expect(
      serverLimitCorrection(refusal("send", "max", "2500.00", "Max send amount is 2,500.00"), 2, 2),
    ).toEqual({ field: "send", amount: "2500.00", message: "Max send amount is 2,500.00" });
    expect(
      serverLimitCorrection(refusal("send", "min", "10.00", "Min send amount is 10.00"), 2, 2),
    ).toMatchObject({ amount: "10.00" });
    // The message is in the page's language; the limit is read from the data, whatever the language.
    expect(
      serverLimitCorrection(
        refusal("receiving", "max", "223565.00", "Max receiving amount is 223.565,00"),
        2,
        2,
      ),
    ).toEqual({ field: "receiving", amount: "223565.00", message: "Max receiving amount is 223.565,00" });
    // Written with the digits the field takes.
    expect(serverLimitCorrection(refusal("send", "min", "10", "Min send amount is 10"), 2, 0)).toMatchObject({
      amount: "10.00",
    });
  });

  it("reads nothing into failures that are not limits, nor into message text", () => {
    expect(serverLimitCorrection(null, 2, 2)).toBeNull();
    const failure = (errors: Record<string, string[]>) => ({
      errors,
      body: { success: false, message: "The given data was invalid.", errors },
    });
    expect(
      serverLimitCorrection(failure({ send_amount: ["Must have at most 2 decimals."] }), 2, 2),
    ).toBeNull();
    expect(serverLimitCorrection(failure({ country_to_id: ["We do not send there yet."] }), 2, 2)).toBeNull();
    expect(serverLimitCorrection(failure({ send_amount: ["Min send amount is 10.00"] }), 2, 2)).toBeNull();
  });
});
