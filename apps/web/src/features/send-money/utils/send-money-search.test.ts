import { describe, expect, it } from "vitest";
import { amountSelectionOf, sendMoneySearch } from "./send-money-search";

const CHOSEN = {
  country_from_id: 233,
  country_to_id: 157,
  currency_from_id: 142,
  currency_to_id: 94,
  shipping_method_id: 3,
};

describe("the AMOUNT step's selection", () => {
  it("is missing until the corridor, the method and an amount are all known", () => {
    expect(amountSelectionOf(null, "send", "100.00")).toBeNull();
    expect(amountSelectionOf(CHOSEN, "send", "")).toBeNull();
  });

  it("hands on the amount the person fixed, with the API's field names, as a query string", () => {
    const bySend = amountSelectionOf(CHOSEN, "send", "100.00");
    expect(bySend && sendMoneySearch(bySend)).toBe(
      "country_from_id=233&country_to_id=157&currency_from_id=142&currency_to_id=94&shipping_method_id=3&send_amount=100.00",
    );
    const byReceiving = amountSelectionOf(CHOSEN, "receiving", "5000.00");
    expect(byReceiving).toEqual({ ...CHOSEN, receiving_amount: "5000.00" });
  });
});
