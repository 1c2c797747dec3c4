import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { currencies, paymentProfiles, payments, quotations } from "../db/schema/index";
import type { PaymentStatus } from "../db/schema/orders";
import { AppError, ConflictError, NotFoundError } from "../http/errors";
import type { JobQueue } from "../jobs/queue";
import type { Providers } from "../plugins/providers";
import type { CardAuthorizationState } from "../providers/cards/card-processor";
import type { GatewayName, GatewaySessionState } from "../providers/gateways/hosted-gateway";
import { findPayment, type PaymentRow } from "./repository";

/**
 * A payment's life after it is started (BRIEF contract 3): the provider's answers (a webhook, a poll,
 * a capture or refund) move `payments.status`, and every move to a state the order waits on
 * (authorized, succeeded, failed, canceled) enqueues `payment.updated` {paymentId} in the same
 * transaction as the change, so the order hears of it exactly when it commits.
 */
export type LifecycleDeps = {
  db: Db;
  providers: Pick<Providers, "cards" | "banks" | "gateways">;
  jobs: JobQueue;
};
export type { PaymentRow };

export const PAYMENT_UPDATED_JOB = "payment.updated";
const NOTIFIED: ReadonlySet<PaymentStatus> = new Set(["authorized", "succeeded", "failed", "canceled"]);
const FINAL: ReadonlySet<PaymentStatus> = new Set(["succeeded", "failed", "canceled", "refunded"]);
export const GATEWAY_CHANNELS = ["praxis", "d24", "paypal"] as const;

export type StatusPatch = {
  status: PaymentStatus;
  providerReference?: string | null;
  redirectUrl?: string | null;
  failureCode?: string | null;
  failureMessage?: string | null;
  paymentProfileId?: number | null;
  metadata?: Record<string, unknown>;
};

/**
 * Moves a payment from the status it was read in (`WHERE status = row.status`, so two answers at
 * once move it once) and enqueues payment.updated when the new status is one the order waits on.
 * Answers the payment as it stands, moved by this call or by the one that won.
 */
export async function changePaymentStatus(
  deps: Pick<LifecycleDeps, "db" | "jobs">,
  row: PaymentRow,
  patch: StatusPatch,
): Promise<PaymentRow> {
  return deps.db.transaction(async (tx) => {
    const [written] = await tx
      .update(payments)
      .set({
        status: patch.status,
        ...(patch.providerReference !== undefined ? { providerReference: patch.providerReference } : {}),
        ...(patch.redirectUrl !== undefined ? { redirectUrl: patch.redirectUrl } : {}),
        ...(patch.failureCode !== undefined ? { failureCode: patch.failureCode } : {}),
        ...(patch.failureMessage !== undefined ? { failureMessage: patch.failureMessage } : {}),
        ...(patch.paymentProfileId !== undefined ? { paymentProfileId: patch.paymentProfileId } : {}),
        ...(patch.metadata ? { metadata: { ...row.metadata, ...patch.metadata } } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, row.id), eq(payments.status, row.status)))
      .returning();
    if (!written) {
      const current = await findPayment(tx, row.id);
      if (!current) throw new NotFoundError("Payment not found.");
      return current;
    }
    if (written.status !== row.status && NOTIFIED.has(written.status)) {
      await deps.jobs.send(
        PAYMENT_UPDATED_JOB,
        { paymentId: written.id },
        { db: tx, singletonKey: `payment.updated:${written.id}:${written.status}` },
      );
    }
    return written;
  });
}

async function loadPayment(db: Db, paymentId: number): Promise<PaymentRow> {
  const row = await findPayment(db, paymentId);
  if (!row) throw new NotFoundError("Payment not found.");
  return row;
}

const CARD_STATUS: Record<CardAuthorizationState["status"], PaymentStatus> = {
  requires_action: "requires_action",
  authorized: "authorized",
  declined: "failed",
  captured: "succeeded",
  voided: "canceled",
  refunded: "refunded",
};

const GATEWAY_STATUS: Record<GatewaySessionState["status"], PaymentStatus> = {
  pending: "pending",
  approved: "succeeded",
  declined: "failed",
  cancelled: "canceled",
  refunded: "refunded",
};

