import { getOrderServices, getOrders } from "@vela/shared/contract/orders";
import { getQuotation } from "@vela/shared/contract/pricing";
import { describe, expect, it } from "vitest";
import { api } from "@/shared/api/api-client";
import { assertNoViolations, requests, server } from "./api-server";
import { failure, handle, success } from "./contract-handlers";

// The contract-typed test backend: answers in the API's envelope, records requests, and fails the
// test whose handler answers outside the endpoint's response schema.

describe("contract handlers", () => {
  it("wraps a resolver's data in the success envelope with the endpoint's status and message", async () => {
    server.use(handle(getOrderServices, success([{ id: "consignments", name: "Send money" }], "Here.")));
    expect(await api.exchangeCall(getOrderServices)).toEqual({
      data: [{ id: "consignments", name: "Send money" }],
      message: "Here.",
    });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /api/orders/selects/services",
    ]);
  });

  it("hands the resolver the parameters and the query as the API reads them", async () => {
    let seen: unknown;
    server.use(
      handle(getOrders, ({ query }) => {
        seen = query;
        return { data: [], current_page: 2, last_page: 2, per_page: 5, total: 5 };
      }),
    );
    await api.call(getOrders, { query: { page: 2, limit: 5, status: "completed" } });
    expect(seen).toMatchObject({ page: 2, limit: 5, status: "completed" });
  });

  it("answers an explicit failure in the spec's error envelope", async () => {
    server.use(handle(getQuotation, failure(404, "Quotation not found.")));
    await expect(api.call(getQuotation, { params: { id: 9 } })).rejects.toMatchObject({
      status: 404,
      message: "Quotation not found.",
    });
  });

  it("fails the test when a handler answers outside the endpoint's schema", async () => {
    // A list item without its `name`: the contract says every option has one.
    server.use(handle(getOrderServices, [{ id: "consignments" }] as never));
    await expect(api.call(getOrderServices)).rejects.toMatchObject({ status: 500 });
    // What setup.ts's afterEach runs after every test: here it must throw, failing the test.
    expect(() => assertNoViolations()).toThrow(
      "GET /orders/selects/services answered outside its contract: 0.name",
    );
  });

  it("fails the test when a handler throws", async () => {
    server.use(
      handle(getOrderServices, () => {
        throw new Error("a bug in the backend");
      }),
    );
    await expect(api.call(getOrderServices)).rejects.toMatchObject({ status: 500 });
    expect(() => assertNoViolations()).toThrow(
      "GET /orders/selects/services threw: Error: a bug in the backend",
    );
  });

  it("fails the test when a request reaches no handler", async () => {
    await expect(api.call(getOrderServices)).rejects.toMatchObject({ status: 0 });
    expect(() => assertNoViolations()).toThrow("No handler for GET /api/orders/selects/services");
  });
});
