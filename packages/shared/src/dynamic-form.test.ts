import { describe, expect, it } from "vitest";
import {
  type DynamicForm,
  defineField,
  dynamicFormSchema,
  isValidClabe,
  isValidPhoneIn,
  phonePrefixOf,
} from "./dynamic-form";
import { spanishValidationMessage, useFriendlyValidationMessages } from "./validation-messages";

useFriendlyValidationMessages();

const form: DynamicForm = {
  key: "test",
  title: "Test",
  fields: [
    defineField({ key: "first_name", label: "First name", kind: "text", max_length: 40 }),
    defineField({ key: "email", label: "E-mail", kind: "email", required: false }),
    defineField({
      key: "clabe",
      label: "CLABE",
      kind: "number",
      check: "clabe",
      min_length: 18,
      max_length: 18,
    }),
    defineField({ key: "iban", label: "IBAN", kind: "text", check: "iban", required: false }),
    defineField({ key: "bic", label: "BIC", kind: "text", check: "bic", required: false }),
    defineField({ key: "phone", label: "Phone", kind: "phone", country_iso: "PH", required: false }),
    defineField({
      key: "account_type",
      label: "Account type",
      kind: "select",
      options: [
        { value: "checking", label: "Checking" },
        { value: "savings", label: "Savings" },
      ],
    }),
    defineField({ key: "birth_date", label: "Birth date", kind: "date", required: false }),
    defineField({ key: "consent", label: "I agree", kind: "checkbox" }),
    defineField({ key: "newsletter", label: "News", kind: "switch", required: false }),
  ],
};
const schema = dynamicFormSchema(form);
const valid = {
  first_name: " Ana ",
  clabe: "002010077777777771",
  account_type: "savings",
  consent: true,
};

function errorsOf(values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("CLABE check digit", () => {
  it("accepts real CLABEs and refuses a changed digit", () => {
    expect(isValidClabe("002010077777777771")).toBe(true);
    expect(isValidClabe("032180000118359719")).toBe(true);
    expect(isValidClabe("032180000118359718")).toBe(false);
    expect(isValidClabe("03218000011835971")).toBe(false);
    expect(isValidClabe("03218000011835971a")).toBe(false);
  });
});

describe("phone numbers by country", () => {
  it("accepts a Philippine mobile only for the Philippines", () => {
    expect(isValidPhoneIn("+639171234567", "PH")).toBe(true);
    expect(isValidPhoneIn("+639171234567", "MX")).toBe(false);
    expect(isValidPhoneIn("639171234567", "PH")).toBe(false);
    expect(isValidPhoneIn("+6391712", "PH")).toBe(false);
  });

  it("knows the dialling prefix of a phone field's country", () => {
    expect(phonePrefixOf("PH")).toBe("+63");
    expect(phonePrefixOf("MX")).toBe("+52");
    expect(phonePrefixOf("ZZ")).toBeNull();
    expect(phonePrefixOf(null)).toBeNull();
  });
});

describe("dynamicFormSchema", () => {
  it("accepts valid values, trims text and normalises IBAN, BIC and phone", () => {
    const result = schema.parse({
      ...valid,
      iban: "de89 3704 0044 0532 0130 00",
      bic: "deutdeff",
      phone: "+63 917 123 4567",
      email: "",
      birth_date: "1990-02-28",
    });
    expect(result).toEqual({
      first_name: "Ana",
      clabe: "002010077777777771",
      account_type: "savings",
      consent: true,
      iban: "DE89370400440532013000",
      bic: "DEUTDEFF",
      phone: "+639171234567",
      email: undefined,
      birth_date: "1990-02-28",
      newsletter: false,
    });
  });

  it("names each failing field with its message", () => {
    expect(
      errorsOf({
        first_name: "",
        clabe: "002010077777777772",
        iban: "DE89370400440532013001",
        bic: "DEUT",
        phone: "+525512345678",
        account_type: "current",
        birth_date: "28/02/1990",
        email: "ana@",
        consent: false,
      }),
    ).toEqual({
      first_name: "This field is required.",
      clabe: "Must be a valid CLABE.",
      iban: "Must be a valid IBAN.",
      bic: "Must be a valid BIC.",
      phone: "Must be a valid phone number for the destination country.",
      account_type: "Must be one of the listed values.",
      birth_date: "Must be a date (YYYY-MM-DD).",
      email: "Must be a valid email address.",
      consent: "This field is required.",
    });
  });

  it("refuses missing required fields, lengths, digits and unknown keys", () => {
    const errors = errorsOf({ first_name: "x".repeat(41), clabe: "12345", extra: "1", consent: true });
    expect(errors.first_name).toBe("Must be at most 40 characters.");
    expect(errors.clabe).toBe("Must be at least 18 characters.");
    expect(errors.account_type).toBe("This field is required.");
    expect(errors[""]).toMatch(/Unknown field/);
    expect(errorsOf({ ...valid, clabe: "00201007777777777a" }).clabe).toBe("Must contain digits only.");
  });

  it("applies a pattern with its own message", () => {
    const patterned = dynamicFormSchema({
      key: "p",
      title: "p",
      fields: [
        defineField({
          key: "ifsc",
          label: "IFSC",
          kind: "text",
          pattern: "^[A-Z]{4}0[A-Z0-9]{6}$",
          pattern_message: "Must be an 11-character IFSC code.",
        }),
      ],
    });
    expect(patterned.safeParse({ ifsc: "HDFC0001234" }).success).toBe(true);
    expect(patterned.safeParse({ ifsc: "HDFC1001234" }).error?.issues[0]?.message).toBe(
      "Must be an 11-character IFSC code.",
    );
  });

  it("has Spanish for every message it writes", () => {
    for (const message of [
      "Must be a valid IBAN.",
      "Must be a valid phone number for the destination country.",
      "Must be one of the listed values.",
      "Must contain digits only.",
      "Must be a date (YYYY-MM-DD).",
    ]) {
      expect(spanishValidationMessage(message)).toBeTruthy();
    }
  });
});
