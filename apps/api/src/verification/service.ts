import type { Language, Role } from "@vela/shared/api";
import type {
  AccessToken,
  VerificationFlow,
  VerificationLevel,
  VerificationStatus,
} from "@vela/shared/verification";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { countries, users, verificationWebhookEvents } from "../db/schema/index";
import {
  AppError,
  ConflictError,
  InvalidDataError,
  NotAllowedError,
  NotFoundError,
  TooManyRequestsError,
} from "../http/errors";
import { scheduleDocumentDeletion } from "../providers/verification/document-store";
import { bodyDigest } from "../providers/verification/sumsub-webhook";
import {
  externalUserIdOf,
  type ReviewEvent,
  userIdOf,
  type VerificationProvider,
  type WebhookHeaders,
} from "../providers/verification/verification-provider";
import { applyForeignApplicantEvent } from "./foreign-applicants";
import { VERIFICATION_MESSAGES as M } from "./messages-es";
import { questionnaireComplete } from "./questionnaire";
import { acceptedDocument } from "./reference";
import {
  type ApplicantRow,
  applicantByProviderId,
  applicantOf,
  applicantsOf,
  claimTokenIssue,
  recordWebhookEvent,
  saveApplicant,
  updateApplicant,
} from "./repository";
import {
  blockMoneyMoving,
  setVerificationLevel,
  unblockMoneyMoving,
  type VerificationState,
  verificationStateOf,
} from "./state";

/** Where the SDK sends the person when they are done: a fixed path of the SPA (no open redirect). */
export const SDK_RETURN_PATH = "/account/verification?returned=1";

export type VerificationDeps = {
  db: Db;
  provider: VerificationProvider;
  tokenTtlSeconds: number;
  tokensPerHour: number;
  retentionDays: number;
  publicAppUrl: string;
};

const LEVEL_OF_FLOW: Record<VerificationFlow, VerificationLevel> = {
  identity: "identity_verified",
  enhanced: "enhanced",
};
const LEVEL_RANK: Record<VerificationLevel, number> = { unverified: 0, identity_verified: 1, enhanced: 2 };

const blocked = (state: VerificationState) => state.blockedAt !== null;

/**
 * Whether the person may start (or resubmit) this flow now. The enhanced flow (proof of address or
 * source of funds) comes after the source-of-funds questionnaire, whose answers it is checked against.
 */
function mayStart(
  state: VerificationState,
  flow: VerificationFlow,
  applicant: ApplicantRow | null,
  questionnaireDone: boolean,
) {
  if (blocked(state)) return false;
  if (flow === "enhanced" && !questionnaireDone) return false;
  if (flow === "enhanced" && LEVEL_RANK[state.level] < 1) return false;
  if (LEVEL_RANK[state.level] >= LEVEL_RANK[LEVEL_OF_FLOW[flow]]) return false;
  if (!applicant) return true;
  if (applicant.reviewState === "init") return true;
  return applicant.reviewState === "completed" && applicant.rejectType === "RETRY";
}

/** The flow the person is in: the newest applicant's, or the next one their level leads to. */
const nextFlow = (state: VerificationState): VerificationFlow =>
  state.level === "unverified" ? "identity" : "enhanced";

function statusView(
  state: VerificationState,
  applicants: ApplicantRow[],
  questionnaireDone: boolean,
): VerificationStatus {
  const applicant = applicants[0] ?? null;
  // The flow the person would run next: the newest one unless it passed, then the next level's.
  const flow = applicant && applicant.reviewAnswer !== "GREEN" ? applicant.flow : nextFlow(state);
  const flowApplicant = applicants.find((row) => row.flow === flow) ?? null;
  return {
    level: state.level,
    flow: applicant?.flow ?? null,
    review_state: applicant?.reviewState ?? null,
    review_answer: applicant?.reviewAnswer ?? null,
    reject_type: applicant?.rejectType ?? null,
    message: applicant?.reviewAnswer === "RED" ? (applicant.userMessage ?? null) : null,
    can_start: mayStart(state, flow, flowApplicant, questionnaireDone),
    money_moving_blocked: blocked(state),
    applicant_id: applicant?.providerApplicantId ?? null,
    updated_at: (applicant?.lastEventAt ?? applicant?.updatedAt ?? null)?.toISOString() ?? null,
  };
}

