import { z } from "zod";
import type { AmountLimitData } from "./limits";

/** Every success answer of the API: the SPA reads `response.data.data`. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.literal(true),
    message: z.string().nullable(),
    data,
  });

/**
 * Spec §5: the limit an amount broke, as data beside the message by its field ("Min send amount is
 * 10.00"): which bound of which amount, the bound in its currency's digits, and that currency.
 */
export const amountLimitSchema = z.object({
  kind: z.enum(["min", "max"]),
  field: z.enum(["send", "receiving"]),
  amount: z.string(),
  currency: z.string(),
}) satisfies z.ZodType<AmountLimitData>;

/**
 * Every failure answer of the API. `errors` is present for validation failures only; `limit` only
 * when an amount is outside its spec §5 limits.
 */
export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  limit: amountLimitSchema.optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The paginated `data` of list answers (spec §7): page size 10 unless asked otherwise. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
export type Paginated<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/**
 * A database row id in a path, query or body: a positive PostgreSQL `integer`, so an id out of its
 * range is a 422 on its field rather than a 500 from the database. Text is read as a number (query
 * strings and path parameters are text), but a missing, empty or null id stays missing, so it is
 * reported as required rather than as "not a number" (which `z.coerce` would make of `undefined`).
 */
export const recordId = z.preprocess((value: unknown) => {
  if (value === null || (typeof value === "string" && value.trim() === "")) return undefined;
  return typeof value === "string" ? Number(value) : value;
}, z.number().int().min(1).max(2_147_483_647));

/** Query parameters shared by every paginated list. */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** Request headers of spec §7. The API reads them on every request. */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const CLIENTS = ["WEB", "ANDROID", "IOS", "API"] as const;
export const ROLES = ["client", "agent", "business"] as const;
export type Role = (typeof ROLES)[number];

export const UNEXPECTED_ERROR_MESSAGE = "Unexpected error, try again.";
