import { orderDetails, orderListItem } from "@vela/shared/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer } from "./auth-support";
import { buildTestApp, parsedData, type TestApp } from "./helper";
import { historyKit, type SignedIn, signUp } from "./history-support";

// Order history through the API: the user's own orders only, newest first, 10 a page, filtered
// by service and status; one order's details with its timeline and the parties as placed; the
// receipt PDF; the selects and the dashboard's recent activity. Anyone else's order is a 404.

let app: TestApp;
let kit: Awaited<ReturnType<typeof historyKit>>;
let owner: SignedIn;
let other: SignedIn;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

const get = (url: string, token = owner.token) =>
  app.inject({ method: "GET", url: `/api${url}`, headers: bearer(token) });

beforeAll(async () => {
  app = await buildTestApp();
  kit = await historyKit(app);
  owner = await signUp(app);
  other = await signUp(app);
  // 12 orders for the owner, the newest (index 0) a completed one; 3 for someone else.
  for (let index = 11; index >= 0; index--) {
    await kit.insertOrder(owner.id, {
      createdAt: minutesAgo(index * 10),
      status: index % 3 === 0 ? "completed" : "processing",
      path: index % 3 === 0 ? ["awaiting_payment", "paid", "processing", "sent", "completed"] : undefined,
      recipientName: `Recipient ${index}`,
    });
  }
  await kit.insertOrder(owner.id, { service: "wallets", status: "completed", createdAt: minutesAgo(500) });
  for (let index = 0; index < 3; index++) await kit.insertOrder(other.id, { recipientName: "Someone Else" });
});

afterAll(async () => {
  await app?.close();
});

describe("GET /orders", () => {
  it("answers the user's own orders, newest first, 10 a page by default", async () => {
    const response = await get("/orders");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    const pageData = body.data;
    expect(pageData).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 13 });
    expect(pageData.data).toHaveLength(10);
    for (const item of pageData.data) orderListItem.parse(item);
    expect(pageData.data[0].recipient_name).toBe("Recipient 0");
    expect(pageData.data[9].recipient_name).toBe("Recipient 9");
    expect(pageData.data.map((item: { recipient_name: string }) => item.recipient_name)).not.toContain(
      "Someone Else",
    );
    expect(pageData.data[0]).toMatchObject({
      service: "consignments",
      service_name: "Send money",
      status: "completed",
      status_label: "Completed",
      send_amount: "250.00",
      amount_paid: "253.99",
      currency_from_iso: "USD",
      receiving_amount: "4312.50",
      currency_to_iso: "MXN",
      country_to_iso: "MX",
    });
  });

  it("pages on and takes a smaller limit", async () => {
    const second = (await get("/orders?page=2")).json().data;
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total: 13 });
    expect(second.data.map((item: { recipient_name: string }) => item.recipient_name)).toEqual([
      "Recipient 10",
      "Recipient 11",
      "María López Hernández",
    ]);
    const small = (await get("/orders?page=3&limit=4")).json().data;
    expect(small).toMatchObject({ current_page: 3, last_page: 4, per_page: 4, total: 13 });
    expect(small.data).toHaveLength(4);
    const beyond = (await get("/orders?page=9")).json().data;
    expect(beyond.data).toEqual([]);
  });

  it("filters by status and by service", async () => {
    const completed = (await get("/orders?status=completed")).json().data;
    expect(completed.total).toBe(5);
    expect(completed.data.every((item: { status: string }) => item.status === "completed")).toBe(true);
    const wallets = (await get("/orders?service=wallets")).json().data;
    expect(wallets.total).toBe(1);
    const both = (await get("/orders?service=consignments&status=processing")).json().data;
    expect(both.total).toBe(8);
    const none = (await get("/orders?service=gift-cards")).json().data;
    expect(none).toMatchObject({ total: 0, data: [], last_page: 1 });
  });

  it("refuses a bad status, page or limit in the error shape", async () => {
    for (const query of ["status=lost", "page=0", "limit=1000", "page=abc"]) {
      const response = await get(`/orders?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toMatchObject({ success: false });
    }
  });

  it("needs a session", async () => {
    const response = await app.inject({ method: "GET", url: "/api/orders" });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /orders/{id}/details and recent_activity/{id}", () => {
  it("answers the record, the timeline and the parties as placed", async () => {
    const order = await kit.insertOrder(owner.id, {
      status: "sent",
      path: ["awaiting_payment", "paid", "processing", "sent"],
      recipientName: "Zoë Müller",
      createdAt: minutesAgo(1000),
    });
    const response = await get(`/orders/${order.id}/details`);
    const details = parsedData(response, 200, orderDetails);
    expect(details).toMatchObject({
      id: order.id,
      order_id: order.id,
      ref: order.ref,
      tracking_number: order.trackingNumber,
      status: "sent",
      status_label: "Sent",
      quotation_id: order.quotationId,
      recipient_name: "Zoë Müller",
      sender_name: "Ana García",
      send_amount: "250.00",
      vela_fee_amount: "3.99",
      external_fee_amount: "0.00",
      discount: "0.00",
      amount_paid: "253.99",
      rate: "17.25",
      receiving_amount: "4312.50",
      guaranteed_rate: true,
      delivery_method: "Bank deposit",
      processing_time: "Within 1 business day",
      url_pdf: `/api/orders/generate/${order.id}`,
      date: order.createdAt.toISOString().slice(0, 10),
      service: "consignments",
      service_name: "Send money",
    });
    expect(details.timeline.map((step) => step.status)).toEqual([
      "awaiting_payment",
      "paid",
      "processing",
      "sent",
    ]);
    expect(details.timeline[0]).toMatchObject({ label: "Awaiting payment", reason: null });
    expect(details.recipient).toMatchObject({
      name: "Zoë Müller",
      country_iso: "MX",
      delivery: { CLABE: "•••• 7771" },
    });
    expect(details.sender).toMatchObject({ name: "Ana García" });

    const again = await get(`/recent_activity/${order.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(response.json().data);
  });

  it("names the order's service, so a gift card's page is titled for a gift card", async () => {
    const order = await kit.insertOrder(owner.id, { service: "gift-cards" });
    const response = await get(`/orders/${order.id}/details`);
    expect(response.statusCode, response.body).toBe(200);
    expect(orderDetails.parse(response.json().data)).toMatchObject({
      service: "gift-cards",
      service_name: "Gift card",
    });
  });

  it("answers 404 for another user's order and for one that does not exist", async () => {
    const theirs = await kit.insertOrder(other.id);
    for (const url of [
      `/orders/${theirs.id}/details`,
      `/recent_activity/${theirs.id}`,
      "/orders/999999/details",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, message: "Order not found." });
    }
    expect((await get(`/orders/${theirs.id}/details`, other.token)).statusCode).toBe(200);
  });

  it("refuses an id that is not one", async () => {
    expect((await get("/orders/abc/details")).statusCode).toBe(422);
    expect((await get("/orders/0/details")).statusCode).toBe(422);
  });
});