export async function verificationStatus(deps: Pick<VerificationDeps, "db">, userId: number) {
  const [state, applicants, questionnaireDone] = await Promise.all([
    verificationStateOf(deps.db, userId),
    applicantsOf(deps.db, userId),
    questionnaireComplete(deps.db, userId),
  ]);
  return statusView(state, applicants, questionnaireDone);
}

/** The person's applicant for the flow, made at the provider on first use. */
async function ensureApplicant(deps: VerificationDeps, userId: number, flow: VerificationFlow) {
  const existing = await applicantOf(deps.db, userId, flow);
  if (existing) return existing;
  const { applicantId } = await deps.provider.createApplicant({
    externalUserId: externalUserIdOf(userId),
    flow,
  });
  return saveApplicant(deps.db, { userId, flow, providerApplicantId: applicantId });
}

/** Refuses a flow the person may not run now, saying why. */
async function assertMayStart(
  db: Db,
  userId: number,
  state: VerificationState,
  flow: VerificationFlow,
  applicant: ApplicantRow | null,
) {
  if (blocked(state)) throw new NotAllowedError(M.finalRejection);
  if (flow === "enhanced" && LEVEL_RANK[state.level] < 1) throw new ConflictError(M.identityFirst);
  if (flow === "enhanced" && !(await questionnaireComplete(db, userId)))
    throw new ConflictError(M.questionnaireFirst);
  if (LEVEL_RANK[state.level] >= LEVEL_RANK[LEVEL_OF_FLOW[flow]]) throw new ConflictError(M.alreadyVerified);
  if (applicant && (applicant.reviewState === "pending" || applicant.reviewState === "on_hold"))
    throw new ConflictError(M.underReview);
  if (applicant?.reviewState === "completed" && applicant.rejectType === "FINAL")
    throw new NotAllowedError(M.finalRejection);
}

/**
 * An SDK access token for the person's applicant (made if missing), at most `tokensPerHour` an
 * hour, with the hosted SDK's address for it.
 */
export async function issueAccessToken(
  deps: VerificationDeps,
  command: { userId: number; role: Role; flow: VerificationFlow; language: Language },
): Promise<AccessToken> {
  const { userId, flow } = command;
  // A business is verified as a company with its owners (kyb/), never as one person.
  if (command.role === "business") throw new NotAllowedError(M.businessUsesKyb);
  const state = await verificationStateOf(deps.db, userId);
  await assertMayStart(deps.db, userId, state, flow, await applicantOf(deps.db, userId, flow));
  if (!(await claimTokenIssue(deps.db, userId, deps.tokensPerHour)))
    throw new TooManyRequestsError(M.tooManyTokens, 3600);
  const applicant = await ensureApplicant(deps, userId, flow);
  const externalUserId = externalUserIdOf(userId);
  const { token, expiresAt } = await deps.provider.accessToken({
    externalUserId,
    flow,
    ttlSeconds: deps.tokenTtlSeconds,
  });
  const sdkUrl = await deps.provider.sdkUrl({
    token,
    externalUserId,
    flow,
    ttlSeconds: deps.tokenTtlSeconds,
    language: command.language,
    returnUrl: `${deps.publicAppUrl}${SDK_RETURN_PATH}`,
  });
  // The reviewer's message comes in the SDK's language; a resubmission after a RETRY is a new attempt.
  const resubmit = applicant.reviewState === "completed" && applicant.rejectType === "RETRY";
  await updateApplicant(deps.db, applicant.id, {
    userMessageLanguage: command.language,
    ...(resubmit ? { reviewState: "init" } : {}),
  });
  return {
    token,
    expires_at: expiresAt.toISOString(),
    flow,
    applicant_id: applicant.providerApplicantId,
    sdk_url: sdkUrl,
  };
}

/**
 * Confirms the applicant the SDK reported: only one of the caller's own (ours, or the provider's
 * with the caller's external id). Anyone else's answers exactly like an unknown id.
 */
