import { beforeEach, describe, expect, it } from "vitest";
import { INITIAL_PAYMENT_DATA, PAYMENT_STORAGE_KEY, usePaymentStore } from "./payment-store";

describe("the payment store", () => {
  beforeEach(() => {
    usePaymentStore.setState(INITIAL_PAYMENT_DATA);
  });

  it("starts on methods with the card tab ('3') and '0.00 USD' fees (spec §9)", () => {
    expect(usePaymentStore.getState()).toMatchObject({ view: "methods", tab: "3", fees: "0.00 USD" });
  });

  it("goes methods → subMethods → payment for a method with an intermediate step, and back the same way", () => {
    const store = usePaymentStore.getState();
    store.methodChosen({ id: 5, fees: "0.00 USD", hasIntermediateStep: true, tab: "2" });
    expect(usePaymentStore.getState()).toMatchObject({
      view: "subMethods",
      paymentMethodSelected: 5,
      tab: "2",
    });
    store.subMethodChosen({ methodId: 5, id: 51, fees: "1.00 USD", tab: "2" });
    expect(usePaymentStore.getState()).toMatchObject({
      view: "payment",
      paymentSubMethodSelected: 51,
      fees: "1.00 USD",
    });
    store.backView(true);
    expect(usePaymentStore.getState().view).toBe("subMethods");
    store.backView(true);
    expect(usePaymentStore.getState().view).toBe("methods");
  });

  it("goes methods → payment for a method without one, and back to methods", () => {
    const store = usePaymentStore.getState();
    store.methodChosen({ id: 3, fees: "3.99 USD", hasIntermediateStep: false, tab: "3" });
    expect(usePaymentStore.getState()).toMatchObject({ view: "payment", fees: "3.99 USD" });
    store.backView(false);
    expect(usePaymentStore.getState().view).toBe("methods");
  });

  it("clears card, bank, method and sub-method on reset, with the view back to methods (spec §4)", () => {
    const store = usePaymentStore.getState();
    store.methodChosen({ id: 3, fees: "3.99 USD", hasIntermediateStep: false, tab: "1" });
    store.selectCard(8);
    store.selectBank(9);
    store.paymentMade(77);
    store.reset();
    expect(usePaymentStore.getState()).toMatchObject({
      view: "methods",
      tab: "3",
      fees: "0.00 USD",
      cardSelected: null,
      bankSelected: null,
      paymentMethodSelected: null,
      paymentSubMethodSelected: null,
      payment_id: null,
    });
  });

  it("keeps its choices in sessionStorage, and starts afresh for another quotation", () => {
    const store = usePaymentStore.getState();
    store.forQuotation(900);
    store.methodChosen({ id: 3, fees: "3.99 USD", hasIntermediateStep: false, tab: "3" });
    expect(JSON.parse(sessionStorage.getItem(PAYMENT_STORAGE_KEY) ?? "{}").state).toMatchObject({
      quotation_id: 900,
      paymentMethodSelected: 3,
      view: "payment",
    });
    store.forQuotation(901);
    expect(usePaymentStore.getState()).toMatchObject({
      quotation_id: 901,
      view: "methods",
      paymentMethodSelected: null,
    });
  });
});
