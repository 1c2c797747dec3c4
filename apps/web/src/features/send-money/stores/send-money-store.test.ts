import { beforeEach, describe, expect, it } from "vitest";
import { JAPAN, MEXICO, UNITED_STATES, US_TO_MEXICO } from "@/test/fixtures";
import { BANK_METHOD, CASH_METHOD, METHOD_LIMITS, METHODS, VELA_METHOD } from "@/test/send-money-api";
import { pickListItem, selectedMethod } from "../utils/corridor-defaults";
import { limitsInForce, priceRequestOf } from "../utils/price-request";
import {
  INITIAL_SEND_MONEY_DATA,
  SEND_MONEY_STEPS,
  SEND_MONEY_STORAGE_KEY,
  useSendMoneyStore,
} from "./send-money-store";

const state = () => useSendMoneyStore.getState();

/** The list item the AMOUNT step shows for what the store holds (spec §4: none chosen → the first). */
const shown = (ids: readonly number[], chosenId: number | null) =>
  pickListItem(
    ids.map((id) => ({ id })),
    chosenId,
    null,
  )?.id ?? null;

const CALCULATION = {
  ...US_TO_MEXICO,
  shipping_method_id: 1,
  shipping_method: { name: "Vela wallet", slug: "vela" },
  payment_method: "bank-transfer",
  send_amount: "247.26",
  receiving_amount: "5000.00",
  vela_fee_amount: "2.99",
  external_fee_amount: "0.00",
  discount: "0.00",
  amount_paid: "250.25",
  rate: "20.22243878",
  mid_rate: "20.32405908",
  rate_source: "ECB",
  limits: METHOD_LIMITS[1] ?? { send: { min: "10", max: "10000" }, receiving: { min: "10", max: "10000" } },
  guaranteed_rate: true,
  transfer_time: "Instant",
  estimated_fee_currency: "USD",
  promo_code: null,
};

const CORRIDOR = {
  country_from_id: 1,
  country_to_id: 4,
  currency_from_id: 10,
  currency_to_id: 12,
  shipping_method_id: 1,
};

