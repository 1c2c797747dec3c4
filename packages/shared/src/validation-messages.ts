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

const SPANISH_EXPECTED: Record<string, string> = {
  "a number": "un número",
  "a whole number": "un número entero",
  text: "texto",
  "true or false": "verdadero o falso",
  "an object": "un objeto",
  "a list": "una lista",
  "a date": "una fecha",
};

/** Spanish for the messages above, by their shape: the value they carry is kept as it is. */
const SPANISH_PATTERNS: [RegExp, (...parts: string[]) => string][] = [
  [/^This field is required\.$/, () => "Este campo es obligatorio."],
  [/^Must be a number\.$/, () => "Debe ser un número."],
  [/^Must be at least (.+) characters\.$/, (n) => `Debe tener al menos ${n} caracteres.`],
  [/^Must be at most (.+) characters\.$/, (n) => `Debe tener como máximo ${n} caracteres.`],
  [/^Must have at least (.+) items\.$/, (n) => `Debe tener al menos ${n} elementos.`],
  [/^Must have at most (.+) items\.$/, (n) => `Debe tener como máximo ${n} elementos.`],
  [/^Must be at least (.+)\.$/, (n) => `Debe ser como mínimo ${n}.`],
  [/^Must be greater than (.+)\.$/, (n) => `Debe ser mayor que ${n}.`],
  [/^Must be at most (.+)\.$/, (n) => `Debe ser como máximo ${n}.`],
  [/^Must be less than (.+)\.$/, (n) => `Debe ser menor que ${n}.`],
  [/^Must be one of: (.+)\.$/, (values) => `Debe ser uno de: ${values}.`],
  [/^Must be a valid email address\.$/, () => "Debe ser un correo electrónico válido."],
  [
    /^Must be a valid phone number for the destination country\.$/,
    () => "Debe ser un número de teléfono válido del país de destino.",
  ],
  [/^Must be one of the listed values\.$/, () => "Debe ser uno de los valores de la lista."],
  [/^Must contain digits only\.$/, () => "Solo puede contener dígitos."],
  [/^Must be a date \(YYYY-MM-DD\)\.$/, () => "Debe ser una fecha (AAAA-MM-DD)."],
  [/^Has an invalid format\.$/, () => "Tiene un formato no válido."],
  [/^Must be a valid (.+)\.$/, (format) => `Debe ser un ${format} válido.`],
  [/^Unknown fields?: (.+)\.$/, (keys) => `Campos desconocidos: ${keys}.`],
  [/^Must be a multiple of (.+)\.$/, (n) => `Debe ser múltiplo de ${n}.`],
  [
    /^Must be (.+)\.$/,
    (expected) => (SPANISH_EXPECTED[expected] ? `Debe ser ${SPANISH_EXPECTED[expected]}.` : ""),
  ],
];

/**
 * The Spanish of a message written by `friendlyMessage`, or undefined when it is not one of them.
 * The API translates its `errors` with it when the request says `language: es`.
 */
export function spanishValidationMessage(message: string): string | undefined {
  for (const [pattern, spanish] of SPANISH_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return spanish(...match.slice(1)) || undefined;
  }
  return undefined;
}
