import { z } from "zod";

type RawIssue = Parameters<NonNullable<z.core.$ZodConfig["customError"]>>[0];

const describeExpected: Record<string, string> = {
  number: "a number",
  int: "a whole number",
  string: "text",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  date: "a date",
  bigint: "a whole number",
};

/**
 * Field-agnostic messages: the API answers `{ field: [message] }` and the SPA shows
 * '{field name}: {message}' (spec §8), so a message never repeats its field's name.
 */
function friendlyMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "This field is required.";
      if (issue.expected === "number" && Number.isNaN(issue.input)) return "Must be a number.";
      return `Must be ${describeExpected[issue.expected] ?? issue.expected}.`;
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1
          ? "This field is required."
          : `Must be at least ${issue.minimum} characters.`;
      }
      if (issue.origin === "array" || issue.origin === "set")
        return `Must have at least ${issue.minimum} items.`;
      return `Must be ${issue.inclusive ? "at least" : "greater than"} ${issue.minimum}.`;
    case "too_big":
      if (issue.origin === "string") return `Must be at most ${issue.maximum} characters.`;
      if (issue.origin === "array" || issue.origin === "set")
        return `Must have at most ${issue.maximum} items.`;
      return `Must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}.`;
    case "invalid_value":
      return `Must be one of: ${issue.values.map(String).join(", ")}.`;
    case "invalid_format":
      if (issue.format === "email") return "Must be a valid email address.";
      if (issue.format === "regex") return "Has an invalid format.";
      return `Must be a valid ${issue.format}.`;
    case "unrecognized_keys":
      return `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.`;
    case "not_multiple_of":
      return `Must be a multiple of ${issue.divisor}.`;
    default:
      return undefined;
  }
}

/** Installs the friendly messages for every schema without its own; call once at start-up, on both sides. */
export function useFriendlyValidationMessages(): void {
  z.config({ customError: friendlyMessage });
}