export async function setApplicantId(
  deps: VerificationDeps,
  command: { userId: number; applicantId: string },
): Promise<VerificationStatus> {
  const { userId, applicantId } = command;
  const ours = await applicantByProviderId(deps.db, applicantId);
  if (ours) {
    if (ours.userId !== userId) throw new NotFoundError(M.unknownApplicant);
    return verificationStatus(deps, userId);
  }
  const theirs = await deps.provider.applicant(applicantId);
  if (!theirs || userIdOf(theirs.externalUserId) !== userId || !theirs.flow)
    throw new NotFoundError(M.unknownApplicant);
  const existing = await applicantOf(deps.db, userId, theirs.flow);
  if (existing) {
    // The SDK made another applicant for the flow: it is the one reviews will arrive for.
    await updateApplicant(deps.db, existing.id, { providerApplicantId: applicantId });
  } else {
    await saveApplicant(deps.db, { userId, flow: theirs.flow, providerApplicantId: applicantId });
  }
  return verificationStatus(deps, userId);
}

/** `POST /user_identity_verifications`: the country and document chosen; creates or resumes the identity applicant. */
export async function startVerification(
  deps: VerificationDeps,
  command: { userId: number; role: Role; countryId: number; documentId: number },
): Promise<VerificationStatus> {
  const { userId } = command;
  if (command.role === "business") throw new NotAllowedError(M.businessUsesKyb);
  const [country] = await deps.db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, command.countryId));
  if (!country) throw new InvalidDataError({ country_id: [M.unknownCountry] });
  const state = await verificationStateOf(deps.db, userId);
  const flow = nextFlow(state);
  // A document the country accepts, proving what the flow checks: identity, then address or funds.
  const document = await acceptedDocument(deps.db, command.countryId, command.documentId);
  const fits = document && (flow === "identity") === (document.purpose === "identity");
  if (!fits) throw new InvalidDataError({ document_id: [M.documentNotAccepted] });
  await assertMayStart(deps.db, userId, state, flow, await applicantOf(deps.db, userId, flow));
  const applicant = await ensureApplicant(deps, userId, flow);
  await updateApplicant(deps.db, applicant.id, {
    countryId: command.countryId,
    documentId: command.documentId,
  });
  return verificationStatus(deps, userId);
}

/** `verify/user-status`: one's own address answers one's status; any other answers as unverified. */
export async function userStatus(
  deps: Pick<VerificationDeps, "db">,
  command: { userId: number; ownEmail: string; email: string },
) {
  const own = command.email.trim().toLowerCase() === command.ownEmail.trim().toLowerCase();
  const unverified: VerificationLevel = "unverified";
  if (!own) return { email: command.email, validated: false, level: unverified };
  const state = await verificationStateOf(deps.db, command.userId);
  return {
    email: command.email,
    validated: validated(state),
    level: blocked(state) ? unverified : state.level,
  };
}

const validated = (state: VerificationState) => !blocked(state) && state.level !== "unverified";

export async function userValidated(deps: Pick<VerificationDeps, "db">, userId: number) {
  const state = await verificationStateOf(deps.db, userId);
  return { validated: validated(state), level: state.level };
}

/** The last completed review: its answer and the message the person may read. */
export async function userResponseValidated(deps: Pick<VerificationDeps, "db">, userId: number) {
  const reviewed = (await applicantsOf(deps.db, userId)).find((row) => row.reviewState === "completed");
  return {
    review_answer: reviewed?.reviewAnswer ?? null,
    reject_type: reviewed?.rejectType ?? null,
    message: reviewed?.reviewAnswer === "RED" ? (reviewed.userMessage ?? null) : null,
    reviewed_at: reviewed?.reviewedAt?.toISOString() ?? null,
  };
}

export type WebhookOutcome = "applied" | "replayed" | "stale" | "unknown_applicant" | "ignored";

/**
 * A provider's webhook: refused (401) unless signed; a replay (same body) changes nothing; an
 * event older than the newest applied one changes nothing (out of order); otherwise the applicant
 * takes the review and the account its effect: GREEN raises the level, RED FINAL or any RED after
 * a GREEN (fraud found) stops money-moving at once, RED RETRY leaves the level and allows a resubmit.
 */
