import { describe, expect, it } from "vitest";
import { recipientListQuery, recipientRequest, recipientTypes } from "./recipients";

describe("recipient list query", () => {
  it("defaults to the first page of ten, all types", () => {
    expect(recipientListQuery.parse({})).toEqual({ page: 1, per_page: 10, type: "" });
    expect(recipientTypes.map((option) => option.value)).toEqual(["", "customer", "business"]);
  });

  it("reads the e-mail lookup and a quotation from query text, refuses an unknown type", () => {
    expect(
      recipientListQuery.parse({ email: " a@b.co ", page: "1", per_page: "1", quotation_id: "7" }),
    ).toEqual({
      email: "a@b.co",
      page: 1,
      per_page: 1,
      type: "",
      quotation_id: 7,
    });
    expect(recipientListQuery.safeParse({ type: "friend" }).success).toBe(false);
    expect(recipientListQuery.safeParse({ per_page: "101" }).success).toBe(false);
  });
});

describe("recipient save body", () => {
  it("keeps the form's values beside the corridor, flat", () => {
    const body = recipientRequest.parse({
      type: "customer",
      country_to_id: 1,
      currency_to_id: "2",
      shipping_method_id: 3,
      first_name: "Ana",
      clabe: "002010077777777771",
      consent: true,
      email: null,
    });
    expect(body).toMatchObject({ currency_to_id: 2, first_name: "Ana", consent: true, email: null });
  });

  it("refuses a value that is neither text nor a switch, and text over 500 characters", () => {
    expect(recipientRequest.safeParse({ type: "customer", bank_id: { id: 1 } }).success).toBe(false);
    expect(recipientRequest.safeParse({ type: "customer", note: "x".repeat(501) }).success).toBe(false);
    expect(recipientRequest.safeParse({ type: "person" }).success).toBe(false);
  });
});
