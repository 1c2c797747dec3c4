import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verificationUploads, verificationWebhookEvents } from "../src/db/schema/index";
import { deleteExpiredDocuments } from "../src/providers/verification/document-store";
import { SUMSUB_RETRY_SECONDS } from "../src/providers/verification/sandbox-verification";
import { formatCreatedAtMs, payloadDigest } from "../src/providers/verification/sumsub-webhook";
import { externalUserIdOf } from "../src/providers/verification/verification-provider";
import { verificationStateOf } from "../src/verification/state";
import { signedInClient } from "./auth-support";
import { appForThisFile, postForm } from "./helper";
import {
  answerQuestionnaire,
  captureVerificationWebhooks,
  completeSdk,
  eventually,
  jpegWithExif,
  startSdk,
  status,
  uploadFiles,
  VERIFICATION_SETTINGS,
} from "./verification-support";

// The verification webhook as Sumsub sends it: signed (X-Payload-Digest, hex HMAC of the raw body),
// possibly more than once and out of order. Bad signatures change nothing; replays change nothing
// twice; a stale event never downgrades a newer one; a GREEN turned RED blocks at once. Then the
// sandbox's deliveries: retried on Sumsub's schedule, scaled; and the documents' retention.
const SECRET = VERIFICATION_SETTINGS.SANDBOX_WEBHOOK_SECRET;
const app = appForThisFile(VERIFICATION_SETTINGS);
const URL_PATH = "/api/identity-verification/webhooks/sumsub";

const post = (body: string, headers: Record<string, string>) =>
  app.inject({
    method: "POST",
    url: URL_PATH,
    headers: { "content-type": "application/json", ...headers },
    payload: body,
  });
const signed = (body: string, algorithm = "HMAC_SHA256_HEX") =>
  post(body, {
    "x-payload-digest": payloadDigest(SECRET, body, algorithm),
    "x-payload-digest-alg": algorithm,
  });

let clock = Date.UTC(2026, 10, 1, 12, 0, 0);
type Review = { answer?: "GREEN" | "RED"; rejectType?: "RETRY" | "FINAL"; status?: string; flow?: string };
/** Each event is a second after the one made before it (the order they were made, not sent). */
const tick = () => {
  clock += 1000;
  return clock;
};
const event = (applicantId: string, userId: number, review: Review, at = tick()) =>
  JSON.stringify({
    applicantId,
    inspectionId: `insp-${applicantId}`,
    correlationId: `req-${at}`,
    externalUserId: externalUserIdOf(userId),
    levelName: review.flow ?? "identity",
    type: review.answer ? "applicantReviewed" : "applicantPending",
    sandboxMode: true,
    reviewStatus: review.status ?? (review.answer ? "completed" : "pending"),
    createdAtMs: formatCreatedAtMs(new Date(at)),
    ...(review.answer
      ? {
          reviewResult: {
            reviewAnswer: review.answer,
            ...(review.answer === "RED"
              ? {
                  reviewRejectType: review.rejectType,
                  moderationComment: "Retake it.",
                  clientComment: "Staff only.",
                }
              : {}),
          },
        }
      : {}),
  });

/** A signed-in person with an applicant (made through the SDK token), and nothing reviewed yet. */
async function applicant() {
  const { token, userId } = await signedInClient(app);
  const sdk = await startSdk(app, token);
  return { token, userId, applicantId: sdk.applicant_id as string, sdk };
}

