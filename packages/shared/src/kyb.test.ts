import { describe, expect, it } from "vitest";
import { basisPointsToPercent, KYB_MESSAGES, ownerRequest, percentToBasisPoints } from "./kyb";

const owner = {
  first_name: "Lucía",
  last_name: "Fernández",
  date_of_birth: "1980-06-15",
  nationality_country_id: 4,
  email: "lucia@example.com",
  role: "shareholder",
};

const problems = (value: object) =>
  ownerRequest.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("beneficial owners' shares", () => {
  it("reads and writes percentages as basis points, exactly", () => {
    expect(percentToBasisPoints("25")).toBe(2500);
    expect(percentToBasisPoints("33.3")).toBe(3330);
    expect(percentToBasisPoints("0.05")).toBe(5);
    expect(basisPointsToPercent(3330)).toBe("33.3");
    expect(basisPointsToPercent(3333)).toBe("33.33");
    expect(basisPointsToPercent(10_000)).toBe("100");
  });

  it("takes 25 % or more; less, or nothing, only for the controlling person", () => {
    expect(problems({ ...owner, ownership_percent: "25" })).toEqual([]);
    expect(problems({ ...owner, ownership_percent: "24.99" })).toEqual([
      ["ownership_percent", KYB_MESSAGES.ownerBelowThreshold],
    ]);
    expect(problems({ ...owner, ownership_percent: "" })).toEqual([
      ["ownership_percent", KYB_MESSAGES.ownershipNeeded],
    ]);
    expect(problems({ ...owner, ownership_percent: "5", is_controlling: true })).toEqual([]);
    expect(problems({ ...owner, is_controlling: true })).toEqual([]);
    expect(problems({ ...owner, ownership_percent: "100.5" })).toEqual([
      ["ownership_percent", KYB_MESSAGES.percentFormat],
    ]);
  });

  it("refuses someone under 18", () => {
    expect(problems({ ...owner, ownership_percent: "30", date_of_birth: "2020-01-01" })).toEqual([
      ["date_of_birth", "You must be at least 18 years old."],
    ]);
  });
});
