import type { RejectType, ReviewAnswer, VerificationFlow } from "@vela/shared/verification";
import { and, eq, gt, sql } from "drizzle-orm";
import { hashToken, randomToken, type Secrets } from "../../auth/secrets";
import { type Db, queryRows } from "../../db/client";
import {
  sandboxVerificationApplicants,
  sandboxVerificationTokens,
  sandboxVerificationWebhooks,
} from "../../db/schema/index";
import type { JobQueue } from "../../jobs/queue";
import { sandboxId } from "../sandbox-webhooks";
import type { CleanDocument } from "./document-images";
import { type DocumentSide, storeDocument } from "./document-store";
import {
  DEFAULT_DIGEST_ALGORITHM,
  digestMatches,
  formatCreatedAtMs,
  parseApplicant,
  parseWebhookBody,
  payloadDigest,
} from "./sumsub-webhook";
import type { VerificationProvider } from "./verification-provider";

/**
 * The sandbox verification provider (VERIFICATION_PROVIDER=sandbox): Sumsub's flow on our own
 * server. Its SDK page (routes/sandbox/verification.ts) takes a document type, the document's sides
 * and a selfie (checked, stripped, sealed) and the personal data; the document number decides the
 * review (SANDBOX_TEST_VALUES). Its webhooks are signed and shaped as Sumsub's and retried on
 * Sumsub's schedule (+5 min, +1 h, +5 h, +18 h) times VERIFICATION_WEBHOOK_RETRY_SCALE.
 */
/** The documents each flow asks for: who the person is, then where they live or where money comes from. */
export const SANDBOX_DOCUMENT_TYPES = [
  { id: 1, slug: "passport", twoSided: false, flow: "identity" },
  { id: 2, slug: "id_card", twoSided: true, flow: "identity" },
  { id: 3, slug: "driving_licence", twoSided: true, flow: "identity" },
  { id: 4, slug: "utility_bill", twoSided: false, flow: "enhanced" },
  { id: 5, slug: "bank_statement", twoSided: false, flow: "enhanced" },
  { id: 6, slug: "payslip", twoSided: false, flow: "enhanced" },
] as const;

/** The document types a flow's SDK page offers (the identity flow's when the flow is unknown). */
export const documentTypesOf = (flow: VerificationFlow | null) =>
  SANDBOX_DOCUMENT_TYPES.filter((type) => type.flow === (flow ?? "identity"));
export type SandboxDocumentType = (typeof SANDBOX_DOCUMENT_TYPES)[number]["slug"];

/** The document numbers' prefixes that decide the review; any other number is approved. */
export const SANDBOX_TEST_VALUES = {
  RETRY: "rejected, may resubmit (RED RETRY) with a message to the person",
  FINAL: "rejected for good (RED FINAL): money-moving stops",
  REVIEW: "on hold for a manual review, approved (GREEN) after VERIFICATION_SANDBOX_REVIEW_SECONDS",
  FRAUD: "approved (GREEN), then revoked (RED FINAL) after VERIFICATION_SANDBOX_REVIEW_SECONDS",
} as const;
type Scenario = keyof typeof SANDBOX_TEST_VALUES | "GREEN";

/** Sumsub's resend delays after the 1st, 2nd, 3rd and 4th failure, in seconds. */
export const SUMSUB_RETRY_SECONDS = [300, 3600, 18_000, 64_800] as const;

const MESSAGES = {
  retry: {
    en: "The photo of your document is blurry or cut off. Please take it again in good light, with all four corners visible.",
    es: "La foto de tu documento está borrosa o cortada. Tómala de nuevo con buena luz y con las cuatro esquinas visibles.",
  },
  final: {
    en: "We could not verify your identity with the documents you provided.",
    es: "No pudimos verificar tu identidad con los documentos que presentaste.",
  },
} as const;
const STAFF_MESSAGES = {
  RETRY: "Sandbox test value RETRY: the document image is unreadable.",
  FINAL: "Sandbox test value FINAL: the document appears to be forged.",
  FRAUD: "Sandbox test value FRAUD: a duplicate identity was found after approval.",
} as const;

export type SdkStep = "document" | "images" | "selfie" | "personal" | "submitted";
export type SdkSession = {
  applicantId: string;
  flow: VerificationFlow | null;
  step: SdkStep;
  documentType: SandboxDocumentType | null;
  /** The sides the chosen document still needs. */
  missingSides: DocumentSide[];
};

export type PersonalDataForm = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  documentNumber: string;
};

/** Posts one webhook body with its digest headers to our API; answers the HTTP status. */
export type VerificationWebhookPoster = (
  body: string,
  headers: { digest: string; algorithm: string },
) => Promise<number>;

