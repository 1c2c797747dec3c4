import { describe, expect, it } from "vitest";
import { formatRate } from "./format-rate";

describe("formatRate", () => {
  it("shows one unit sent against what it buys, cut to four decimals", () => {
    expect(formatRate("20.22243878", "USD", "MXN", "en")).toBe("1 USD = 20.2224 MXN");
    // Cut, never rounded up: the rate shown is never better than the one priced.
    expect(formatRate("0.99999999", "EUR", "USD", "en")).toBe("1 EUR = 0.9999 USD");
  });

  it("groups the thousands of large rates and follows the page's separators", () => {
    expect(formatRate("15712.34567", "USD", "IDR", "en")).toBe("1 USD = 15,712.3456 IDR");
    expect(formatRate("15712.34567", "USD", "IDR", "es")).toBe("1 USD = 15.712,3456 IDR");
  });
});