/** What the provider says of a payment now, as a patch; null when it knows nothing of it. */
async function providerState(deps: LifecycleDeps, row: PaymentRow): Promise<StatusPatch | null> {
  const reference = row.providerReference;
  if (!reference) return null;
  switch (row.channel) {
    case "card": {
      const state = await deps.providers.cards.getAuthorization(reference);
      if (!state) return null;
      const status = CARD_STATUS[state.status];
      return status === "failed"
        ? {
            status,
            failureCode: state.declineCode ?? "card_declined",
            failureMessage: state.declineMessage ?? "Your card was declined.",
          }
        : { status };
    }
    case "ach": {
      const state = await deps.providers.banks.getDebit(reference);
      if (!state) return null;
      if (state.status === "settled") return { status: "succeeded" };
      if (state.status === "returned") {
        return {
          status: "failed",
          failureCode: state.returnCode ?? "returned",
          failureMessage: state.returnReason ?? "Your bank returned the debit.",
        };
      }
      return { status: "pending" };
    }
    case "push_transfer": {
      const state = await deps.providers.banks.getIncomingTransfer(reference);
      if (!state) return null;
      if (state.status === "received") return { status: "succeeded" };
      return {
        status: "pending",
        ...(state.status === "review"
          ? { metadata: { review: true, received_minor: String(state.receivedMinor ?? 0n) } }
          : {}),
      };
    }
    case "praxis":
    case "d24":
    case "paypal": {
      const state = await deps.providers.gateways[row.channel as GatewayName].getSession(reference);
      if (!state) return null;
      const status = GATEWAY_STATUS[state.status];
      return status === "failed"
        ? { status, failureCode: "declined", failureMessage: "The payment was declined." }
        : { status };
    }
    default:
      return null;
  }
}

/** Asks the provider where the payment stands and records it (never moving a final payment back). */
export async function refreshPayment(deps: LifecycleDeps, paymentId: number): Promise<PaymentRow> {
  const row = await loadPayment(deps.db, paymentId);
  if (row.status === "refunded") return row;
  const patch = await providerState(deps, row);
  if (!patch) return row;
  const unchanged = patch.status === row.status && !patch.metadata;
  const backwards = FINAL.has(row.status) && !FINAL.has(patch.status);
  if (unchanged || backwards) return row;
  return changePaymentStatus(deps, row, patch);
}

/** Takes an authorized card payment (succeeded); a payment already collected answers as it is. */
export async function capturePayment(deps: LifecycleDeps, paymentId: number): Promise<PaymentRow> {
  const row = await loadPayment(deps.db, paymentId);
  if (row.status === "succeeded") return row;
  if (row.channel !== "card" || row.status !== "authorized" || !row.providerReference) {
    throw new ConflictError("Only an authorized card payment can be captured.");
  }
  const state = await deps.providers.cards.capture(row.providerReference, row.amountMinor);
  return changePaymentStatus(deps, row, { status: CARD_STATUS[state.status] });
}

/**
 * Returns exactly what was collected (amount_minor) by the channel it came through, and marks the
 * payment refunded. An authorized card is voided (nothing was taken); a push transfer, whose sender's
 * account we do not hold, is recorded for the operations team to send back.
 */
export async function refundPayment(
  deps: LifecycleDeps,
  paymentId: number,
  reason: string,
): Promise<PaymentRow> {
  const row = await loadPayment(deps.db, paymentId);
  if (row.status === "refunded") return row;
  const refundable = row.status === "succeeded" || row.status === "authorized" || row.status === "pending";
  if (!refundable || !row.providerReference) {
    throw new ConflictError("Only a collected or authorized payment can be refunded.");
  }
  const refund: Record<string, unknown> = { reason, amount_minor: String(row.amountMinor) };
  switch (row.channel) {
    case "card": {
      if (row.status === "authorized") {
        await deps.providers.cards.void(row.providerReference);
        refund.kind = "void";
      } else {
        await deps.providers.cards.refund(row.providerReference, row.amountMinor);
        refund.kind = "refund";
      }
      break;
    }
    case "ach": {
      const [profile] = row.paymentProfileId
        ? await deps.db.select().from(paymentProfiles).where(eq(paymentProfiles.id, row.paymentProfileId))
        : [];
      const [currency] = await deps.db.select().from(currencies).where(eq(currencies.id, row.currencyId));
      if (!profile || !currency) throw new ConflictError("The debited account is not known.");
      const credit = await deps.providers.banks.credit({
        accountToken: profile.providerToken,
        amountMinor: row.amountMinor,
        currency: currency.iso,
        idempotencyKey: `refund:payment:${row.id}`,
      });
      refund.kind = "credit";
      refund.credit_id = credit.creditId;
      break;
    }
    case "push_transfer":
      refund.kind = "manual_transfer";
      break;
    case "praxis":
    case "d24":
    case "paypal":
      await deps.providers.gateways[row.channel as GatewayName].refund(
        row.providerReference,
        row.amountMinor,
      );
      refund.kind = "gateway_refund";
      break;
    default:
      throw new ConflictError("This payment cannot be refunded.");
  }
  return changePaymentStatus(deps, row, { status: "refunded", metadata: { refund } });
}