export type SandboxVerification = VerificationProvider & {
  session(token: string): Promise<SdkSession | null>;
  chooseDocument(token: string, type: SandboxDocumentType): Promise<SdkSession | null>;
  upload(token: string, side: DocumentSide, document: CleanDocument): Promise<SdkSession | null>;
  submit(token: string, form: PersonalDataForm, language: "en" | "es"): Promise<SdkSession | null>;
  /** Tries one webhook now; answers the seconds until its next try, or null (delivered, or given up). */
  attemptDelivery(id: bigint): Promise<number | null>;
  /** The seconds between tries after each failure (Sumsub's schedule, scaled). */
  retryDelays: readonly number[];
  /** What posts a webhook (app.inject into our API); tests may replace it. */
  poster: VerificationWebhookPoster;
  /** Runs the delayed reviews and the webhook retries as jobs. */
  registerJobs(jobs: JobQueue): Promise<void>;
};

export const SANDBOX_WEBHOOK_JOB = "verification.sandbox.webhook";
export const SANDBOX_REVIEW_JOB = "verification.sandbox.review";

type Options = {
  db: Db;
  jobs: JobQueue;
  secrets: Pick<Secrets, "encrypt">;
  webhookSecret: string;
  publicUrl: string;
  retryScale: number;
  reviewSeconds: number;
  post: VerificationWebhookPoster;
  log: { warn(object: unknown, message: string): void };
};

type ApplicantRow = typeof sandboxVerificationApplicants.$inferSelect;

const scenarioOf = (documentNumber: string): Scenario => {
  const upper = documentNumber.trim().toUpperCase();
  for (const value of ["RETRY", "FINAL", "REVIEW", "FRAUD"] as const)
    if (upper.startsWith(value)) return value;
  return "GREEN";
};

const sidesOf = (type: SandboxDocumentType | null): DocumentSide[] => {
  const found = SANDBOX_DOCUMENT_TYPES.find((candidate) => candidate.slug === type);
  return found?.twoSided ? ["front", "back"] : ["front"];
};

function sessionOf(row: ApplicantRow): SdkSession {
  const flow = row.levelName === "identity" || row.levelName === "enhanced" ? row.levelName : null;
  const documentType = (SANDBOX_DOCUMENT_TYPES.find((type) => type.slug === row.documentType)?.slug ??
    null) satisfies SandboxDocumentType | null;
  const missingSides = sidesOf(documentType).filter((side) => !row.uploaded.includes(side));
  let step: SdkStep = "personal";
  // A RETRY sets the applicant back to init for a new attempt: the page starts again.
  if (row.reviewStatus !== "init") step = "submitted";
  else if (!documentType) step = "document";
  else if (missingSides.length > 0) step = "images";
  // A selfie proves the person holds the identity document; a proof of address needs none.
  else if (flow !== "enhanced" && !row.uploaded.includes("selfie")) step = "selfie";
  return {
    applicantId: row.id,
    flow,
    step,
    documentType,
    missingSides,
  };
}

