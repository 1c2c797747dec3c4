import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import {
  REJECT_TYPES,
  REVIEW_ANSWERS,
  type ReviewState,
  VERIFICATION_FLOWS,
  type VerificationFlow,
} from "@vela/shared/verification";
import { z } from "zod";
import type { ApplicantReview, ReviewEvent, WebhookHeaders } from "./verification-provider";

/**
 * Sumsub's webhooks as both the sandbox and the real adapter speak them: `X-Payload-Digest` is the
 * hex HMAC of the raw body with the webhook's secret key, by the algorithm `X-Payload-Digest-Alg`
 * names (HMAC_SHA1_HEX, HMAC_SHA256_HEX, HMAC_SHA512_HEX); the body is the applicant's event.
 */
export const DIGEST_HEADER = "x-payload-digest";
export const DIGEST_ALGORITHM_HEADER = "x-payload-digest-alg";
export const DEFAULT_DIGEST_ALGORITHM = "HMAC_SHA256_HEX";

const ALGORITHMS: Record<string, string> = {
  HMAC_SHA1_HEX: "sha1",
  HMAC_SHA256_HEX: "sha256",
  HMAC_SHA512_HEX: "sha512",
};

export function payloadDigest(secret: string, rawBody: string, algorithm = DEFAULT_DIGEST_ALGORITHM): string {
  const hash = ALGORITHMS[algorithm];
  if (!hash) throw new Error(`unknown digest algorithm ${algorithm}`);
  return createHmac(hash, secret).update(rawBody, "utf8").digest("hex");
}

/** Whether the digest header is the body's HMAC (constant time); an unknown algorithm is refused. */
export function digestMatches(secret: string, rawBody: string, headers: WebhookHeaders): boolean {
  const algorithm = headers.algorithm ?? DEFAULT_DIGEST_ALGORITHM;
  if (!ALGORITHMS[algorithm] || typeof headers.digest !== "string") return false;
  const expected = Buffer.from(payloadDigest(secret, rawBody, algorithm));
  const given = Buffer.from(headers.digest.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The SHA-256 of a raw body: what makes a webhook's replay recognisable. */
export const bodyDigest = (rawBody: string) => createHash("sha256").update(rawBody, "utf8").digest("hex");

/** Sumsub's reviewStatus as our review state (awaiting* and onHold wait for someone; queued is pending). */
export function reviewStateOf(status: string): ReviewState {
  switch (status) {
    case "completed":
      return "completed";
    case "onHold":
    case "awaitingService":
    case "awaitingUser":
      return "on_hold";
    case "init":
      return "init";
    default:
      return "pending";
  }
}

export const flowOf = (levelName: string | undefined): VerificationFlow | null =>
  VERIFICATION_FLOWS.find((flow) => flow === levelName) ?? null;

const reviewResult = z
  .object({
    reviewAnswer: z.enum(REVIEW_ANSWERS).optional(),
    reviewRejectType: z.enum(REJECT_TYPES).optional(),
    moderationComment: z.string().optional(),
    clientComment: z.string().optional(),
  })
  .partial();

/** "2020-02-21 13:23:19.321" (UTC) as Sumsub writes createdAtMs, or an ISO time. */
export const createdAtMs = z.string().transform((value, context) => {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value)
    ? `${value.replace(" ", "T")}Z`
    : value;
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) {
    context.addIssue({ code: "custom", message: "not a time" });
    return z.NEVER;
  }
  return time;
});

/** Writes a time as Sumsub's createdAtMs. */
export const formatCreatedAtMs = (time: Date) => time.toISOString().replace("T", " ").replace("Z", "");

const webhookBody = z.object({
  type: z.string().min(1),
  applicantId: z.string().min(1),
  externalUserId: z.string().min(1),
  levelName: z.string().optional(),
  reviewStatus: z.string().min(1),
  createdAtMs,
  reviewResult: reviewResult.optional(),
});

function reviewOf(status: string, result: z.infer<typeof reviewResult> | undefined) {
  const reviewState = reviewStateOf(status);
  const answer = reviewState === "completed" ? (result?.reviewAnswer ?? null) : null;
  return {
    reviewState,
    answer,
    rejectType: answer === "RED" ? (result?.reviewRejectType ?? "FINAL") : null,
  };
}

/** The event in a webhook's body, or null when the body is not an applicant's event. */
export function parseWebhookBody(rawBody: string): ReviewEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = webhookBody.safeParse(json);
  if (!parsed.success) return null;
  const body = parsed.data;
  const review = reviewOf(body.reviewStatus, body.reviewResult);
  return {
    type: body.type,
    applicantId: body.applicantId,
    externalUserId: body.externalUserId,
    flow: flowOf(body.levelName),
    ...review,
    // Only a rejection carries comments worth keeping.
    userMessage: review.answer === "RED" ? (body.reviewResult?.moderationComment ?? null) : null,
    staffMessage: review.answer === "RED" ? (body.reviewResult?.clientComment ?? null) : null,
    occurredAt: body.createdAtMs,
  };
}

const applicantBody = z.object({
  id: z.string().min(1),
  externalUserId: z.string().min(1),
  levelName: z.string().optional(),
  review: z
    .object({
      levelName: z.string().optional(),
      reviewStatus: z.string().default("init"),
      reviewResult: reviewResult.optional(),
    })
    .optional(),
});

/** An applicant as Sumsub's GET /resources/applicants/{id}/one answers it. */
export function parseApplicant(json: unknown): ApplicantReview | null {
  const parsed = applicantBody.safeParse(json);
  if (!parsed.success) return null;
  const { id, externalUserId, levelName, review } = parsed.data;
  return {
    applicantId: id,
    externalUserId,
    flow: flowOf(review?.levelName ?? levelName),
    ...reviewOf(review?.reviewStatus ?? "init", review?.reviewResult),
  };
}
