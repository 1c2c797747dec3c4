import type { Language } from "@vela/shared/api";
import { moneyText } from "@vela/shared/money";

/**
 * The top-up catalogue's words in Spanish: the aggregator describes its products in English (the
 * airtime lines it builds, each data bundle's contents and how long it lasts); operators' own
 * bundle names ("Amigo Sin Límite 100") stay as they are. By English text, or by shape for the
 * lines that carry an amount or a number of days. A text without an entry goes out in English.
 */
const BUNDLE_DESCRIPTIONS_ES: Record<string, string> = {
  "3 GB, unlimited calls and SMS in Mexico, USA and Canada":
    "3 GB, llamadas y SMS ilimitados en México, EE. UU. y Canadá",
  "6 GB, unlimited calls and SMS in Mexico, USA and Canada":
    "6 GB, llamadas y SMS ilimitados en México, EE. UU. y Canadá",
  "4 GB and unlimited calls to Mexico, USA and Canada":
    "4 GB y llamadas ilimitadas a México, EE. UU. y Canadá",
  "2 GB and unlimited WhatsApp": "2 GB y WhatsApp ilimitado",
  "5 GB, 300 minutes to El Salvador and the USA": "5 GB, 300 minutos a El Salvador y EE. UU.",
  "4 GB and unlimited calls to Honduras": "4 GB y llamadas ilimitadas a Honduras",
  "3 GB, unlimited WhatsApp and minutes": "3 GB, WhatsApp y minutos ilimitados",
  "12 GB, unlimited WhatsApp and minutes": "12 GB, WhatsApp y minutos ilimitados",
  "6 GB and unlimited calls": "6 GB y llamadas ilimitadas",
  "5 GB of data": "5 GB de datos",
  "10 GB and unlimited calls": "10 GB y llamadas ilimitadas",
  "5 GB of open-access data": "5 GB de datos para cualquier uso",
  "8 GB of open-access data": "8 GB de datos para cualquier uso",
  "6 GB of non-expiring data": "6 GB de datos que no caducan",
  "1.5 GB a day, unlimited calls, 100 SMS a day": "1,5 GB al día, llamadas ilimitadas, 100 SMS al día",
  "2 GB a day, unlimited calls, 100 SMS a day": "2 GB al día, llamadas ilimitadas, 100 SMS al día",
  "2 GB of data": "2 GB de datos",
  "1.5 GB of data": "1,5 GB de datos",
  "15 GB and unlimited calls in Spain": "15 GB y llamadas ilimitadas en España",
};

const PATTERNS_ES: Array<[RegExp, (...parts: string[]) => string]> = [
  [/^(.+) airtime$/, (operator) => `Saldo ${operator}`],
  [/^1 day$/, () => "1 día"],
  [/^(\d+) days$/, (days) => `${days} días`],
  [/^no expiry$/, () => "sin caducidad"],
];

/**
 * The lines that carry an amount ("5000.00 MXN of airtime credit", "Telcel 100.00 MXN"), in either
 * language, with the amount shown by the one money formatter (grouped, the language's separators).
 */
const AMOUNT = "(\\d+(?:\\.\\d+)?) ([A-Z]{3})";
const AMOUNT_LINES: Array<[RegExp, (language: Language, ...parts: string[]) => string]> = [
  [
    new RegExp(`^${AMOUNT} of airtime credit$`),
    (language, amount, iso) =>
      language === "es"
        ? `${moneyText(amount, iso, "es")} de saldo`
        : `${moneyText(amount, iso)} of airtime credit`,
  ],
  [
    new RegExp(`^Any amount of airtime credit from (\\d+(?:\\.\\d+)?) to ${AMOUNT}$`),
    (language, min, max, iso) =>
      language === "es"
        ? `Cualquier importe de saldo, de ${moneyText(min, iso, "es")} a ${moneyText(max, iso, "es")}`
        : `Any amount of airtime credit from ${moneyText(min, iso)} to ${moneyText(max, iso)}`,
  ],
  // A fixed airtime product's name: the operator, then its amount.
  [
    new RegExp(`^(.+) ${AMOUNT}$`),
    (language, operator, amount, iso) => `${operator} ${moneyText(amount, iso, language)}`,
  ],
];

/** A top-up product's name, description or validity in the caller's language. */
export function topupText(text: string, language: Language): string;
export function topupText(text: string | null, language: Language): string | null;
export function topupText(text: string | null, language: Language): string | null {
  if (text === null) return text;
  for (const [pattern, line] of AMOUNT_LINES) {
    const match = pattern.exec(text);
    if (match) return line(language, ...match.slice(1));
  }
  if (language === "en") return text;
  const known = BUNDLE_DESCRIPTIONS_ES[text];
  if (known) return known;
  for (const [pattern, spanish] of PATTERNS_ES) {
    const match = pattern.exec(text);
    if (match) return spanish(...match.slice(1));
  }
  return text;
}
