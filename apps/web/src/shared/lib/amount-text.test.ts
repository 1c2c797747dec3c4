import { describe, expect, it } from "vitest";
import { completeAmount, displayAmountText, editableAmountText, parseAmountText } from "./amount-text";

describe("amount text", () => {
  it("reads English input: ',' groups, '.' separates decimals", () => {
    expect(parseAmountText("1,234.56", "en", 2)).toBe("1234.56");
    expect(parseAmountText("007.5", "en", 2)).toBe("7.5");
    expect(parseAmountText(".5", "en", 2)).toBe("0.5");
    expect(parseAmountText("12.", "en", 2)).toBe("12.");
  });

  it("reads Spanish input: '.' groups, ',' separates decimals", () => {
    expect(parseAmountText("1.234,56", "es", 2)).toBe("1234.56");
    expect(parseAmountText("1234,5", "es", 2)).toBe("1234.5");
  });

  it("drops letters, signs, a second separator and decimals the currency does not have", () => {
    expect(parseAmountText("-12a.3.4", "en", 2)).toBe("12.34");
    expect(parseAmountText("12.345", "en", 2)).toBe("12.34");
    expect(parseAmountText("500.75", "en", 0)).toBe("50075");
    expect(parseAmountText("", "en", 2)).toBe("");
    expect(parseAmountText("abc", "en", 2)).toBe("");
  });

  it("keeps digits beyond what a float could hold", () => {
    expect(parseAmountText("123456789012345678901234.99", "en", 2)).toBe("123456789012345678901234.99");
  });

  it("completes an amount to the currency's digits when the field is left", () => {
    expect(completeAmount("12.5", 2)).toBe("12.50");
    expect(completeAmount("12.", 2)).toBe("12.00");
    expect(completeAmount(".5", 2)).toBe("0.50");
    expect(completeAmount("100.00", 0)).toBe("100");
    expect(completeAmount("1.239", 3)).toBe("1.23");
    expect(completeAmount("", 2)).toBe("");
  });

  it("shows amounts with the shared formatter and edits them without grouping", () => {
    expect(displayAmountText("1234.5", "en", 2)).toBe("1,234.50");
    expect(displayAmountText("1234.5", "es", 2)).toBe("1.234,50");
    expect(displayAmountText("", "en", 2)).toBe("");
    expect(editableAmountText("1234.5", "es")).toBe("1234,5");
    expect(editableAmountText("1234.5", "en")).toBe("1234.5");
  });
});
