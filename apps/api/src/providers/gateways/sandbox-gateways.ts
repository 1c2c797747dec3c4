import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sandboxGatewaySessions } from "../../db/schema/sandbox";
import { ConflictError, InvalidDataError, NotFoundError } from "../../http/errors";
import { type SandboxWebhooks, sandboxId, verifiedBody } from "../sandbox-webhooks";
import {
  GATEWAY_NAMES,
  type GatewayName,
  type GatewaySessionState,
  type HostedGateway,
  type HostedGateways,
} from "./hosted-gateway";

/**
 * The sandbox hosted gateways praxis, d24 and PayPal: `createSession` answers the sandbox's hosted
 * page (/api/sandbox/gateways/{name}/{sessionId}) where the customer chooses Approve, Decline or
 * Cancel; the choice is reported by a signed webhook to /api/payments/webhooks/{name} and the browser
 * goes back to the caller's returnUrl. `getSession` answers the state for polling.
 */
export const GATEWAY_TITLES: Record<GatewayName, string> = { praxis: "Praxis", d24: "D24", paypal: "PayPal" };

export type GatewayOutcome = "approve" | "decline" | "cancel";
const OUTCOME_STATUS: Record<GatewayOutcome, GatewaySessionState["status"]> = {
  approve: "approved",
  decline: "declined",
  cancel: "cancelled",
};

type SessionRow = typeof sandboxGatewaySessions.$inferSelect;
const toState = (row: SessionRow): GatewaySessionState => ({
  sessionId: row.id,
  status: row.status as GatewaySessionState["status"],
  amountMinor: row.amountMinor,
  currency: row.currency,
  reference: row.reference,
});

export type SandboxGatewaySession = GatewaySessionState & {
  gateway: GatewayName;
  returnUrl: string;
  customerName: string;
};

export type SandboxGateways = HostedGateways & {
  /** The hosted page's view of a session of this gateway (null when unknown). */
  session(gateway: GatewayName, sessionId: string): Promise<SandboxGatewaySession | null>;
  /** The hosted page's answer: moves a pending session, sends the webhook, answers where to go. */
  complete(gateway: GatewayName, sessionId: string, outcome: GatewayOutcome): Promise<{ returnUrl: string }>;
};

export function createSandboxGateways(deps: {
  db: Db;
  webhooks: SandboxWebhooks;
  webhookSecret: string;
  publicUrl: string;
}): SandboxGateways {
  const { db, webhooks } = deps;

  const load = async (gateway: GatewayName, sessionId: string) => {
    const [row] = await db
      .select()
      .from(sandboxGatewaySessions)
      .where(and(eq(sandboxGatewaySessions.id, sessionId), eq(sandboxGatewaySessions.gateway, gateway)));
    return row ?? null;
  };

  const gatewayFor = (name: GatewayName): HostedGateway => ({
    name,
    async createSession(input) {
      if (input.amountMinor <= 0n) throw new InvalidDataError({ amount: ["The amount must be positive."] });
      const referenceKey = `${name}:${input.reference}`;
      await db
        .insert(sandboxGatewaySessions)
        .values({
          id: sandboxId(`gs_${name}`, 12),
          gateway: name,
          referenceKey,
          reference: input.reference,
          amountMinor: input.amountMinor,
          currency: input.currency.toUpperCase(),
          returnUrl: input.returnUrl,
          status: "pending",
          customerName: input.customer.name,
        })
        .onConflictDoNothing({ target: sandboxGatewaySessions.referenceKey });
      const [row] = await db
        .select()
        .from(sandboxGatewaySessions)
        .where(eq(sandboxGatewaySessions.referenceKey, referenceKey));
      if (!row) throw new Error("sandbox gateway session not recorded");
      return { sessionId: row.id, redirectUrl: `${deps.publicUrl}/api/sandbox/gateways/${name}/${row.id}` };
    },
    async getSession(sessionId) {
      const row = await load(name, sessionId);
      return row ? toState(row) : null;
    },
    async refund(sessionId, amountMinor) {
      const current = await load(name, sessionId);
      if (!current) throw new NotFoundError("The payment session was not found.");
      if (amountMinor <= 0n) throw new ConflictError("The refund amount must be positive.");
      const [row] = await db
        .update(sandboxGatewaySessions)
        .set({
          refundedMinor: sql`${sandboxGatewaySessions.refundedMinor} + ${amountMinor}`,
          status: sql`case when ${sandboxGatewaySessions.refundedMinor} + ${amountMinor} = ${sandboxGatewaySessions.amountMinor} then 'refunded' else ${sandboxGatewaySessions.status} end`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(sandboxGatewaySessions.id, sessionId),
            eq(sandboxGatewaySessions.status, "approved"),
            sql`${sandboxGatewaySessions.refundedMinor} + ${amountMinor} <= ${sandboxGatewaySessions.amountMinor}`,
          ),
        )
        .returning();
      if (!row) {
        throw new ConflictError(
          current.status === "approved"
            ? "The refund is more than what is left of the payment."
            : `A ${current.status} payment cannot be refunded.`,
        );
      }
      return toState(row);
    },
    async cancel(sessionId) {
      const current = await load(name, sessionId);
      if (!current) throw new NotFoundError("The payment session was not found.");
      if (current.status === "cancelled") return toState(current);
      const [row] = await db
        .update(sandboxGatewaySessions)
        .set({ status: "cancelled", updatedAt: sql`now()` })
        .where(and(eq(sandboxGatewaySessions.id, sessionId), eq(sandboxGatewaySessions.status, "pending")))
        .returning();
      if (row) return toState(row);
      const again = await load(name, sessionId);
      if (again?.status === "cancelled") return toState(again);
      throw new ConflictError(`A ${again?.status ?? current.status} payment session cannot be cancelled.`);
    },
    verifyWebhook(rawBody, signature) {
      const body = verifiedBody(deps.webhookSecret, rawBody, signature);
      if (!body) return null;
      const { sessionId, status, reference } = body;
      const statuses = ["pending", "approved", "declined", "cancelled", "refunded"];
      if (typeof sessionId !== "string" || typeof reference !== "string" || typeof status !== "string")
        return null;
      if (!statuses.includes(status)) return null;
      // A webhook signed for another gateway's session is not this gateway's.
      if (!sessionId.startsWith(`gs_${name}_`)) return null;
      return { sessionId, status: status as GatewaySessionState["status"], reference };
    },
  });

  const gateways = Object.fromEntries(
    GATEWAY_NAMES.map((name) => [name, gatewayFor(name)]),
  ) as HostedGateways;

  return {
    ...gateways,
    async session(gateway, sessionId) {
      const row = await load(gateway, sessionId);
      return row
        ? { ...toState(row), gateway, returnUrl: row.returnUrl, customerName: row.customerName }
        : null;
    },
    async complete(gateway, sessionId, outcome) {
      const current = await load(gateway, sessionId);
      if (!current) throw new NotFoundError("The payment session was not found.");
      const moved = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxGatewaySessions)
          .set({ status: OUTCOME_STATUS[outcome], updatedAt: sql`now()` })
          .where(and(eq(sandboxGatewaySessions.id, sessionId), eq(sandboxGatewaySessions.status, "pending")))
          .returning();
        if (!row) return null;
        return webhooks.record(tx, gateway, {
          sessionId: row.id,
          status: row.status,
          reference: row.reference,
        });
      });
      if (moved !== null) await webhooks.attempt(moved);
      return { returnUrl: current.returnUrl };
    },
  };
}
