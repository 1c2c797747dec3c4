import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/orders";
import type { z } from "zod";
import { api } from "@/shared/api/api-client";
import { ORDERS_QUERY_KEY } from "./get-orders";

export type SelectOption = z.infer<typeof contract.selectOption>;

const SELECTS = { services: contract.getOrderServices, statuses: contract.getOrderStatuses } as const;

/** GET /api/orders/selects/{services|statuses}: what the history's filters offer. */
export const getOrderSelect = (kind: keyof typeof SELECTS, signal?: AbortSignal) =>
  api.call(SELECTS[kind], {}, { signal });

export const orderSelectQueryOptions = (kind: "services" | "statuses") =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "selects", kind],
    queryFn: ({ signal }) => getOrderSelect(kind, signal),
    // The choices change only with a release.
    staleTime: 60 * 60_000,
  });

export const useOrderSelect = (kind: "services" | "statuses") => useQuery(orderSelectQueryOptions(kind));
