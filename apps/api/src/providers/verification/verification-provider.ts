import type { RejectType, ReviewAnswer, ReviewState, VerificationFlow } from "@vela/shared/verification";

/**
 * Identity verification behind one interface, modelled on Sumsub's: an applicant per person and
 * flow (Sumsub's levelName), a short-lived SDK access token for it, the hosted SDK page where the
 * person shows their document, and the applicant's review. Results arrive only by the provider's
 * signed webhooks (`verifyWebhook`); reading a review is for an applicant id the SPA hands us.
 */
export type ApplicantReview = {
  applicantId: string;
  /** Our id of the person (Sumsub's externalUserId): "user-<id>". */
  externalUserId: string;
  flow: VerificationFlow | null;
  reviewState: ReviewState;
  answer: ReviewAnswer | null;
  rejectType: RejectType | null;
};

/** One webhook as we act on it. */
export type ReviewEvent = ApplicantReview & {
  /** applicantPending, applicantOnHold, applicantReviewed, … */
  type: string;
  /** What the person may read (Sumsub's moderationComment). */
  userMessage: string | null;
  /** What only staff may read (Sumsub's clientComment; may hold private findings on a FINAL). */
  staffMessage: string | null;
  /** When the provider made the event (createdAtMs): orders events that arrive out of order. */
  occurredAt: Date;
};

export type VerificationProvider = {
  readonly name: "sandbox-verification" | "sumsub";
  /** Creates the person's applicant for a flow, or answers the one they already have. */
  createApplicant(input: {
    externalUserId: string;
    flow: VerificationFlow;
  }): Promise<{ applicantId: string }>;
  /** An SDK access token for the person's applicant, valid `ttlSeconds`. */
  accessToken(input: {
    externalUserId: string;
    flow: VerificationFlow;
    ttlSeconds: number;
  }): Promise<{ token: string; expiresAt: Date }>;
  /** Where the person runs the hosted SDK for that token; it sends them back to `returnUrl`. */
  sdkUrl(input: {
    token: string;
    externalUserId: string;
    flow: VerificationFlow;
    ttlSeconds: number;
    language: "en" | "es";
    returnUrl: string;
  }): Promise<string>;
  /** The applicant and its review as the provider has them, or null when it does not exist. */
  applicant(applicantId: string): Promise<ApplicantReview | null>;
  /** Whether a webhook is signed with our secret, and its applicant event (null: another kind). */
  verifyWebhook(rawBody: string, headers: WebhookHeaders): { signed: boolean; event: ReviewEvent | null };
};

export type WebhookHeaders = { digest: string | undefined; algorithm: string | undefined };

/** The applicant's id of the person on the provider's side (no e-mail, nothing personal). */
export const externalUserIdOf = (userId: number) => `user-${userId}`;
export const userIdOf = (externalUserId: string): number | null => {
  const match = /^user-(\d{1,10})$/.exec(externalUserId);
  return match ? Number(match[1]) : null;
};
