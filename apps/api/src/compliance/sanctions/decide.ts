import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema/index";
import { ConflictError, InvalidDataError, NotFoundError } from "../../http/errors";
import { SANCTIONS_MESSAGES } from "./messages";
import { decideHits, type HitRow, lockHit, lockSiblingHits, rememberClearance } from "./repository";

export type HitDecision = "clear" | "confirm";
export type DecideHitCommand = {
  hitId: number;
  decision: HitDecision;
  reviewer: string;
  note?: string | null;
};
export type DecideHitDeps = {
  db: Db;
  /**
   * Enqueues the next look at a held order in the decision's transaction (orders/jobs.ts
   * `resumeHeldOrder`; passed in, so compliance imports nothing of orders).
   */
  resumeOrder: (tx: Db, orderId: number) => Promise<void>;
};

/**
 * A reviewer's decision on a hit, under the hit's row lock: of two reviewers deciding at once one
 * wins and the other is told it is already decided (409). The decision covers the subject's other
 * open hits for the same entry and name. Clearing remembers it (the subject is not held again for
 * that entry while its name stays); confirming refunds its held orders. The orders themselves move
 * in their own job (orders/jobs.ts, on_hold), enqueued in the decision's transaction.
 */
export async function decideHit(deps: DecideHitDeps, command: DecideHitCommand): Promise<HitRow[]> {
  const reviewer = command.reviewer.trim();
  if (reviewer === "") throw new InvalidDataError({ reviewer: [SANCTIONS_MESSAGES.reviewerRequired] });
  const decided = await deps.db.transaction(async (tx) => {
    const hit = await lockHit(tx, command.hitId);
    if (!hit) throw new NotFoundError(SANCTIONS_MESSAGES.hitNotFound);
    if (hit.status !== "open") throw new ConflictError(SANCTIONS_MESSAGES.alreadyDecided);
    const hits = await lockSiblingHits(tx, hit);
    const status = command.decision === "clear" ? "cleared" : "confirmed";
    const rows = await decideHits(
      tx,
      hits.map((row) => row.id),
      { status, reviewer, note: command.note?.trim() || null },
    );
    if (status === "cleared") await rememberClearance(tx, hit);
    // The held orders take their next step in their own job, enqueued with the decision.
    const orderIds = [...new Set(rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId])))];
    if (orderIds.length > 0) {
      const held = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.id, orderIds), eq(orders.status, "on_hold")));
      for (const order of held) await deps.resumeOrder(tx, order.id);
    }
    return rows;
  });
  return decided;
}