export async function handleVerificationWebhook(
  deps: Pick<VerificationDeps, "db" | "provider" | "retentionDays">,
  rawBody: string,
  headers: WebhookHeaders,
): Promise<WebhookOutcome> {
  const { signed, event } = deps.provider.verifyWebhook(rawBody, headers);
  if (!signed) throw new AppError(401, M.badSignature);
  // A signed body that is no applicant event (another webhook kind): taken, so it is not resent.
  if (!event) return "ignored";
  return deps.db.transaction(async (tx) => {
    const fresh = await recordWebhookEvent(tx, {
      bodyDigest: bodyDigest(rawBody),
      type: event.type,
      providerApplicantId: event.applicantId,
      occurredAt: event.occurredAt,
      outcome: "received",
    });
    if (!fresh) return "replayed";
    const outcome = await applyEvent(tx, deps.retentionDays, event);
    await tx
      .update(verificationWebhookEvents)
      .set({ outcome })
      .where(eq(verificationWebhookEvents.bodyDigest, bodyDigest(rawBody)));
    return outcome;
  });
}

const REVIEW_EVENTS = new Set([
  "applicantPending",
  "applicantOnHold",
  "applicantReviewed",
  "applicantCreated",
  "applicantReset",
]);

async function applyEvent(tx: Db, retentionDays: number, event: ReviewEvent): Promise<WebhookOutcome> {
  if (!REVIEW_EVENTS.has(event.type)) return "ignored";
  let applicant = await applicantByProviderId(tx, event.applicantId, { lock: true });
  if (!applicant) {
    // Not a user's: perhaps a business owner's (kyb/), handled by whoever registered it.
    const foreign = await applyForeignApplicantEvent(tx, event, { retentionDays });
    if (foreign) return foreign;
    // An applicant the SDK made on its own: ours when its external id names one of our people.
    const userId = userIdOf(event.externalUserId);
    if (userId === null || !event.flow) return "unknown_applicant";
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) return "unknown_applicant";
    await saveApplicant(tx, { userId, flow: event.flow, providerApplicantId: event.applicantId });
    applicant = await applicantByProviderId(tx, event.applicantId, { lock: true });
    if (!applicant) return "unknown_applicant";
  }
  if (applicant.lastEventAt && event.occurredAt.getTime() < applicant.lastEventAt.getTime()) return "stale";

  const completed = event.reviewState === "completed";
  await updateApplicant(tx, applicant.id, {
    reviewState: event.reviewState,
    reviewAnswer: completed ? event.answer : null,
    rejectType: completed ? event.rejectType : null,
    userMessage: completed ? event.userMessage : null,
    staffMessage: completed ? event.staffMessage : null,
    lastEventAt: event.occurredAt,
    ...(completed ? { reviewedAt: event.occurredAt } : {}),
  });
  if (!completed) return "applied";

  const { userId } = applicant;
  const state = await verificationStateOf(tx, userId);
  if (event.answer === "GREEN") {
    const level = LEVEL_OF_FLOW[applicant.flow];
    // GREEN on identity never lowers an enhanced account.
    if (LEVEL_RANK[level] >= LEVEL_RANK[state.level] || blocked(state))
      await setVerificationLevel(tx, userId, level);
    if (blocked(state)) await unblockMoneyMoving(tx, userId);
  } else if (event.answer === "RED") {
    // Approved before (this answer, or the level it gave, even with a re-check in between): revoked.
    const wasGreen =
      applicant.reviewAnswer === "GREEN" ||
      LEVEL_RANK[state.level] >= LEVEL_RANK[LEVEL_OF_FLOW[applicant.flow]];
    if (wasGreen) await blockMoneyMoving(tx, userId, "review_revoked");
    else if (event.rejectType === "FINAL") await blockMoneyMoving(tx, userId, "review_final");
  }
  await scheduleDocumentDeletion(tx, applicant.providerApplicantId, retentionDays);
  return "applied";
}
