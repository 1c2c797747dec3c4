import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/api-client";
import { ORDERS_QUERY_KEY } from "./get-orders";

export type SelectOption = { id: string; name: string };

/** GET /api/orders/selects/{services|statuses}: what the history's filters offer. */
export const getOrderSelect = (kind: "services" | "statuses", signal?: AbortSignal) =>
  api.get<SelectOption[]>(`orders/selects/${kind}`, undefined, signal);

export const orderSelectQueryOptions = (kind: "services" | "statuses") =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "selects", kind],
    queryFn: ({ signal }) => getOrderSelect(kind, signal),
    // The choices change only with a release.
    staleTime: 60 * 60_000,
  });

export const useOrderSelect = (kind: "services" | "statuses") => useQuery(orderSelectQueryOptions(kind));
