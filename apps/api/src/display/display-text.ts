import type { Language } from "@vela/shared/api";
import { PURCHASE_DELIVERY_METHODS, SHIPPING_METHODS } from "../db/seed/corridor-countries";
import { translate } from "../http/messages";
import { DELIVERY_TEXT_ES } from "../orders/confirmation";
import { orderTextEs } from "../orders/status-text-es";
import { ARRIVAL_TIMES_ES, METHOD_NAMES_ES } from "../pricing/delivery-text-es";
import { localizedCurrencyName } from "../reference/currency-names";

/**
 * Display vocabulary that sits in answers as stored English data, translated on the way out by the
 * answer hook (plugins/error-handler.ts) and by the public calculator for its kept text:
 * - a delivery method, `shipping_method: { name, slug }`, `shipping_methods: [{ name, slug }]` or a
 *   listed one (`slug`, `name` and `transfer_time`), by its slug (pricing/delivery-text-es.ts);
 * - an order's `delivery_method`, the seeded English name of its method;
 * - a provider's or the order life's reason, `status_reason`, `reason`, `failure_message`, sentence
 *   by sentence through the fixed messages (http/messages.ts, providers/messages-es.ts);
 * - an arrival time, `transfer_time` or `processing_time` ("1-2 business days");
 * - a currency, any object with a three-letter `iso`, a `name` and its `decimals` or `symbol`
 *   (reference/currency-names.ts);
 * - an order's delivery details, `delivery: { "Account number": "•••• 1234", … }`, labels and chosen
 *   values (orders/confirmation.ts);
 * - an order status or service named beside its key: `{ status, status_label }`, a timeline's
 *   `{ status, label }`, a select option `{ id, name }` (orders/status-text-es.ts); only a label
 *   that is exactly the key's English one is replaced.
 * Kept English where stored because code reads it (`expectedArrival` parses the arrival time) and
 * an order keeps the words it was priced with. English answers are returned untouched, and an
 * object is copied only when something in it changed.
 */
export function localizeDisplay<T>(value: T, language: Language): T {
  return language === "en" ? value : (walk(value, language) as T);
}

const ARRIVAL_KEYS = new Set(["transfer_time", "processing_time"]);
/** What a provider or the order's life said, stored in English (providers/messages-es.ts). */
const REASON_KEYS = new Set(["status_reason", "reason", "failure_message"]);
/** "The operator is not taking top-ups right now. Your payment was refunded in full.", sentence by sentence. */
const sentencesIn = (text: string, language: Language) =>
  text
    .split(/(?<=\.)\s+/)
    .map((sentence) => translate(sentence, language))
    .join(" ");
const ORDER_LABEL_FIELDS = [
  ["status", "status_label"],
  ["status", "label"],
  ["service", "service_name"],
  ["id", "name"],
] as const;

function walk(value: unknown, language: Language): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = walk(item, language);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  const set = (key: string, next: unknown) => {
    if (next === record[key]) return;
    out ??= { ...record };
    out[key] = next;
  };
  for (const [key, item] of Object.entries(record)) {
    if (ARRIVAL_KEYS.has(key) && typeof item === "string") set(key, ARRIVAL_TIMES_ES[item] ?? item);
    else if (key === "shipping_method" && isMethod(item)) set(key, methodInSpanish(item));
    else if (key === "delivery" && isTextRecord(item)) set(key, deliveryInSpanish(item));
    else if (REASON_KEYS.has(key) && typeof item === "string") set(key, sentencesIn(item, language));
    else if (key === "delivery_method" && typeof item === "string")
      set(key, METHOD_NAME_ES_BY_NAME[item] ?? item);
    else if (key === "shipping_methods" && Array.isArray(item) && item.every(isMethod)) {
      set(key, item.map(methodInSpanish));
    } else if (typeof item === "object" && item !== null) set(key, walk(item, language));
  }
  const status = typeof record.status === "string" ? record.status : null;
  for (const [keyField, labelField] of ORDER_LABEL_FIELDS) {
    const key = keyField === "status" ? status : record[keyField];
    const label = record[labelField];
    if (typeof key === "string" && typeof label === "string") {
      const spanish = orderTextEs(key, label);
      if (spanish) set(labelField, spanish);
    }
  }
  if (isNamed(record)) {
    if ("transfer_time" in record && typeof record.slug === "string" && METHOD_NAMES_ES[record.slug]) {
      set("name", METHOD_NAMES_ES[record.slug]);
    } else if (
      typeof record.iso === "string" &&
      /^[A-Z]{3}$/.test(record.iso) &&
      ("decimals" in record || "symbol" in record)
    ) {
      set("name", localizedCurrencyName(record.iso, record.name, language));
    }
  }
  return out ?? value;
}

const isMethod = (item: unknown): item is { name: string; slug: string } =>
  isNamed(item) && typeof item.slug === "string";
const methodInSpanish = (item: { name: string; slug: string }) =>
  METHOD_NAMES_ES[item.slug] ? { ...item, name: METHOD_NAMES_ES[item.slug] } : item;

const isNamed = (item: unknown): item is { name: string; slug?: unknown; iso?: unknown } =>
  typeof item === "object" && item !== null && typeof (item as { name?: unknown }).name === "string";

const isTextRecord = (item: unknown): item is Record<string, string> =>
  typeof item === "object" &&
  item !== null &&
  !Array.isArray(item) &&
  Object.values(item).every((value) => typeof value === "string");
const deliveryInSpanish = (details: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(details).map(([label, value]) => [
      DELIVERY_TEXT_ES[label] ?? label,
      DELIVERY_TEXT_ES[value] ?? value,
    ]),
  );

/** An order's delivery method is kept by its seeded English name ("Bank deposit"). */
const METHOD_NAME_ES_BY_NAME: Record<string, string> = Object.fromEntries(
  [...SHIPPING_METHODS, ...PURCHASE_DELIVERY_METHODS].flatMap(({ slug, name }) =>
    METHOD_NAMES_ES[slug] ? [[name, METHOD_NAMES_ES[slug]]] : [],
  ),
);