describe("the verification webhook's signature", () => {
  it("refuses a bad, missing or unknown-algorithm signature with 401 and changes nothing", async () => {
    const { userId, applicantId, token } = await applicant();
    const body = event(applicantId, userId, { answer: "GREEN" });
    const bad = await post(body, {
      "x-payload-digest": payloadDigest("another-secret-entirely", body),
      "x-payload-digest-alg": "HMAC_SHA256_HEX",
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false, message: "The webhook signature is not valid." });
    expect((await post(body, {})).statusCode).toBe(401);
    expect(
      (
        await post(body, {
          "x-payload-digest": payloadDigest(SECRET, body),
          "x-payload-digest-alg": "MD5_HEX",
        })
      ).statusCode,
    ).toBe(401);
    const tampered = body.replace('"GREEN"', '"RED"');
    expect((await post(tampered, { "x-payload-digest": payloadDigest(SECRET, body) })).statusCode).toBe(401);
    expect((await status(app, token)).level).toBe("unverified");
    const events = await app.db
      .select()
      .from(verificationWebhookEvents)
      .where(eq(verificationWebhookEvents.providerApplicantId, applicantId));
    expect(events).toHaveLength(0);
  });

  it("accepts a good signature, by SHA-256 or SHA-512, and applies the review", async () => {
    const { userId, applicantId, token } = await applicant();
    const pending = await signed(event(applicantId, userId, {}), "HMAC_SHA512_HEX");
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data).toEqual({ outcome: "applied" });
    expect((await status(app, token)).review_state).toBe("pending");
    expect((await signed(event(applicantId, userId, { answer: "GREEN" }))).json().data.outcome).toBe(
      "applied",
    );
    expect((await status(app, token)).level).toBe("identity_verified");
  });

  it("takes a signed webhook of another kind without acting on it", async () => {
    const body = JSON.stringify({ type: "applicantActionPending", applicantActionId: "x" });
    const answer = await signed(body);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.outcome).toBe("ignored");
  });
});

