import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { recipients, type ScreeningSubjectKind, senders } from "../../db/schema/index";
import { SANCTIONS_MESSAGES } from "./messages";
import { nameTokens, normalizedName } from "./normalize";
import {
  activeVersionId,
  type Candidate,
  candidateNames,
  clearedEntries,
  hitsOfOrder,
  openHit,
  openHitsOfOrder,
  type Subject,
} from "./repository";
import { nameScore } from "./score";

/**
 * The score from which a screened name goes to review. 0.90 holds a one-letter misspelling or a
 * transposition of a two-word name (0.95 and up), reordered names and a missing middle name (0.97
 * and up), spelling variants that sound alike (Mohammed / Muhammad, 0.93), and lets pass names that
 * share a first name but not the surname (below 0.5) or whose surname only starts alike (Castro /
 * Castillo, 0.86). SANCTIONS_MATCH_THRESHOLD changes it (app.ts sets it from config.ts).
 */
export const DEFAULT_MATCH_THRESHOLD = 0.9;
let matchThreshold = DEFAULT_MATCH_THRESHOLD;

export function setMatchThreshold(threshold: number) {
  matchThreshold = threshold;
}

export type NameMatch = { entryUid: number; entryName: string; matchedName: string; score: number };

/** The listed entries a name matches at or above the threshold, best score first (one per entry). */
export async function matchName(
  db: Db,
  name: string,
  threshold = matchThreshold,
): Promise<{ versionId: number | null; matches: NameMatch[] }> {
  const versionId = await activeVersionId(db);
  const tokens = nameTokens(name);
  if (versionId === null || tokens.length === 0) return { versionId, matches: [] };
  const candidates: Candidate[] = await candidateNames(db, versionId, tokens, Math.min(2, tokens.length));
  const best = new Map<number, NameMatch>();
  for (const candidate of candidates) {
    const surnames = candidate.surnames === "" ? [] : candidate.surnames.split(" ");
    const score = nameScore(tokens, candidate.normalized.split(" "), surnames);
    if (score < threshold) continue;
    const current = best.get(candidate.entryUid);
    if (!current || score > current.score) {
      best.set(candidate.entryUid, {
        entryUid: candidate.entryUid,
        entryName: candidate.entryName,
        matchedName: candidate.name,
        score,
      });
    }
  }
  return { versionId, matches: [...best.values()].sort((a, b) => b.score - a.score) };
}

export type ScreenCommand = Subject & { name: string; orderId?: number | null };

/**
 * Screens one subject (a sender, a recipient, a business owner, a user) by its current name and adds
 * each match to the review queue, unless that subject was cleared of that entry under this same
 * name. Never refuses anything: a fuzzy match is for a person to decide. Returns how many entries
 * it matched that are now in the queue (raised now or already open; for an order, linked to it).
 * Business owners (KYB) call this with `kind: "business_owner"`.
 */
export async function screenSubject(db: Db, command: ScreenCommand): Promise<number> {
  const { versionId, matches } = await matchName(db, command.name);
  if (versionId === null || matches.length === 0) return 0;
  const subject = { kind: command.kind, id: command.id };
  const normalized = normalizedName(command.name);
  const cleared = await clearedEntries(db, subject, normalized);
  let raised = 0;
  for (const match of matches) {
    if (cleared.has(match.entryUid)) continue;
    await openHit(db, {
      subjectKind: subject.kind,
      subjectId: subject.id,
      screenedName: command.name,
      screenedNormalized: normalized,
      listVersionId: versionId,
      entryUid: match.entryUid,
      entryName: match.entryName,
      matchedName: match.matchedName,
      score: match.score.toFixed(4),
      orderId: command.orderId ?? null,
    });
    raised++;
  }
  return raised;
}

/** A party's name as screened: a person's first and last names, or a business's name. */
const personName = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" ").trim();

/** The order's sender and recipient as they are saved now (a rename is screened under the new name). */
async function orderParties(db: Db, order: OrderLike): Promise<ScreenCommand[]> {
  const parties: ScreenCommand[] = [];
  if (order.senderId !== null) {
    const [sender] = await db.select().from(senders).where(eq(senders.id, order.senderId));
    if (sender) {
      parties.push({
        kind: "sender",
        id: sender.id,
        name: personName(sender.firstName, sender.lastName),
        orderId: order.id,
      });
    }
  }
  if (order.recipientId !== null) {
    const [recipient] = await db.select().from(recipients).where(eq(recipients.id, order.recipientId));
    if (recipient) {
      const name =
        recipient.type === "business"
          ? personName(recipient.businessName)
          : personName(recipient.firstName, recipient.lastName);
      parties.push({ kind: "recipient", id: recipient.id, name, orderId: order.id });
    }
  }
  return parties.filter((party) => party.name !== "");
}

export type OrderLike = { id: number; senderId: number | null; recipientId: number | null };

/**
 * The paid gate (orders/jobs.ts `registerPaidGate`): screens a paid order's sender and recipient;
 * any open hit linked to the order holds it, with the customer's reason.
 */
export async function screenPaidOrder(db: Db, order: OrderLike): Promise<string | null> {
  for (const party of await orderParties(db, order)) await screenSubject(db, party);
  const open = await openHitsOfOrder(db, order.id);
  return open.length > 0 ? SANCTIONS_MESSAGES.orderHeld : null;
}

/**
 * What a held order waits for: any hit of it still open → a person decides ("wait"); any confirmed
 * → it is refunded; all cleared → it moves on to processing.
 */
export async function heldOrderOutcome(db: Db, orderId: number): Promise<"wait" | "release" | "refund"> {
  const hits = await hitsOfOrder(db, orderId);
  if (hits.some((hit) => hit.status === "open")) return "wait";
  if (hits.some((hit) => hit.status === "confirmed")) return "refund";
  return "release";
}

export type { ScreeningSubjectKind };
