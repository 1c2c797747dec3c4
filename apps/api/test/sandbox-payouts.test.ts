import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayoutRequest } from "../src/providers/payouts/payout-partner";
import { buildTestApp, type TestApp } from "./helper";

// The payout partner's sandbox: processing, then paid or ready for pickup (then picked up) as time
// passes; recipients named "Rejected" fail at once, "Returned" fail after processing.
let instant: TestApp; // SANDBOX_PAYOUT_SECONDS=0, SANDBOX_PICKUP_SECONDS=0
let slow: TestApp; // an hour each

beforeAll(async () => {
  instant = await buildTestApp({
    SANDBOX_PAYOUT_SECONDS: "0",
    SANDBOX_PICKUP_SECONDS: "1",
    SANDBOX_SWEEP_SECONDS: "0",
  });
  slow = await buildTestApp({ SANDBOX_PAYOUT_SECONDS: "3600", SANDBOX_SWEEP_SECONDS: "0" });
});
afterAll(async () => {
  await instant.close();
  await slow.close();
});

let counter = 0;
const request = (method: string, lastName = "García"): PayoutRequest => {
  counter += 1;
  return {
    reference: `order:${counter}`,
    method,
    countryIso: "mx",
    currency: "MXN",
    amountMinor: 5_000_00n,
    recipient: { firstName: "Lucía", lastName, details: {} },
  };
};

describe("sandbox payouts", () => {
  it.each(["bank-deposit", "mobile-wallet", "vela", "home-delivery"])(
    "%s: processing, then paid",
    async (method) => {
      const submitted = await instant.providers.payouts.submit(request(method));
      expect(submitted).toEqual({
        payoutId: expect.stringMatching(/^po_/),
        partner: "sandbox-payouts",
        status: "processing",
        pickupReference: null,
        failureCode: null,
        failureMessage: null,
      });
      expect(await instant.providers.payouts.getPayout(submitted.payoutId)).toMatchObject({ status: "paid" });
    },
  );

  it("stays processing until its time", async () => {
    const submitted = await slow.providers.payouts.submit(request("bank-deposit"));
    expect(await slow.providers.payouts.getPayout(submitted.payoutId)).toMatchObject({
      status: "processing",
    });
    expect(await slow.providers.payouts.getPayout("po_unknown")).toBeNull();
  });

  it("cash pickup: available with a pickup reference, then picked up", async () => {
    const submitted = await instant.providers.payouts.submit(request("cash-pickup"));
    expect(submitted).toMatchObject({ status: "processing", pickupReference: null });
    const available = await instant.providers.payouts.getPayout(submitted.payoutId);
    expect(available).toMatchObject({
      status: "available_for_pickup",
      pickupReference: expect.stringMatching(/^\d{10}$/),
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await instant.providers.payouts.getPayout(submitted.payoutId)).toMatchObject({
      status: "picked_up",
      pickupReference: available?.pickupReference,
    });
  });

  it('a recipient named "Rejected" is refused at submit', async () => {
    const submitted = await slow.providers.payouts.submit(request("bank-deposit", "Rejected"));
    expect(submitted).toMatchObject({
      status: "failed",
      failureCode: "recipient_rejected",
      failureMessage: "The payout partner refused the recipient's details.",
    });
    expect(await slow.providers.payouts.getPayout(submitted.payoutId)).toMatchObject({ status: "failed" });
  });

  it('a recipient named "Returned" fails after it was processing', async () => {
    const submitted = await instant.providers.payouts.submit(request("bank-deposit", "returned"));
    expect(submitted.status).toBe("processing");
    expect(await instant.providers.payouts.getPayout(submitted.payoutId)).toMatchObject({
      status: "failed",
      failureCode: "payout_returned",
      failureMessage: "The recipient's bank returned the payout.",
    });
  });

  it("the same reference answers the same payout, where it stands now", async () => {
    const first = request("bank-deposit");
    const submitted = await instant.providers.payouts.submit(first);
    const again = await instant.providers.payouts.submit(first);
    expect(again).toMatchObject({ payoutId: submitted.payoutId, status: "paid" });
  });
});