describe("replays and out-of-order delivery", () => {
  it("a replay answers 200 and changes nothing twice", async () => {
    const { userId, applicantId, token } = await applicant();
    const green = event(applicantId, userId, { answer: "GREEN" });
    expect((await signed(green)).json().data.outcome).toBe("applied");
    const red = event(applicantId, userId, { answer: "RED", rejectType: "FINAL" });
    expect((await signed(red)).json().data.outcome).toBe("applied");
    // The GREEN again, and both at once: nothing moves.
    const replays = await Promise.all([signed(green), signed(green), signed(red)]);
    expect(replays.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(replays.map((answer) => answer.json().data.outcome)).toEqual(["replayed", "replayed", "replayed"]);
    expect(await status(app, token)).toMatchObject({ review_answer: "RED", money_moving_blocked: true });
  });

  it("a RED older than the GREEN applied is ignored", async () => {
    const { userId, applicantId, token } = await applicant();
    const olderRed = event(applicantId, userId, { answer: "RED", rejectType: "FINAL" });
    const newerGreen = event(applicantId, userId, { answer: "GREEN" });
    expect((await signed(newerGreen)).json().data.outcome).toBe("applied");
    expect((await signed(olderRed)).json().data.outcome).toBe("stale");
    expect(await status(app, token)).toMatchObject({
      level: "identity_verified",
      money_moving_blocked: false,
      review_answer: "GREEN",
    });
  });

  it("a GREEN older than the RED applied is ignored", async () => {
    const { userId, applicantId, token } = await applicant();
    const olderGreen = event(applicantId, userId, { answer: "GREEN" });
    const newerRed = event(applicantId, userId, { answer: "RED", rejectType: "RETRY" });
    expect((await signed(newerRed)).json().data.outcome).toBe("applied");
    expect((await signed(olderGreen)).json().data.outcome).toBe("stale");
    expect(await status(app, token)).toMatchObject({
      level: "unverified",
      review_answer: "RED",
      reject_type: "RETRY",
      can_start: true,
    });
  });

  it("events fired together in any order end at the newest one's review", async () => {
    for (let round = 0; round < 4; round += 1) {
      const { userId, applicantId, token } = await applicant();
      const pending = event(applicantId, userId, {});
      const green = event(applicantId, userId, { answer: "GREEN" });
      const red = event(applicantId, userId, { answer: "RED", rejectType: "FINAL" });
      const bodies = round % 2 === 0 ? [red, green, pending] : [pending, red, green];
      const answers = await Promise.all(bodies.map((body) => signed(body)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      // The RED FINAL is the newest: the account ends blocked, whichever arrived first.
      expect(await status(app, token)).toMatchObject({ review_answer: "RED", money_moving_blocked: true });
    }
  });

  it("a RED after a re-check of an approved applicant still revokes", async () => {
    const { userId, applicantId, token } = await applicant();
    await signed(event(applicantId, userId, { answer: "GREEN" }));
    await signed(event(applicantId, userId, {}));
    await signed(event(applicantId, userId, { answer: "RED", rejectType: "RETRY" }));
    expect(await status(app, token)).toMatchObject({ level: "unverified", money_moving_blocked: true });
    expect((await verificationStateOf(app.db, userId)).blockedReason).toBe("review_revoked");
  });

  it("an older pending never takes back a completed review", async () => {
    const { userId, applicantId, token } = await applicant();
    const pending = event(applicantId, userId, {});
    expect((await signed(event(applicantId, userId, { answer: "GREEN" }))).json().data.outcome).toBe(
      "applied",
    );
    expect((await signed(pending)).json().data.outcome).toBe("stale");
    expect((await status(app, token)).review_state).toBe("completed");
  });
});

describe("what a review does to the account", () => {
  it("GREEN then RED (fraud found) blocks money-moving at once and drops the level", async () => {
    const { userId, applicantId, token } = await applicant();
    await signed(event(applicantId, userId, { answer: "GREEN" }));
    expect((await verificationStateOf(app.db, userId)).level).toBe("identity_verified");
    await signed(event(applicantId, userId, { answer: "RED", rejectType: "RETRY" }));
    const state = await verificationStateOf(app.db, userId);
    expect(state).toMatchObject({ level: "unverified", blockedReason: "review_revoked" });
    expect(state.blockedAt).not.toBeNull();
    expect(await status(app, token)).toMatchObject({ money_moving_blocked: true, can_start: false });
  });

  it("GREEN on the enhanced flow makes the account enhanced; a later identity GREEN never lowers it", async () => {
    const { userId, applicantId, token } = await applicant();
    await signed(event(applicantId, userId, { answer: "GREEN" }));
    const ask = (flow: string) =>
      app.inject({
        method: "POST",
        url: "/api/identity-verification/get-access-token",
        headers: { authorization: `Bearer ${token}` },
        payload: { flow },
      });
    // Identity is already verified, so the identity flow is refused, and enhanced is allowed once
    // the source-of-funds questionnaire is answered.
    expect((await ask("identity")).statusCode).toBe(409);
    expect((await ask("enhanced")).statusCode).toBe(409);
    await answerQuestionnaire(app, token);
    const enhancedSdk = await ask("enhanced");
    expect(enhancedSdk.statusCode, enhancedSdk.body).toBe(200);
    expect(enhancedSdk.json().data.applicant_id).not.toBe(applicantId);
    const enhancedId = enhancedSdk.json().data.applicant_id;
    await signed(event(enhancedId, userId, { answer: "GREEN", flow: "enhanced" }));
    expect((await verificationStateOf(app.db, userId)).level).toBe("enhanced");
    await signed(event(applicantId, userId, { answer: "GREEN" }));
    expect((await verificationStateOf(app.db, userId)).level).toBe("enhanced");
  });

  it("an applicant the SDK made for one of our people is taken; an unknown person's is not", async () => {
    const { userId, token } = await signedInClient(app);
    expect(
      (await signed(event("sdk-made-applicant-1", userId, { answer: "GREEN" }))).json().data.outcome,
    ).toBe("applied");
    expect((await status(app, token)).level).toBe("identity_verified");
    expect(
      (await signed(event("sdk-made-applicant-2", 99_999_999, { answer: "GREEN" }))).json().data.outcome,
    ).toBe("unknown_applicant");
  });

  it("set-applicant-id takes only the caller's own applicant; another's answers like an unknown one", async () => {
    const mine = await applicant();
    const theirs = await applicant();
    const own = await app.inject({
      method: "POST",
      url: "/api/identity-verification/set-applicant-id",
      headers: { authorization: `Bearer ${mine.token}` },
      payload: { applicant_id: mine.applicantId },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.applicant_id).toBe(mine.applicantId);
    const other = await app.inject({
      method: "POST",
      url: "/api/identity-verification/set-applicant-id",
      headers: { authorization: `Bearer ${mine.token}` },
      payload: { applicant_id: theirs.applicantId },
    });
    const unknown = await app.inject({
      method: "POST",
      url: "/api/identity-verification/set-applicant-id",
      headers: { authorization: `Bearer ${mine.token}` },
      payload: { applicant_id: "no-such-applicant" },
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(unknown.body);
  });

  it("verify/user-status answers one's own address, and any other exactly like an unknown one", async () => {
    const mine = await signedInClient(app);
    const other = await signedInClient(app);
    const ask = (email: string) =>
      app.inject({
        method: "GET",
        url: `/api/identity-verification/verify/user-status?email=${encodeURIComponent(email)}`,
        headers: { authorization: `Bearer ${mine.token}` },
      });
    const own = await ask(mine.body.email);
    expect(own.json().data).toEqual({ email: mine.body.email, validated: false, level: "unverified" });
    const sdk = await startSdk(app, other.token);
    await signed(event(sdk.applicant_id, other.userId, { answer: "GREEN" }));
    const probed = (await ask(other.body.email)).json().data;
    const nobody = (await ask("nobody-at-all@example.com")).json().data;
    expect({ ...probed, email: null }).toEqual({ ...nobody, email: null });
  });
});

describe("the sandbox's webhook deliveries", () => {
  it("retries a refused webhook on Sumsub's schedule (+5 min, +1 h, +5 h, +18 h) times the scale, then stops", async () => {
    let refusing = true;
    const bodies = captureVerificationWebhooks(app, () => refusing);
    const { token, sdk } = await applicant();
    await completeSdk(app, sdk.path, "P1234567");
    // Pending and reviewed were both refused; nothing changed here.
    expect(bodies).toHaveLength(2);
    expect((await status(app, token)).review_state).toBe("init");
    const sandbox = app.sandbox.verification;
    if (!sandbox) throw new Error("no sandbox");
    expect(sandbox.retryDelays).toEqual(SUMSUB_RETRY_SECONDS.map((seconds) => seconds * 0.001));
    const [row] = await app.db
      .execute(sql`select id, attempts from sandbox_verification_webhooks order by id desc limit 1`)
      .then((result) => (result as unknown as { rows: { id: string; attempts: number }[] }).rows);
    if (!row) throw new Error("no webhook row");
    const id = BigInt(row.id);
    // Attempts 2 to 5 by hand: each failure schedules the next delay; the fifth failure gives up.
    const delays = [];
    for (let attempt = 0; attempt < 4; attempt += 1) delays.push(await sandbox.attemptDelivery(id));
    expect(delays).toEqual([3.6, 18, 64.8, null]);
    refusing = false;
    expect(await sandbox.attemptDelivery(id)).toBeNull();
  });

  it("delivers on the scheduled retry once our API answers again", async () => {
    let refusals = 2;
    captureVerificationWebhooks(app, () => refusals-- > 0);
    const { token, sdk } = await applicant();
    await completeSdk(app, sdk.path, "P7777777");
    expect((await status(app, token)).review_state).toBe("init");
    // +0.3 s scaled (pg-boss starts jobs on the second): the retry job delivers both in order.
    await eventually(async () => expect((await status(app, token)).level).toBe("identity_verified"));
  });
});

describe("document retention", () => {
  it("starts the clock at the final review and deletes the images after VERIFICATION_IMAGE_RETENTION_DAYS", async () => {
    const { token, sdk } = await applicant();
    await completeSdk(app, sdk.path, "P5555555");
    expect((await status(app, token)).review_answer).toBe("GREEN");
    const rows = await app.db
      .select()
      .from(verificationUploads)
      .where(eq(verificationUploads.providerApplicantId, sdk.applicant_id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const days = ((row.deleteAfter?.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
    }
    expect(await deleteExpiredDocuments(app.db, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(
      await deleteExpiredDocuments(app.db, new Date(Date.now() + 31 * 86_400_000)),
    ).toBeGreaterThanOrEqual(3);
    const left = await app.db
      .select()
      .from(verificationUploads)
      .where(eq(verificationUploads.providerApplicantId, sdk.applicant_id));
    expect(left).toHaveLength(0);
  });

  it("deletes uploads no review ever decided (an abandoned session) 90 days after upload", async () => {
    const { sdk } = await applicant();
    const photo = await jpegWithExif();
    expect((await postForm(app, `${sdk.path}/document`, "document_type=passport")).statusCode).toBe(303);
    expect(
      (await uploadFiles(app, sdk.path, [{ name: "front", data: photo, filename: "f.jpg" }])).statusCode,
    ).toBe(303);
    const mine = () =>
      app.db
        .select()
        .from(verificationUploads)
        .where(eq(verificationUploads.providerApplicantId, sdk.applicant_id));
    // Other tests' reviewed documents go at +30 days; this one, never reviewed, stays until +90.
    await deleteExpiredDocuments(app.db, new Date(Date.now() + 89 * 86_400_000));
    expect(await mine()).toHaveLength(1);
    await deleteExpiredDocuments(app.db, new Date(Date.now() + 91 * 86_400_000));
    expect(await mine()).toHaveLength(0);
  });
});