describe("GET /orders/generate/{id}", () => {
  it("answers the receipt as a PDF attachment carrying the tracking number", async () => {
    const order = await kit.insertOrder(owner.id, {
      recipientName: "Zoë Müller Łukasz",
      status: "processing",
    });
    const response = await get(`/orders/generate/${order.id}`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="vela-receipt-${order.ref}.pdf"`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(order.trackingNumber);
    // The Unicode font is embedded (the recipient's name needs more than Latin-1).
    expect(pdf.toString("latin1")).toContain("DejaVuSans");
  });

  it("answers 404 for another user's order", async () => {
    const theirs = await kit.insertOrder(other.id);
    const response = await get(`/orders/generate/${theirs.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, message: "Order not found." });
  });
});

describe("selects and recent activity", () => {
  it("lists the services and the statuses as {id, name}", async () => {
    const services = (await get("/orders/selects/services")).json().data;
    expect(services).toEqual([
      { id: "consignments", name: "Send money" },
      { id: "wallet-deposit", name: "Wallet deposit" },
      { id: "wallet-convert", name: "Wallet conversion" },
      { id: "wallet-send", name: "Wallet send" },
      { id: "wallet-withdraw", name: "Wallet withdrawal" },
      { id: "reload-phones", name: "Phone top-up" },
      { id: "gift-cards", name: "Gift card" },
      { id: "prepaid-pay-bills", name: "Bill payment" },
    ]);
    const statuses = (await get("/orders/selects/statuses")).json().data;
    expect(statuses).toContainEqual({ id: "available_for_pickup", name: "Available for pickup" });
    expect(statuses).toHaveLength(12);
  });

  it("answers the five latest orders of the user", async () => {
    const fresh = await signUp(app);
    expect((await get("/dashboard/recent-activity", fresh.token)).json().data).toEqual([]);
    for (let index = 6; index >= 0; index--)
      await kit.insertOrder(fresh.id, { createdAt: minutesAgo(index), recipientName: `Latest ${index}` });
    const recent = (await get("/dashboard/recent-activity", fresh.token)).json().data;
    expect(recent.map((item: { recipient_name: string }) => item.recipient_name)).toEqual([
      "Latest 0",
      "Latest 1",
      "Latest 2",
      "Latest 3",
      "Latest 4",
    ]);
  });
});

describe("the OpenAPI document", () => {
  it("lists every history and tracking route", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const path of [
      "/api/orders",
      "/api/orders/{id}/details",
      "/api/orders/generate/{id}",
      "/api/orders/selects/services",
      "/api/orders/selects/statuses",
      "/api/dashboard/recent-activity",
      "/api/recent_activity/{id}",
      "/api/tracking/{tracking_number}",
    ])
      expect(document.paths[path]?.get?.responses?.["200"], path).toBeDefined();
  });
});
