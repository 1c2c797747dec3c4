import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { organizations } from "../db/schema/index";
import { scheduleDocumentDeletion } from "../providers/verification/document-store";
import type { ReviewEvent } from "../providers/verification/verification-provider";
import { blockMoneyMoving, setVerificationLevel, verificationStateOf } from "../verification/state";
import {
  businessRow,
  documentsOf,
  ownerByApplicant,
  ownerById,
  ownerHitStatuses,
  ownersOf,
  updateBusiness,
  updateOwner,
} from "./repository";

/** An owner's id at the verification provider (Sumsub's externalUserId): nothing personal. */
export const ownerExternalIdOf = (ownerId: number) => `owner-${ownerId}`;
export const ownerIdOf = (externalUserId: string): number | null => {
  const match = /^owner-(\d{1,10})$/.exec(externalUserId);
  return match ? Number(match[1]) : null;
};

export type BusinessEvaluation = Awaited<ReturnType<typeof evaluateBusiness>>;

/**
 * Where a business stands, and its level set to match, under its row lock. A confirmed sanctions hit
 * on an owner blocks its money-moving (`blockMoneyMoving`); otherwise, once it was submitted with
 * nothing missing, every owner approved (GREEN) and no hit on an owner still open, it gets the
 * identity-verified level, and its limits follow that level exactly as a person's do.
 */
export async function evaluateBusiness(tx: Db, userId: number) {
  const business = await businessRow(tx, userId, { lock: true });
  const [owners, documents] = await Promise.all([ownersOf(tx, userId), documentsOf(tx, userId)]);
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.userId, userId));
  const hits = await ownerHitStatuses(
    tx,
    owners.map((owner) => owner.id),
  );
  let state = await verificationStateOf(tx, userId);
  if (state.blockedAt === null && hits.includes("confirmed")) {
    await blockMoneyMoving(tx, userId, "kyb_sanctions_confirmed");
    state = await verificationStateOf(tx, userId);
  }
  const controlling = owners.filter((owner) => owner.isControlling).length;
  const everyoneGreen =
    owners.length > 0 &&
    owners.every((owner) => owner.reviewState === "completed" && owner.reviewAnswer === "GREEN");
  const ready =
    business.submittedAt !== null &&
    business.legalName !== null &&
    business.registrationNumber !== null &&
    controlling === 1 &&
    everyoneGreen &&
    !hits.includes("open");
  if (ready && state.blockedAt === null && state.level === "unverified") {
    await setVerificationLevel(tx, userId, "identity_verified");
    await updateBusiness(tx, userId, { verifiedAt: new Date() });
    state = await verificationStateOf(tx, userId);
  }
  return { business, owners, documents, state, registeredName: organization?.name ?? "" };
}

/**
 * A review of an owner's applicant, from the verification webhook (verification/foreign-applicants.ts;
 * the replay check ran before, in this transaction). An event older than the newest applied one
 * changes nothing. A RED FINAL, or any RED once the owner or the business was approved, blocks the
 * business at once; a GREEN may complete it.
 */
export async function applyOwnerReview(
  tx: Db,
  event: ReviewEvent,
  options: { retentionDays: number },
): Promise<"applied" | "stale" | null> {
  const ownerId = ownerIdOf(event.externalUserId);
  const found =
    (await ownerByApplicant(tx, event.applicantId)) ??
    (ownerId === null ? null : await ownerById(tx, ownerId));
  if (!found) return null;
  // The business's lock first, as every change to its owners takes it, then the owner's.
  await businessRow(tx, found.businessUserId, { lock: true });
  const owner = await ownerById(tx, found.id, { lock: true });
  if (!owner) return null;
  if (owner.lastEventAt && event.occurredAt.getTime() < owner.lastEventAt.getTime()) return "stale";
  const completed = event.reviewState === "completed";
  const business = await businessRow(tx, owner.businessUserId);
  const wasGreen = owner.reviewAnswer === "GREEN" || business.verifiedAt !== null;
  await updateOwner(tx, owner.id, {
    // The SDK may have made the applicant itself: reviews arrive for that one.
    providerApplicantId: event.applicantId,
    reviewState: event.reviewState,
    reviewAnswer: completed ? event.answer : null,
    rejectType: completed ? event.rejectType : null,
    userMessage: completed ? event.userMessage : null,
    staffMessage: completed ? event.staffMessage : null,
    lastEventAt: event.occurredAt,
  });
  if (!completed) return "applied";
  if (event.answer === "RED" && (wasGreen || event.rejectType === "FINAL")) {
    await blockMoneyMoving(tx, owner.businessUserId, "kyb_owner_rejected");
  }
  await scheduleDocumentDeletion(tx, event.applicantId, options.retentionDays);
  await evaluateBusiness(tx, owner.businessUserId);
  return "applied";
}
