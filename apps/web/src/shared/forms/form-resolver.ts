import { zodResolver } from "@hookform/resolvers/zod";
import { PHONE_INVALID_MESSAGE } from "@vela/shared/phone";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { i18n } from "@/shared/i18n/i18n";

type RawIssue = Parameters<NonNullable<z.core.$ZodConfig["customError"]>>[0];

/**
 * Messages the shared contract writes into its schemas, in English. They win over any error map,
 * so they are translated after validation, keyed by their text (as the API's messages.ts does).
 */
const CONTRACT_MESSAGES = {
  "Must be the 6-digit code.": "validation.code",
  "Must be a dialling prefix such as +1.": "validation.phonePrefix",
  "Must be a phone number of 4 to 15 digits.": "validation.phoneNumber",
  [PHONE_INVALID_MESSAGE]: "validation.phoneInvalid",
  "The terms and conditions must be accepted.": "validation.terms",
  "Must be 4 to 40 letters, digits, spaces, '.', '/' or '-'.": "validation.taxId",
  "Complete the identity document.": "validation.documentIncomplete",
} as const;

const isContractMessage = (message: string): message is keyof typeof CONTRACT_MESSAGES =>
  message in CONTRACT_MESSAGES;

/** The page's own words for zod's issues, field-agnostic like the API's (the label names the field). */
export const translateIssue = (issue: RawIssue): string | undefined => {
  switch (issue.code) {
    case "invalid_type":
      return i18n.t("validation.required");
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1
          ? i18n.t("validation.required")
          : i18n.t("validation.minLength", { min: Number(issue.minimum) });
      }
      // An id field left empty arrives as 0.
      if (Number(issue.minimum) <= 1) return i18n.t("validation.required");
      return i18n.t("validation.min", { min: String(issue.minimum) });
    case "too_big":
      if (issue.origin === "string") return i18n.t("validation.maxLength", { max: Number(issue.maximum) });
      return i18n.t("validation.max", { max: String(issue.maximum) });
    case "invalid_format":
      if (issue.format === "email") return i18n.t("validation.email");
      if (issue.format === "date") return i18n.t("validation.date");
      return i18n.t("validation.invalid");
    case "invalid_value":
      return i18n.t("validation.invalid");
    default:
      return undefined;
  }
};

const isFieldError = (value: unknown): value is FieldError =>
  typeof value === "object" && value !== null && "message" in value && "type" in value;

/** Walks the (possibly nested) errors and rewrites the contract's English messages in place. */
const translateContractMessages = (errors: unknown) => {
  if (typeof errors !== "object" || errors === null) return;
  for (const value of Object.values(errors)) {
    if (isFieldError(value)) {
      if (typeof value.message === "string" && isContractMessage(value.message)) {
        value.message = i18n.t(CONTRACT_MESSAGES[value.message]);
      }
    } else {
      translateContractMessages(value);
    }
  }
};

/**
 * react-hook-form's zod resolver with messages in the page's language. Forms validate with the
 * shared contract's schemas (the same ones the API validates with), so both sides agree.
 */
export const formResolver = <Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> => {
  const resolve = zodResolver(schema, { error: translateIssue });
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateContractMessages(result.errors);
    return result;
  };
};
