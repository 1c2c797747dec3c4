import { describe, expect, it } from "vitest";
import { INITIAL_SEND_MONEY_DATA, type SendMoneyState, useSendMoneyStore } from "../stores/send-money-store";
import { amountSelectionOf, sendMoneySearch } from "./send-money-search";

const stateWith = (data: Partial<SendMoneyState>): SendMoneyState => ({
  ...useSendMoneyStore.getState(),
  ...INITIAL_SEND_MONEY_DATA,
  ...data,
});

const CHOSEN = {
  country_from_id: 233,
  country_to_id: 157,
  currency_from_id: 142,
  currency_to_id: 94,
  shipping_method_id: 3,
};

describe("the AMOUNT step's selection", () => {
  it("is missing until the corridor, the method and an amount are all known", () => {
    expect(amountSelectionOf(stateWith({}))).toBeNull();
    expect(amountSelectionOf(stateWith({ ...CHOSEN, shipping_method_id: null }))).toBeNull();
    expect(amountSelectionOf(stateWith({ ...CHOSEN, send_amount: "" }))).toBeNull();
  });

  it("hands on the amount the person fixed, with the API's field names, as a query string", () => {
    const bySend = amountSelectionOf(stateWith({ ...CHOSEN, send_amount: "100.00" }));
    expect(bySend && sendMoneySearch(bySend)).toBe(
      "country_from_id=233&country_to_id=157&currency_from_id=142&currency_to_id=94&shipping_method_id=3&send_amount=100.00",
    );
    const byReceiving = amountSelectionOf(
      stateWith({ ...CHOSEN, amountSide: "receiving", receiving_amount: "5000.00", send_amount: "247.26" }),
    );
    expect(byReceiving).toEqual({ ...CHOSEN, receiving_amount: "5000.00" });
  });
});
