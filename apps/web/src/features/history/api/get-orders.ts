import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/orders";
import type { OrderStatus } from "@vela/shared/orders";
import { api } from "@/shared/api/api-client";

/** Spec §9: the order history shows 10 a page. */
export const ORDERS_PAGE_SIZE = 10;

/** The history's filters (spec §7 GET /orders: page, limit and the selects' service and status). */
export type OrderFilters = { page: number; service: string; status: OrderStatus | "" };

export const ORDERS_QUERY_KEY = ["orders"] as const;

/** GET /api/orders: a page of the user's orders, newest first. */
export const getOrders = (filters: OrderFilters, signal?: AbortSignal) =>
  api.call(
    contract.getOrders,
    {
      query: {
        page: filters.page,
        limit: ORDERS_PAGE_SIZE,
        // An empty filter is left out of the query.
        service: filters.service || undefined,
        status: filters.status || undefined,
      },
    },
    { signal },
  );

export const ordersQueryOptions = (filters: OrderFilters) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "list", filters],
    queryFn: ({ signal }) => getOrders(filters, signal),
    // The next page replaces the last one only when it arrives: the list does not jump.
    placeholderData: keepPreviousData,
  });

export const useOrders = (filters: OrderFilters) => useQuery(ordersQueryOptions(filters));