export const RELEASE_EXPIRED_JOB = "payment.release-expired";
/**
 * How long after its quotation expires a payment is released: a transaction that began before the
 * expiry may still place the order with it (its now() is when it began), never one this much later.
 */
export const RELEASE_GRACE_SECONDS = 60;
export const RELEASED_MESSAGE = "The quotation expired before it was used, so the payment was cancelled.";

/**
 * Enqueues the release of a payment for when its quotation will have expired (in the transaction
 * that claims the payment, so the job exists exactly when the payment does).
 */
export function scheduleRelease(jobs: JobQueue, tx: Db, paymentId: number, expiresAt: Date) {
  const seconds = Math.max(0, Math.ceil((expiresAt.getTime() - Date.now()) / 1000)) + RELEASE_GRACE_SECONDS;
  return jobs.send(
    RELEASE_EXPIRED_JOB,
    { paymentId },
    { db: tx, startAfterSeconds: seconds, singletonKey: `payment.release:${paymentId}`, retryLimit: 10 },
  );
}

export type ReleaseOutcome =
  /** Cancelled at the provider (a card's hold voided, a gateway's page closed) and marked canceled. */
  | { released: true; payment: PaymentRow }
  /** Nothing to release: used by an order, already final, or a channel that cannot be cancelled. */
  | { released: false; payment: PaymentRow; retryInSeconds?: number };

/**
 * A payment whose quotation expired unused (issue 18): a card authorization (or one waiting on 3-D
 * Secure) is voided, so no hold hangs on the card, and a hosted gateway's open session is cancelled,
 * so the payer cannot pay an expired quotation; the payment becomes canceled (payment.updated).
 * An ACH debit or a push transfer has no cancel in the bank rails: it is left to settle. Safe to run
 * twice: a canceled payment is left alone and the providers' cancels answer a cancelled one as it is.
 * Answers retryInSeconds when the quotation has not expired (grace included) yet.
 */
export async function releaseExpiredPayment(deps: LifecycleDeps, paymentId: number): Promise<ReleaseOutcome> {
  let row = await loadPayment(deps.db, paymentId);
  const cancellable =
    (row.channel === "card" && (row.status === "authorized" || row.status === "requires_action")) ||
    ((GATEWAY_CHANNELS as readonly string[]).includes(row.channel) && row.status === "pending");
  if (!cancellable || !row.providerReference) return { released: false, payment: row };
  // Under the quotation's lock, so an order claiming it (an UPDATE of the row) is waited for and seen.
  const [quotation] = await deps.db.transaction((tx) =>
    tx
      .select({
        status: quotations.status,
        waitSeconds: sql<number>`ceil(extract(epoch from ${quotations.expiresAt} + make_interval(secs => ${RELEASE_GRACE_SECONDS}) - now()))::int`,
      })
      .from(quotations)
      .where(eq(quotations.id, row.quotationId))
      .for("update"),
  );
  if (!quotation || quotation.status === "used") return { released: false, payment: row };
  if (quotation.waitSeconds > 0)
    return { released: false, payment: row, retryInSeconds: quotation.waitSeconds };
  try {
    if (row.channel === "card") await deps.providers.cards.void(row.providerReference);
    else await deps.providers.gateways[row.channel as GatewayName].cancel(row.providerReference);
  } catch (error) {
    // The provider moved on meanwhile (captured, approved): record where it stands instead.
    if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
    return { released: false, payment: await refreshPayment(deps, row.id) };
  }
  row = await changePaymentStatus(deps, row, {
    status: "canceled",
    failureCode: "quotation_expired",
    failureMessage: RELEASED_MESSAGE,
    metadata: { released: row.channel === "card" ? "void" : "session_cancelled" },
  });
  return { released: row.status === "canceled", payment: row };
}
