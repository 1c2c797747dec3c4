import { describe, expect, it } from "vitest";
import {
  completeAmount,
  displayAmountText,
  editableAmountText,
  isCutOnCompletion,
  parseAmountText,
} from "./amount-text";

describe("amount text", () => {
  it("reads English input: ',' groups, '.' separates decimals", () => {
    expect(parseAmountText("1,234.56", "en")).toBe("1234.56");
    expect(parseAmountText("007.5", "en")).toBe("7.5");
    expect(parseAmountText(".5", "en")).toBe("0.5");
    expect(parseAmountText("12.", "en")).toBe("12.");
  });

  it("reads Spanish input: '.' groups, ',' separates decimals", () => {
    expect(parseAmountText("1.234,56", "es")).toBe("1234.56");
    expect(parseAmountText("1234,5", "es")).toBe("1234.5");
  });

  it("drops letters, signs and a second separator", () => {
    expect(parseAmountText("-12a.3.4", "en")).toBe("12.34");
    expect(parseAmountText("", "en")).toBe("");
    expect(parseAmountText("abc", "en")).toBe("");
  });

  it("never drops the decimal separator, whatever the currency's digits (issue 7, point 17)", () => {
    // Won and yen have no decimals: the typed fraction stays until the amount is completed, which
    // cuts it off. Reading "500000.7" as 5000007 was ten times what was meant.
    expect(parseAmountText("500000.7", "en")).toBe("500000.7");
    expect(completeAmount(parseAmountText("500000.7", "en"), 0)).toBe("500000");
    expect(completeAmount(parseAmountText("500.000,7", "es"), 0)).toBe("500000");
    expect(completeAmount(parseAmountText("12.345", "en"), 2)).toBe("12.34");
    expect(completeAmount(parseAmountText("1.239", "en"), 3)).toBe("1.23");
  });

  it("says when completing an amount cuts typed digits, so the field can show it", () => {
    expect(isCutOnCompletion("500000.7", 0)).toBe(true);
    expect(isCutOnCompletion("12.345", 2)).toBe(true);
    expect(isCutOnCompletion("1.239", 3)).toBe(true);
    expect(isCutOnCompletion("500000.", 0)).toBe(false);
    expect(isCutOnCompletion("500000.00", 0)).toBe(false);
    expect(isCutOnCompletion("12.5", 2)).toBe(false);
    expect(isCutOnCompletion("", 0)).toBe(false);
  });

  it("keeps digits beyond what a float could hold, and refuses more than 40", () => {
    expect(parseAmountText("123456789012345678901234.99", "en")).toBe("123456789012345678901234.99");
    expect(parseAmountText("9".repeat(45), "en")).toBe("9".repeat(40));
  });

  it("completes an amount to the currency's digits when the field is left", () => {
    expect(completeAmount("12.5", 2)).toBe("12.50");
    expect(completeAmount("12.", 2)).toBe("12.00");
    expect(completeAmount(".5", 2)).toBe("0.50");
    expect(completeAmount("100.00", 0)).toBe("100");
    expect(completeAmount("1.239", 3)).toBe("1.23");
    expect(completeAmount("", 2)).toBe("");
    expect(completeAmount(".", 2)).toBe("");
  });

  it("shows amounts with the shared formatter and edits them without grouping", () => {
    expect(displayAmountText("1234.5", "en", 2)).toBe("1,234.50");
    expect(displayAmountText("1234.5", "es", 2)).toBe("1.234,50");
    expect(displayAmountText("500000.7", "en", 0)).toBe("500,000");
    expect(displayAmountText("", "en", 2)).toBe("");
    expect(editableAmountText("1234.5", "es")).toBe("1234,5");
    expect(editableAmountText("1234.5", "en")).toBe("1234.5");
  });
});