export function createSandboxVerification(options: Options): SandboxVerification {
  const { db, jobs, log } = options;
  const retryDelays = SUMSUB_RETRY_SECONDS.map((seconds) => seconds * options.retryScale);

  const applicantByToken = async (token: string) => {
    const [row] = await db
      .select({ applicant: sandboxVerificationApplicants })
      .from(sandboxVerificationTokens)
      .innerJoin(
        sandboxVerificationApplicants,
        eq(sandboxVerificationApplicants.id, sandboxVerificationTokens.applicantId),
      )
      .where(
        and(
          eq(sandboxVerificationTokens.tokenHash, hashToken(token)),
          gt(sandboxVerificationTokens.expiresAt, sql`now()`),
        ),
      );
    return row?.applicant ?? null;
  };

  const ensureApplicant = async (externalUserId: string, levelName: VerificationFlow) => {
    await db
      .insert(sandboxVerificationApplicants)
      .values({ id: sandboxId("sbxapp"), externalUserId, levelName })
      .onConflictDoNothing();
    const [row] = await db
      .select()
      .from(sandboxVerificationApplicants)
      .where(
        and(
          eq(sandboxVerificationApplicants.externalUserId, externalUserId),
          eq(sandboxVerificationApplicants.levelName, levelName),
        ),
      );
    if (!row) throw new Error("sandbox applicant not created");
    return row;
  };

  /** Writes the applicant's event as Sumsub would send it, then tries to deliver it at once. */
  const notify = async (row: ApplicantRow, type: string, at: Date) => {
    const body = JSON.stringify({
      applicantId: row.id,
      inspectionId: row.id.replace("sbxapp", "sbxinsp"),
      correlationId: sandboxId("req", 8),
      externalUserId: row.externalUserId,
      levelName: row.levelName,
      type,
      sandboxMode: true,
      reviewStatus: row.reviewStatus,
      createdAtMs: formatCreatedAtMs(at),
      ...(row.reviewStatus === "completed"
        ? {
            reviewResult: {
              reviewAnswer: row.reviewAnswer,
              ...(row.reviewAnswer === "RED"
                ? {
                    reviewRejectType: row.reviewRejectType,
                    moderationComment: row.moderationComment,
                    clientComment: row.clientComment,
                    rejectLabels: [row.reviewRejectType === "RETRY" ? "BAD_QUALITY" : "FORGERY"],
                  }
                : {}),
            },
          }
        : {}),
    });
    const [webhook] = await db
      .insert(sandboxVerificationWebhooks)
      .values({ body })
      .returning({ id: sandboxVerificationWebhooks.id });
    if (webhook) await sandbox.attemptDelivery(webhook.id);
  };

  const review = async (
    applicantId: string,
    change: {
      status: "pending" | "onHold" | "completed";
      answer?: ReviewAnswer;
      rejectType?: RejectType;
      userMessage?: string;
      staffMessage?: string;
    },
  ) => {
    const [row] = await db
      .update(sandboxVerificationApplicants)
      .set({
        reviewStatus: change.status,
        reviewAnswer: change.answer ?? null,
        reviewRejectType: change.rejectType ?? null,
        moderationComment: change.userMessage ?? null,
        clientComment: change.staffMessage ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(sandboxVerificationApplicants.id, applicantId))
      .returning();
    return row ?? null;
  };

  const eventType = (status: string) =>
    status === "pending" ? "applicantPending" : status === "onHold" ? "applicantOnHold" : "applicantReviewed";

  const sandbox: SandboxVerification = {
    name: "sandbox-verification",
    retryDelays,
    poster: options.post,

    async createApplicant({ externalUserId, flow }) {
      const row = await ensureApplicant(externalUserId, flow);
      return { applicantId: row.id };
    },

    async accessToken({ externalUserId, flow, ttlSeconds }) {
      // Like Sumsub's accessTokens/sdk: the applicant of that user and level is made if missing.
      const row = await ensureApplicant(externalUserId, flow);
      // A RETRY rejection opens a new attempt: the page asks for everything again.
      if (row.reviewStatus === "completed" && row.reviewRejectType === "RETRY") {
        await db
          .update(sandboxVerificationApplicants)
          .set({ reviewStatus: "init", documentType: null, uploaded: [], updatedAt: sql`now()` })
          .where(eq(sandboxVerificationApplicants.id, row.id));
      }
      const token = randomToken("sbx_act_");
      const [issued] = await db
        .insert(sandboxVerificationTokens)
        .values({
          tokenHash: hashToken(token),
          applicantId: row.id,
          expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
        })
        .returning({ expiresAt: sandboxVerificationTokens.expiresAt });
      if (!issued) throw new Error("sandbox token not issued");
      return { token, expiresAt: issued.expiresAt };
    },

    async sdkUrl({ token, language }) {
      return `${options.publicUrl}/api/sandbox/verification/sdk/${encodeURIComponent(token)}?language=${language}`;
    },

    async applicant(applicantId) {
      const [row] = await db
        .select()
        .from(sandboxVerificationApplicants)
        .where(eq(sandboxVerificationApplicants.id, applicantId));
      if (!row) return null;
      return parseApplicant({
        id: row.id,
        externalUserId: row.externalUserId,
        levelName: row.levelName,
        review: {
          reviewStatus: row.reviewStatus,
          reviewResult: row.reviewAnswer
            ? { reviewAnswer: row.reviewAnswer, reviewRejectType: row.reviewRejectType ?? undefined }
            : undefined,
        },
      });
    },

    verifyWebhook(rawBody, headers) {
      if (!digestMatches(options.webhookSecret, rawBody, headers)) return { signed: false, event: null };
      return { signed: true, event: parseWebhookBody(rawBody) };
    },

    async session(token) {
      const row = await applicantByToken(token);
      return row ? sessionOf(row) : null;
    },

    async chooseDocument(token, type) {
      const row = await applicantByToken(token);
      if (!row || sessionOf(row).step === "submitted") return row ? sessionOf(row) : null;
      const [updated] = await db
        .update(sandboxVerificationApplicants)
        .set({ documentType: type, uploaded: [], updatedAt: sql`now()` })
        .where(eq(sandboxVerificationApplicants.id, row.id))
        .returning();
      return updated ? sessionOf(updated) : null;
    },

    async upload(token, side, document) {
      const row = await applicantByToken(token);
      if (!row) return null;
      if (sessionOf(row).step === "submitted") return sessionOf(row);
      await storeDocument(db, options.secrets, { applicantId: row.id, side, document });
      const [updated] = await db
        .update(sandboxVerificationApplicants)
        .set({
          uploaded: sql`array(select distinct unnest(${sandboxVerificationApplicants.uploaded} || array[${side}]::text[]))`,
          updatedAt: sql`now()`,
        })
        .where(eq(sandboxVerificationApplicants.id, row.id))
        .returning();
      return updated ? sessionOf(updated) : null;
    },

    async submit(token, form, language) {
      const row = await applicantByToken(token);
      if (!row) return null;
      if (sessionOf(row).step !== "personal") return sessionOf(row);
      // Claims the submission (init → pending) so a double submit sends one review.
      const [pending] = await db
        .update(sandboxVerificationApplicants)
        .set({ reviewStatus: "pending", reviewAnswer: null, reviewRejectType: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(sandboxVerificationApplicants.id, row.id),
            eq(sandboxVerificationApplicants.reviewStatus, "init"),
          ),
        )
        .returning();
      if (!pending) return sessionOf(row);
      const submittedAt = Date.now();
      await notify(pending, "applicantPending", new Date(submittedAt));
      const scenario = scenarioOf(form.documentNumber);
      const later = new Date(submittedAt + 1);
      let reviewed: ApplicantRow | null = null;
      if (scenario === "RETRY" || scenario === "FINAL") {
        reviewed = await review(row.id, {
          status: "completed",
          answer: "RED",
          rejectType: scenario,
          userMessage: MESSAGES[scenario === "RETRY" ? "retry" : "final"][language],
          staffMessage: STAFF_MESSAGES[scenario],
        });
      } else if (scenario === "REVIEW") {
        reviewed = await review(row.id, { status: "onHold" });
      } else {
        reviewed = await review(row.id, { status: "completed", answer: "GREEN" });
      }
      if (reviewed) await notify(reviewed, eventType(reviewed.reviewStatus), later);
      if (scenario === "REVIEW" || scenario === "FRAUD") {
        await jobs.send(
          SANDBOX_REVIEW_JOB,
          { applicantId: row.id, scenario, language },
          { startAfterSeconds: options.reviewSeconds, singletonKey: `sandbox-review:${row.id}` },
        );
      }
      return reviewed ? sessionOf(reviewed) : null;
    },

    async attemptDelivery(id) {
      const [claimed] = await queryRows<{ body: string; attempts: number }>(
        db,
        sql`update sandbox_verification_webhooks set attempts = attempts + 1, next_attempt_at = null
            where id = ${id} and delivered_at is null returning body, attempts`,
      );
      if (!claimed) return null;
      const digest = payloadDigest(options.webhookSecret, claimed.body, DEFAULT_DIGEST_ALGORITHM);
      let status = 0;
      try {
        status = await sandbox.poster(claimed.body, { digest, algorithm: DEFAULT_DIGEST_ALGORITHM });
      } catch (error) {
        log.warn({ err: error, webhook: String(id) }, "sandbox verification webhook delivery failed");
      }
      const delivered = status >= 200 && status < 300;
      const delay = delivered ? undefined : retryDelays[claimed.attempts - 1];
      await db.execute(
        sql`update sandbox_verification_webhooks set last_status = ${status},
            delivered_at = ${delivered ? sql`now()` : sql`null`},
            next_attempt_at = ${delay === undefined ? sql`null` : sql`now() + make_interval(secs => ${delay})`}
            where id = ${id}`,
      );
      if (delivered) return null;
      if (delay === undefined) {
        log.warn(
          { webhook: String(id), status },
          "sandbox verification webhook given up after Sumsub's retries",
        );
        return null;
      }
      await jobs.send(SANDBOX_WEBHOOK_JOB, { id: String(id) }, { startAfterSeconds: delay, retryLimit: 0 });
      return delay;
    },

    async registerJobs(queue) {
      await queue.work<{ id: string }>(SANDBOX_WEBHOOK_JOB, async (data) => {
        await sandbox.attemptDelivery(BigInt(data.id));
      });
      await queue.work<{ applicantId: string; scenario: Scenario; language: "en" | "es" }>(
        SANDBOX_REVIEW_JOB,
        async (data) => {
          const language = data.language === "es" ? "es" : "en";
          const reviewed =
            data.scenario === "FRAUD"
              ? await review(data.applicantId, {
                  status: "completed",
                  answer: "RED",
                  rejectType: "FINAL",
                  userMessage: MESSAGES.final[language],
                  staffMessage: STAFF_MESSAGES.FRAUD,
                })
              : await review(data.applicantId, { status: "completed", answer: "GREEN" });
          if (reviewed) await notify(reviewed, "applicantReviewed", new Date());
        },
      );
    },
  };
  return sandbox;
}
