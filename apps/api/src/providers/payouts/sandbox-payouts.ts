import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { sandboxPayouts } from "../../db/schema/sandbox";
import { InvalidDataError } from "../../http/errors";
import { sandboxId } from "../sandbox-webhooks";
import type { PayoutPartner, PayoutState } from "./payout-partner";

/**
 * The sandbox payout partner. A payout is accepted as `processing` and, SANDBOX_PAYOUT_SECONDS later,
 * is `paid` (bank deposit, mobile wallet, Vela, home delivery) or `available_for_pickup` with a
 * pickup reference (cash pickup), which becomes `picked_up` SANDBOX_PICKUP_SECONDS after that.
 * Test values by the recipient's last name: "Rejected" fails at once, "Returned" fails once it has
 * been processing. The state is worked out from the clock whenever it is read.
 */
export const SANDBOX_PAYOUT_PARTNER = "sandbox-payouts";

export const PAYOUT_FAILURES = {
  recipient_rejected: "The payout partner refused the recipient's details.",
  payout_returned: "The recipient's bank returned the payout.",
} as const;

type Scenario = "paid" | "pickup" | "rejected" | "returned";

const scenarioFor = (method: string, lastName: string): Scenario => {
  const name = lastName.trim().toLowerCase();
  if (name === "rejected") return "rejected";
  if (name === "returned") return "returned";
  return method === "cash-pickup" ? "pickup" : "paid";
};

type StateRow = {
  id: string;
  scenario: Scenario;
  pickup_reference: string | null;
  ready: boolean;
  collected: boolean;
};

function toState(row: StateRow): PayoutState {
  const base = {
    payoutId: row.id,
    partner: SANDBOX_PAYOUT_PARTNER,
    pickupReference: null,
    failureCode: null,
    failureMessage: null,
  };
  if (row.scenario === "rejected") {
    return {
      ...base,
      status: "failed",
      failureCode: "recipient_rejected",
      failureMessage: PAYOUT_FAILURES.recipient_rejected,
    };
  }
  if (!row.ready) return { ...base, status: "processing" };
  switch (row.scenario) {
    case "returned":
      return {
        ...base,
        status: "failed",
        failureCode: "payout_returned",
        failureMessage: PAYOUT_FAILURES.payout_returned,
      };
    case "pickup":
      return {
        ...base,
        status: row.collected ? "picked_up" : "available_for_pickup",
        pickupReference: row.pickup_reference,
      };
    default:
      return { ...base, status: "paid" };
  }
}

export function createSandboxPayouts(deps: {
  db: Db;
  payoutSeconds: number;
  pickupSeconds: number;
}): PayoutPartner {
  const { db } = deps;

  const read = async (where: ReturnType<typeof sql>) => {
    const [row] = await queryRows<StateRow>(
      db,
      sql`select id, scenario, pickup_reference,
                 now() >= ready_at as ready,
                 now() >= ready_at + ${deps.pickupSeconds} * interval '1 second' as collected
          from sandbox_payouts where ${where}`,
    );
    return row ? toState(row) : null;
  };

  return {
    name: SANDBOX_PAYOUT_PARTNER,
    async submit(request) {
      if (request.amountMinor <= 0n) throw new InvalidDataError({ amount: ["The amount must be positive."] });
      const scenario = scenarioFor(request.method, request.recipient.lastName);
      const inserted = await db
        .insert(sandboxPayouts)
        .values({
          id: sandboxId("po", 12),
          reference: request.reference,
          method: request.method,
          countryIso: request.countryIso.toUpperCase(),
          currency: request.currency.toUpperCase(),
          amountMinor: request.amountMinor,
          scenario,
          // A ten-digit code the recipient quotes at the agent's counter.
          pickupReference:
            scenario === "pickup" ? String(randomInt(1_000_000_000, 10_000_000_000)).padStart(10, "0") : null,
          readyAt: sql`now() + ${deps.payoutSeconds} * interval '1 second'`,
        })
        .onConflictDoNothing({ target: sandboxPayouts.reference })
        .returning({ id: sandboxPayouts.id });
      const state = await read(sql`reference = ${request.reference}`);
      if (!state) throw new Error("sandbox payout not recorded");
      // A new payout is answered as accepted (processing) or refused at once (failed), even with no
      // delay configured; a repeated submit answers where the payout stands now.
      if (inserted.length === 0 || state.failureCode === "recipient_rejected") return state;
      return {
        ...state,
        status: "processing",
        pickupReference: null,
        failureCode: null,
        failureMessage: null,
      };
    },
    async getPayout(payoutId) {
      return read(sql`id = ${payoutId}`);
    },
  };
}

/** Tests: the partner's record of a payout, by our reference. */
export async function sandboxPayoutByReference(db: Db, reference: string) {
  const [row] = await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.reference, reference));
  return row ?? null;
}