describe("send-money store", () => {
  beforeEach(() => {
    useSendMoneyStore.setState(INITIAL_SEND_MONEY_DATA);
  });

  it("starts at step 0 with both send amounts '100.00', the vela method and the fallback limits (spec §4, §5, §9)", () => {
    expect(state()).toMatchObject({
      step: 0,
      amount: "100.00",
      amountSide: "send",
      country_from_id: null,
      currency_from_id: null,
      quotation_id: null,
    });
    expect(state()).not.toHaveProperty("calculationData");
    expect(selectedMethod(METHODS, state().shipping_method_id)?.slug).toBe("vela");
    expect(limitsInForce(undefined, undefined)).toEqual({
      send: { min: "10", max: "10000" },
      receiving: { min: "10", max: "10000" },
    });
    expect(SEND_MONEY_STEPS).toEqual(["AMOUNT", "SENDER", "RECIPIENT", "PAYMENT", "SEND", "CONFIRMATION"]);
  });

  it("moves one step on continue, back one on back, and two on wallet-continue, within the flow's steps", () => {
    state().continueStep();
    expect(state().step).toBe(1);
    state().walletContinueStep();
    expect(state().step).toBe(3);
    state().backStep();
    expect(state().step).toBe(2);

    state().backStep();
    state().backStep();
    state().backStep();
    expect(state().step).toBe(0);

    for (let index = 0; index < 10; index += 1) state().continueStep();
    expect(state().step).toBe(SEND_MONEY_STEPS.length - 1);
    state().walletContinueStep();
    expect(state().step).toBe(SEND_MONEY_STEPS.length - 1);
  });

  it("resets to step 0, clears calculation, quotation and selected currencies, and returns the amounts to '100'", () => {
    useSendMoneyStore.setState({
      step: 3,
      country_from_id: 1,
      country_to_id: 4,
      currency_from_id: 10,
      currency_to_id: 12,
      shipping_method_id: 3,
      amount: "5000.00",
      amountSide: "receiving",
      quotation_id: 12,
      limitNotice: { field: "send", message: "Min send amount is 10.00" },
    });

    state().reset();

    expect(state()).toMatchObject({
      step: 0,
      quotation_id: null,
      quotationData: null,
      currency_from_id: null,
      currency_to_id: null,
      amount: "100",
      amountSide: "send",
      limitNotice: null,
      // The spec's reset list names neither the countries nor the delivery method: they stay.
      country_from_id: 1,
      country_to_id: 4,
      shipping_method_id: 3,
    });
  });

  it("selects the first item of a loaded list when none is selected, and keeps a selection the list has (spec §4)", () => {
    expect(shown([1, 2, 3], state().country_from_id)).toBe(1);
    expect(shown([10, 11], state().currency_from_id)).toBe(10);

    state().setCurrencyFrom(11);
    expect(shown([10, 11], state().currency_from_id)).toBe(11);

    expect(shown([4, 5], state().country_to_id)).toBe(4);
    expect(shown([12], state().currency_to_id)).toBe(12);
    // The person's default comes before the first row (shared/defaults).
    expect(pickListItem([JAPAN, UNITED_STATES, MEXICO], null, UNITED_STATES.id)).toBe(UNITED_STATES);
  });

  it("clears a country's currency and the price when the country changes, so the new list selects its first", () => {
    useSendMoneyStore.setState({
      country_from_id: 1,
      currency_from_id: 10,
      amount: "100.00",
      limitNotice: { field: "send", message: "Min send amount is 10.00" },
    });

    state().setCountryFrom(2);
    // The typed amount stays to be priced again (the price is keyed by the corridor); the old message goes.
    expect(state()).toMatchObject({
      country_from_id: 2,
      currency_from_id: null,
      amount: "100.00",
      limitNotice: null,
    });
    expect(shown([11], state().currency_from_id)).toBe(11);

    // A list that lacks the selected item counts as "none selected".
    state().setCurrencyFrom(12);
    expect(shown([13, 14], state().currency_from_id)).toBe(13);
  });

  it("chooses the vela method by default, keeps a chosen method the corridor offers, and otherwise falls back", () => {
    const method = (methods: typeof METHODS) => selectedMethod(methods, state().shipping_method_id);
    expect(method([BANK_METHOD, VELA_METHOD, CASH_METHOD])).toMatchObject({
      id: VELA_METHOD.id,
      name: "Vela wallet",
      slug: "vela",
    });

    state().setShippingMethod(CASH_METHOD.id);
    expect(method(METHODS)).toMatchObject({ id: CASH_METHOD.id, slug: "cash-pickup" });

    expect(method([VELA_METHOD, BANK_METHOD])?.id).toBe(VELA_METHOD.id);

    expect(method([BANK_METHOD])?.id).toBe(BANK_METHOD.id);

    expect(method([])).toBeUndefined();
  });

  it("prices the side the person typed once it is committed, and lets the other side follow the calculation", () => {
    state().typeAmount("receiving", "5000");
    expect(state()).toMatchObject({ amount: "5000", amountSide: "receiving" });
    const priced = () =>
      priceRequestOf({
        corridor: CORRIDOR,
        typed: { side: state().amountSide, amount: state().amount },
        limits: CALCULATION.limits,
        areLimitsSettled: true,
        rate: CALCULATION.rate,
        fromDecimals: 2,
        toDecimals: 2,
        locale: "en",
      }).request;
    // The calculator is asked with the typed side only; the send amount follows from its answer.
    expect(priced()).toEqual({ ...CORRIDOR, receiving_amount: "5000.00" });
    // The limits of the last price hold until the method's own arrive.
    expect(limitsInForce(undefined, CALCULATION)).toEqual(CALCULATION.limits);

    state().typeAmount("send", "300");
    expect(state()).toMatchObject({ amount: "300", amountSide: "send" });
    expect(priced()).toEqual({ ...CORRIDOR, send_amount: "300.00" });
  });

  it("keeps a §5 replacement and its message until the person types again", () => {
    state().applyCorrection({ field: "send", amount: "10.00", message: "Min send amount is 10.00" });
    expect(state()).toMatchObject({
      amount: "10.00",
      amountSide: "send",
      limitNotice: { field: "send", message: "Min send amount is 10.00" },
    });

    state().applyCorrection({
      field: "receiving",
      amount: "50000.00",
      message: "Max receiving amount is 50,000.00",
    });
    expect(state()).toMatchObject({ amountSide: "receiving", limitNotice: { field: "receiving" } });

    state().typeAmount("send", "12");
    expect(state().limitNotice).toBeNull();
  });

  it("falls back to the spec's limits when none arrive", () => {
    expect(limitsInForce(METHOD_LIMITS[CASH_METHOD.id], undefined).send.max).toBe("2500.00");

    expect(limitsInForce(undefined, undefined)).toEqual({
      send: { min: "10", max: "10000" },
      receiving: { min: "10", max: "10000" },
    });
  });

  it("writes every amount with its currency's digits", () => {
    const pricedAmount = (side: "send" | "receiving", amount: string) =>
      priceRequestOf({
        corridor: CORRIDOR,
        typed: { side, amount },
        limits: undefined,
        areLimitsSettled: false,
        rate: null,
        fromDecimals: 2,
        toDecimals: 0,
        locale: "en",
      }).pricedAmount;

    expect(pricedAmount("send", "12.5")).toBe("12.50");
    expect(pricedAmount("receiving", "1000.75")).toBe("1000");
    expect(pricedAmount("receiving", "")).toBe("");
  });

  it("keeps the person's choices in sessionStorage, not what the server answered", () => {
    state().quotationCreated({
      ...CALCULATION,
      id: 900,
      service: "consignments",
      status: "open",
      expires_at: "",
      expires_in: 900,
      created_at: "",
    });
    state().senderChosen({ sender_id: 9, sender_name: "Ana García" });
    const stored = JSON.parse(sessionStorage.getItem(SEND_MONEY_STORAGE_KEY) ?? "{}").state;
    expect(stored).toMatchObject({ quotation_id: 900, sender_id: 9, step: 1 });
    expect(stored).not.toHaveProperty("quotationData");
    expect(stored).not.toHaveProperty("calculationData");
  });

  it("makes one Idempotency-Key per transaction attempt and keeps it until the order is placed", () => {
    const key = state().ensureTransactionKey();
    expect(state().ensureTransactionKey()).toBe(key);
    state().transactionConfirmed(501);
    expect(state()).toMatchObject({ order_id: 501, transactionKey: null });
    expect(state().ensureTransactionKey()).not.toBe(key);
    state().reset();
    expect(state()).toMatchObject({ order_id: null, transactionKey: null });
  });

  it("starts AMOUNT from the home calculator's selection in the address", () => {
    state().applySelection({
      country_from_id: "1",
      country_to_id: "4",
      currency_from_id: "10",
      currency_to_id: "12",
      shipping_method_id: "2",
      send_amount: "250.00",
      receiving_amount: "nope",
    });
    expect(state()).toMatchObject({
      country_to_id: 4,
      currency_to_id: 12,
      shipping_method_id: 2,
      amount: "250.00",
      amountSide: "send",
    });
  });
});
