import { describe, expect, it } from "vitest";
import { changePhoneRequest, clientRegistration } from "./auth";
import { isValidE164, isValidPhone, PHONE_INVALID_MESSAGE } from "./phone";

// Proves the one phone rule the SPA and the API share: a number must exist in the numbering plan of
// the country its prefix dials, and the error lands on the phone_number field.
describe("isValidPhone", () => {
  it.each([
    ["+1", "2025550143", true],
    ["+52", "5512345678", true],
    ["+44", "7911123456", true],
    ["+34", "612345678", true],
    ["+999", "5551234567", false],
    ["+1", "1234", false],
    ["+1", "5555555555", false],
    ["+52", "12", false],
    ["+44", "12345678901234", false],
  ])("takes %s %s as valid: %s", (prefix, number, valid) => {
    expect(isValidPhone(prefix, number)).toBe(valid);
  });

  it("checks a whole E.164 number as an SMS gateway would", () => {
    expect(isValidE164("+12025550143")).toBe(true);
    expect(isValidE164("+11234")).toBe(false);
    expect(isValidE164("12025550143")).toBe(false);
  });
});

describe("the request schemas", () => {
  it("put the refusal on phone_number", () => {
    const result = changePhoneRequest.safeParse({ phone_prefix: "+999", phone_number: "5551234567" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["phone_number"], message: PHONE_INVALID_MESSAGE }),
    ]);
    expect(changePhoneRequest.safeParse({ phone_prefix: "+1", phone_number: "(202) 555-0143" }).success).toBe(
      true,
    );
  });

  it("refuse an invalid number at registration", () => {
    const body = {
      first_name: "Ana",
      last_name: "García",
      email: "ana@example.com",
      password: "Tangerine-Orbit-42",
      country_id: 1,
      phone_prefix: "+1",
      phone_number: "1234",
      terms: true,
    } as const;
    expect(clientRegistration.safeParse(body).error?.issues[0]?.path).toEqual(["phone_number"]);
    expect(clientRegistration.safeParse({ ...body, phone_number: "2025550143" }).success).toBe(true);
  });
});

describe("a malformed field", () => {
  it("keeps only its own message, not the plan's as well", () => {
    const result = changePhoneRequest.safeParse({ phone_prefix: "+1", phone_number: "555-CALL-ME" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Must be a phone number of 4 to 15 digits.",
    ]);
  });
});
