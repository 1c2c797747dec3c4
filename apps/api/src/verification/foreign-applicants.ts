import type { Db } from "../db/client";
import type { ReviewEvent } from "../providers/verification/verification-provider";

/**
 * Applicants that belong to someone other than a user: a business's beneficial owners (kyb/), whose
 * reviews arrive through the same signed webhook. A domain registers a handler (app.ts); the webhook
 * asks each in turn about an applicant it does not know, after the replay check and in the same
 * transaction. A handler answers null for an applicant that is not its own.
 */
export type ForeignApplicantHandler = (
  tx: Db,
  event: ReviewEvent,
  options: { retentionDays: number },
) => Promise<"applied" | "stale" | null>;

const handlers = new Set<ForeignApplicantHandler>();

export function registerForeignApplicants(handler: ForeignApplicantHandler) {
  handlers.add(handler);
}

export async function applyForeignApplicantEvent(
  tx: Db,
  event: ReviewEvent,
  options: { retentionDays: number },
): Promise<"applied" | "stale" | null> {
  for (const handler of handlers) {
    const outcome = await handler(tx, event, options);
    if (outcome) return outcome;
  }
  return null;
}
