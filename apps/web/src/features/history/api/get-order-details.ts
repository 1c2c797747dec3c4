import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/orders";
import { api } from "@/shared/api/api-client";
import { ORDERS_QUERY_KEY } from "./get-orders";

/** GET /api/orders/{id}/details: one of the user's orders with its timeline (another's is a 404). */
export const getOrderDetails = (id: number, signal?: AbortSignal) =>
  api.call(contract.getOrderDetails, { params: { id } }, { signal });

export const orderDetailsQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "details", id],
    queryFn: id === null ? skipToken : ({ signal }) => getOrderDetails(id, signal),
    // The page says what went wrong itself (not found, or a retry button).
    meta: { notifyOnError: false },
  });

/** One order's details; `null` (an address that names no order) asks nothing. */
export const useOrderDetails = (id: number | null) => useQuery(orderDetailsQueryOptions(id));
