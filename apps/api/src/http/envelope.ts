import { type Paginated, paginated, successEnvelope } from "@vela/shared/api";
import type { z } from "zod";

/** The success answer of spec §7: the SPA reads `response.data.data`. */
export function ok<T>(data: T, message: string | null = null) {
  return { success: true as const, message, data };
}

/** Response schema of a route answering `ok(data)`. */
export const okSchema = successEnvelope;

/** Response schema of a route answering `ok(page(...))`. */
export const pageSchema = <T extends z.ZodType>(item: T) => successEnvelope(paginated(item));

/** Builds the paginated `data` from one page of rows and the total count. */
export function page<T>(rows: T[], total: number, currentPage: number, perPage: number): Paginated<T> {
  return {
    data: rows,
    current_page: currentPage,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}
