import { basisPointsOfMinorCeil } from "@vela/shared/decimal";
import currencyCodes from "currency-codes";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { sandboxFulfilments } from "../../db/schema/sandbox";
import { InvalidDataError } from "../../http/errors";
import { sandboxId } from "../sandbox-webhooks";
import type { FulfilmentBase, FulfilmentState } from "./fulfilment";

/**
 * What the three purchase sandboxes (sandbox-topups, sandbox-giftcards, sandbox-bills) share: their
 * record of each purchase in `sandbox_fulfilments`, one row per (kind, our reference), so a repeated
 * submit answers the purchase the first one made; the cost (the face value less our commission,
 * rounded down to minor units); and the logos, small inline SVGs (no network).
 */
export type SandboxKind = "topup" | "giftcard" | "bill";

/** The outcome the sandbox decided for a new purchase: delivered at once, or failed with a reason. */
export type SandboxOutcome =
  | { status: "delivered"; confirmation: string }
  | { status: "failed"; failureCode: string; failureMessage: string };

type Row = {
  transaction_id: string;
  status: "pending" | "delivered" | "failed";
  failure_code: string | null;
  failure_message: string | null;
  cost_minor: string;
  currency: string;
  confirmation: string | null;
};

const toState = (provider: string, row: Row): FulfilmentState => ({
  provider,
  transactionId: row.transaction_id,
  status: row.status,
  failureCode: row.failure_code,
  failureMessage: row.failure_message,
  costMinor: BigInt(row.cost_minor),
  costCurrencyIso: row.currency,
  confirmation: row.confirmation,
});

/** The face value less `commissionBps` of it, the commission rounded up so the cost rounds down. */
export function costOf(amountMinor: bigint, commissionBps: number): bigint {
  return amountMinor - basisPointsOfMinorCeil(amountMinor, commissionBps);
}

/** ISO 4217 digits of a currency (2 when the table does not know it). */
export function currencyDecimals(iso: string): number {
  return currencyCodes.code(iso)?.digits ?? 2;
}

export function sandboxFulfilmentStore(db: Db, kind: SandboxKind, provider: string) {
  const read = async (where: ReturnType<typeof sql>) => {
    const [row] = await queryRows<Row>(
      db,
      sql`select transaction_id, status, failure_code, failure_message, cost_minor::text as cost_minor,
                 currency, confirmation
          from sandbox_fulfilments where kind = ${kind} and ${where}`,
    );
    return row ? toState(provider, row) : null;
  };

  return {
    /**
     * Records a purchase once per reference (the first submit decides its outcome; a repeat answers
     * the recorded one, whatever it asks now).
     */
    async submit(
      request: FulfilmentBase & { account: string; productId: number | null; providerId: number | null },
      commissionBps: number,
      decide: (transactionId: string) => SandboxOutcome,
    ): Promise<FulfilmentState> {
      if (request.amountMinor <= 0n) throw new InvalidDataError({ amount: ["The amount must be positive."] });
      const existing = await read(sql`reference = ${request.reference}`);
      if (existing) return existing;
      const transactionId = sandboxId(kind === "topup" ? "tu" : kind === "giftcard" ? "gc" : "bp", 12);
      const outcome = decide(transactionId);
      await db
        .insert(sandboxFulfilments)
        .values({
          transactionId,
          kind,
          reference: request.reference,
          account: request.account,
          productId: request.productId,
          providerId: request.providerId,
          amountMinor: request.amountMinor,
          currency: request.currencyIso.toUpperCase(),
          status: outcome.status,
          failureCode: outcome.status === "failed" ? outcome.failureCode : null,
          failureMessage: outcome.status === "failed" ? outcome.failureMessage : null,
          // Nothing is charged for a failed purchase.
          costMinor: outcome.status === "delivered" ? costOf(request.amountMinor, commissionBps) : 0n,
          confirmation: outcome.status === "delivered" ? outcome.confirmation : null,
        })
        .onConflictDoNothing({ target: [sandboxFulfilments.kind, sandboxFulfilments.reference] });
      // Two submits of one reference at once: the row that won answers both.
      const state = await read(sql`reference = ${request.reference}`);
      if (!state) throw new Error("sandbox fulfilment not recorded");
      return state;
    },
    get: (transactionId: string) => read(sql`transaction_id = ${transactionId}`),
    /** The product a purchase was of (a gift card's brand decides whether it has a PIN). */
    async productOf(transactionId: string): Promise<number | null> {
      const [row] = await queryRows<{ product_id: number | null }>(
        db,
        sql`select product_id from sandbox_fulfilments where kind = ${kind} and transaction_id = ${transactionId}`,
      );
      return row?.product_id ?? null;
    },
    /**
     * What delivered purchases of an account (a bill's reference) with a provider paid towards its
     * balance, in minor units: those of no product or of one of `balanceProducts`.
     */
    async deliveredMinor(providerId: number, account: string, balanceProducts: number[]): Promise<bigint> {
      const products = `{${balanceProducts.join(",")}}`;
      const [row] = await queryRows<{ paid: string }>(
        db,
        sql`select coalesce(sum(amount_minor), 0)::text as paid from sandbox_fulfilments
            where kind = ${kind} and provider_id = ${providerId} and account = ${account}
              and status = 'delivered'
              and (product_id is null or product_id = any(${products}::int[]))`,
      );
      return BigInt(row?.paid ?? "0");
    },
  };
}

/** A small square logo with a brand's initials on its colour, as a data: URL (no network). */
export function logoDataUrl(text: string, background: string, foreground = "#ffffff"): string {
  const label = text
    .replace(/[&<>"']/g, "")
    .slice(0, 4)
    .toUpperCase();
  const size = label.length > 2 ? 22 : 30;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="18" fill="${background}"/>` +
    `<text x="48" y="50" font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" ` +
    `fill="${foreground}" text-anchor="middle" dominant-baseline="middle">${label}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
