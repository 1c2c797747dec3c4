import { describe, expect, it } from "vitest";
import { basicSenderRequest, consignmentSenderRequest, senderListQuery } from "./senders";

const consignment = {
  first_name: " Lucía ",
  last_name: "Pérez",
  email: "",
  phone_prefix: "",
  phone_number: "",
  country_id: 4,
  state_id: "",
  city: "Ciudad de México",
  address: "Av. Reforma 100",
  postal_code: "",
  date_of_birth: "1990-05-04",
  occupation: "  ",
  document_type_id: 2,
  document_number: " gomlrs80010109h400 ",
  document_country_id: "4",
  document_expires_on: "2031-01-01",
};

const fieldsWithErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => String(issue.path[0])) ?? []);

describe("consignmentSenderRequest", () => {
  it("reads what a form holds: blanks are left out, text trimmed, the document number upper-cased", () => {
    expect(consignmentSenderRequest.parse(consignment)).toEqual({
      first_name: "Lucía",
      last_name: "Pérez",
      country_id: 4,
      city: "Ciudad de México",
      address: "Av. Reforma 100",
      date_of_birth: "1990-05-04",
      document_type_id: 2,
      document_number: "GOMLRS80010109H400",
      document_country_id: 4,
      document_expires_on: "2031-01-01",
    });
  });

  // Each change to a valid form, and the field whose error it makes.
  it.each([
    [{ phone_prefix: "+52" }, "phone_number"],
    [{ phone_number: "5512345678" }, "phone_prefix"],
    [{ phone_prefix: "+52", phone_number: "1234" }, "phone_number"],
  ])(
    "takes a phone only as a prefix and a number that dial a real number: %j is refused on %s",
    (change, field) => {
      expect(fieldsWithErrors(consignmentSenderRequest.safeParse({ ...consignment, ...change }))).toEqual([
        field,
      ]);
    },
  );

  it("takes a prefix and a number that dial a real number", () => {
    expect(
      consignmentSenderRequest.safeParse({
        ...consignment,
        phone_prefix: "+52",
        phone_number: "55 1234 5678",
      }).success,
    ).toBe(true);
  });

  it.each([
    [{ document_type_id: null }, "document_type_id"],
    [{ document_number: "AB<12>" }, "document_number"],
    [{ document_expires_on: "2031-02-30" }, "document_expires_on"],
  ])(
    "needs the identity document and refuses odd characters in its number: %j is refused on %s",
    (change, field) => {
      expect(fieldsWithErrors(consignmentSenderRequest.safeParse({ ...consignment, ...change }))).toEqual([
        field,
      ]);
    },
  );
});

describe("basicSenderRequest", () => {
  it("needs a name and an e-mail address or a phone number", () => {
    expect(fieldsWithErrors(basicSenderRequest.safeParse({ first_name: "Ana", last_name: "Ruiz" }))).toEqual([
      "email",
    ]);
    expect(
      basicSenderRequest.safeParse({ first_name: "Ana", last_name: "Ruiz", email: "Ana@Example.com" }).data,
    ).toEqual({ first_name: "Ana", last_name: "Ruiz", email: "ana@example.com" });
    expect(
      basicSenderRequest.safeParse({
        first_name: "Ana",
        last_name: "Ruiz",
        phone_prefix: "+1",
        phone_number: "2025550143",
      }).success,
    ).toBe(true);
  });
});

describe("senderListQuery", () => {
  it("pages 10 at a time at most, and knows the services", () => {
    expect(senderListQuery.parse({})).toEqual({ page: 1, per_page: 10 });
    expect(senderListQuery.safeParse({ per_page: "11" }).success).toBe(false);
    expect(senderListQuery.safeParse({ service: "wallets" }).success).toBe(false);
    expect(senderListQuery.parse({ service: "gift-cards", search: " ana " })).toMatchObject({
      search: "ana",
    });
  });
});
