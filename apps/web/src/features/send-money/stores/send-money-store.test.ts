import { beforeEach, describe, expect, it } from "vitest";
import { BANK_METHOD, CASH_METHOD, METHOD_LIMITS, METHODS, VELA_METHOD } from "@/test/send-money-api";
import {
  INITIAL_SEND_MONEY_DATA,
  SEND_MONEY_STEPS,
  SEND_MONEY_STORAGE_KEY,
  useSendMoneyStore,
} from "./send-money-store";

const state = () => useSendMoneyStore.getState();

const CALCULATION = {
  country_from_id: 1,
  country_to_id: 4,
  currency_from_id: 10,
  currency_to_id: 12,
  currency_from_iso: "USD",
  currency_to_iso: "MXN",
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

describe("send-money store", () => {
  beforeEach(() => {
    useSendMoneyStore.setState(INITIAL_SEND_MONEY_DATA);
  });

  it("starts at step 0 with both send amounts '100.00', the vela method and the fallback limits (spec §4, §5, §9)", () => {
    expect(state()).toMatchObject({
      step: 0,
      sendAmount: "100.00",
      send_amount: "100.00",
      receivingAmount: "",
      receiving_amount: "",
      shipping_method_slug: "vela",
      country_from_id: null,
      currency_from_id: null,
      calculationData: null,
      quotation_id: null,
      limits: { send: { min: "10", max: "10000" }, receiving: { min: "10", max: "10000" } },
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
      sendAmount: "250.00",
      send_amount: "250.00",
      receivingAmount: "5000.00",
      receiving_amount: "5000.00",
      amountSide: "receiving",
      calculationData: CALCULATION,
      quotation_id: 12,
      limitNotice: { field: "send", message: "Min send amount is 10.00" },
    });

    state().reset();

    expect(state()).toMatchObject({
      step: 0,
      calculationData: null,
      quotation_id: null,
      quotationData: null,
      currency_from_id: null,
      currency_to_id: null,
      sendAmount: "100",
      send_amount: "100",
      receivingAmount: "",
      receiving_amount: "",
      amountSide: "send",
      limitNotice: null,
      // The spec's reset list names neither the countries nor the delivery method: they stay.
      country_from_id: 1,
      country_to_id: 4,
      shipping_method_id: 3,
    });
  });

  it("selects the first item of a loaded list when none is selected, and keeps a selection the list has (spec §4)", () => {
    state().countriesLoaded("from", [1, 2, 3]);
    state().currenciesLoaded("from", [10, 11]);
    expect(state()).toMatchObject({ country_from_id: 1, currency_from_id: 10 });

    state().setCurrencyFrom(11);
    state().currenciesLoaded("from", [10, 11]);
    expect(state().currency_from_id).toBe(11);

    state().countriesLoaded("to", [4, 5]);
    state().currenciesLoaded("to", [12]);
    expect(state()).toMatchObject({ country_to_id: 4, currency_to_id: 12 });
  });

  it("clears a country's currency and the price when the country changes, so the new list selects its first", () => {
    state().countriesLoaded("from", [1, 2]);
    state().currenciesLoaded("from", [10]);
    useSendMoneyStore.setState({
      calculationData: CALCULATION,
      sendAmount: "100.00",
      send_amount: "100.00",
      receivingAmount: "2022.24",
      receiving_amount: "2022.24",
    });

    state().setCountryFrom(2);
    // The typed amount stays to be priced again; the one that followed the old price goes.
    expect(state()).toMatchObject({
      country_from_id: 2,
      currency_from_id: null,
      calculationData: null,
      sendAmount: "100.00",
      receivingAmount: "",
      receiving_amount: "",
    });
    state().currenciesLoaded("from", [11]);
    expect(state().currency_from_id).toBe(11);

    // A list that lacks the selected item counts as "none selected".
    state().currenciesLoaded("from", [13, 14]);
    expect(state().currency_from_id).toBe(13);
  });

  it("chooses the vela method by default, keeps a chosen method the corridor offers, and otherwise falls back", () => {
    state().shippingMethodsLoaded([BANK_METHOD, VELA_METHOD, CASH_METHOD]);
    expect(state()).toMatchObject({
      shipping_method_id: VELA_METHOD.id,
      shipping_method_name: "Vela wallet",
      shipping_method_slug: "vela",
    });

    state().setShippingMethod(CASH_METHOD);
    state().shippingMethodsLoaded(METHODS);
    expect(state()).toMatchObject({
      shipping_method_id: CASH_METHOD.id,
      shipping_method_slug: "cash-pickup",
    });

    state().shippingMethodsLoaded([VELA_METHOD, BANK_METHOD]);
    expect(state().shipping_method_id).toBe(VELA_METHOD.id);

    state().shippingMethodsLoaded([BANK_METHOD]);
    expect(state().shipping_method_id).toBe(BANK_METHOD.id);

    state().shippingMethodsLoaded([]);
    expect(state()).toMatchObject({ shipping_method_id: null, shipping_method_name: null });
  });

  it("prices the side the person typed once it is committed, and lets the other side follow the calculation", () => {
    state().typeAmount("receiving", "5000");
    // Typing alone changes the field, not what is priced.
    expect(state()).toMatchObject({ receivingAmount: "5000", receiving_amount: "", amountSide: "send" });

    state().commitAmount("receiving");
    expect(state()).toMatchObject({ receiving_amount: "5000", amountSide: "receiving" });

    state().calculationLoaded(CALCULATION);
    expect(state()).toMatchObject({
      sendAmount: "247.26",
      send_amount: "247.26",
      receivingAmount: "5000",
      calculationData: CALCULATION,
      limits: CALCULATION.limits,
    });

    state().typeAmount("send", "300");
    state().commitAmount("send");
    state().calculationLoaded({ ...CALCULATION, send_amount: "300.00", receiving_amount: "6066.73" });
    expect(state()).toMatchObject({ sendAmount: "300", receivingAmount: "6066.73", amountSide: "send" });
  });

  it("keeps a §5 replacement and its message until the person types again", () => {
    state().applyCorrection({ field: "send", amount: "10.00", message: "Min send amount is 10.00" });
    expect(state()).toMatchObject({
      sendAmount: "10.00",
      send_amount: "10.00",
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
    state().limitsLoaded(METHOD_LIMITS[CASH_METHOD.id] ?? null);
    expect(state().limits.send.max).toBe("2500.00");

    state().limitsLoaded(null);
    expect(state().limits).toEqual({
      send: { min: "10", max: "10000" },
      receiving: { min: "10", max: "10000" },
    });
  });

  it("writes every amount with its currency's digits", () => {
    useSendMoneyStore.setState({ sendAmount: "12.5", send_amount: "12.5", receivingAmount: "1000.75" });

    state().completeAmounts(2, 0);

    expect(state()).toMatchObject({
      sendAmount: "12.50",
      send_amount: "12.50",
      receivingAmount: "1000",
      receiving_amount: "",
    });
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
      sendAmount: "250.00",
      send_amount: "250.00",
      amountSide: "send",
      calculationData: null,
    });
  });
});
