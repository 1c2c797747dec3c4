import { trackingAnswer } from "@vela/shared/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper";
import { historyKit, signUp } from "./history-support";

// Public tracking by tracking number: no session needed; the answer holds the status, its
// timeline and the expected arrival and nothing personal (no names, amounts, references or
// delivery details); an unknown number is a 404 in the same shape; the route has its own,
// tighter rate limit.

let app: TestApp;
let kit: Awaited<ReturnType<typeof historyKit>>;

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MAX: "60" });
  kit = await historyKit(app);
});

afterAll(async () => {
  await app?.close();
});

const track = (number: string, ip = "203.0.113.10") =>
  app.inject({ method: "GET", url: `/api/tracking/${encodeURIComponent(number)}`, remoteAddress: ip });

describe("GET /tracking/{tracking_number}", () => {
  it("answers the status timeline and expected arrival only", async () => {
    const user = await signUp(app);
    const arrival = new Date(Date.now() + 2 * 86_400_000);
    const order = await kit.insertOrder(user.id, {
      status: "available_for_pickup",
      path: ["awaiting_payment", "paid", "processing", "available_for_pickup"],
      recipientName: "Zoë Müller",
      senderName: "Ana García",
      expectedArrivalAt: arrival,
      statusReason: "Pickup code PX-12345",
    });
    const response = await track(order.trackingNumber, "203.0.113.1");
    expect(response.statusCode, response.body).toBe(200);
    const answer = trackingAnswer.strict().parse(response.json().data);
    expect(answer).toEqual({
      tracking_number: order.trackingNumber,
      status: "available_for_pickup",
      status_label: "Available for pickup",
      expected_arrival_at: arrival.toISOString(),
      timeline: [
        expect.objectContaining({ status: "awaiting_payment", label: "Awaiting payment" }),
        expect.objectContaining({ status: "paid" }),
        expect.objectContaining({ status: "processing" }),
        expect.objectContaining({ status: "available_for_pickup" }),
      ],
    });
    for (const step of answer.timeline) expect(Object.keys(step).sort()).toEqual(["at", "label", "status"]);
    const text = response.body;
    for (const secret of [
      "Zoë",
      "Müller",
      "Ana",
      "García",
      order.ref,
      "250",
      "253.99",
      "7771",
      "Banamex",
      "PX-12345",
    ])
      expect(text, secret).not.toContain(secret);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("needs no session and answers an unknown number with a 404 in the error shape", async () => {
    const response = await track("VTNOSUCHNUMBER", "203.0.113.2");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: "No transfer has this tracking number." });
    const odd = await track("../../orders", "203.0.113.2");
    expect(odd.statusCode).toBe(404);
    expect(odd.json()).toMatchObject({ success: false });
  });

  it("refuses an over-long number in the error shape", async () => {
    const response = await track("X".repeat(65), "203.0.113.3");
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false });
  });

  it("limits one client to a tenth of the global rate", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++)
      statuses.push((await track(`VTGUESS${attempt}`, "203.0.113.99")).statusCode);
    expect(statuses.slice(0, 6)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    const limited = await track("VTGUESS9", "203.0.113.99");
    expect(limited.json()).toMatchObject({ success: false });
    // Another client is not affected.
    expect((await track("VTGUESS10", "203.0.113.100")).statusCode).toBe(404);
  });
});
