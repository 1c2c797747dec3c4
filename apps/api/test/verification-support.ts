import { verificationStatus as statusSchema } from "@vela/shared/verification";
import sharp from "sharp";
import { expect } from "vitest";
import type { VerificationWebhookPoster } from "../src/providers/verification/sandbox-verification";
import { bearer } from "./auth-support";
import { parsedData, postForm, type TestApp } from "./helper";
import { multipart } from "./upload-support";

/** The settings verification tests run with: no sweeper, short retries and reviews. */
export const VERIFICATION_SETTINGS = {
  SANDBOX_SWEEP_SECONDS: "0",
  SANDBOX_WEBHOOK_SECRET: "verification-test-webhook-secret",
  VERIFICATION_WEBHOOK_RETRY_SCALE: "0.001",
  VERIFICATION_SANDBOX_REVIEW_SECONDS: "1",
  JOBS_POLLING_SECONDS: "0.5",
};

/** A real JPEG photo of the given size, with an EXIF block naming a camera owner (to be stripped). */
export const jpegWithExif = (width = 640, height = 420) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: "Exif Secret Owner", Copyright: "Exif Secret Owner" } })
    .toBuffer();

export const status = async (app: TestApp, token: string) =>
  parsedData(
    await app.inject({
      method: "GET",
      url: "/api/identity-verification/verification-status",
      headers: bearer(token),
    }),
    200,
    statusSchema,
  );

/** Starts the SDK: the token's answer, with the page's path (no origin). */
export async function startSdk(app: TestApp, token: string, language = "en", flow = "identity") {
  const response = await app.inject({
    method: "POST",
    url: "/api/identity-verification/get-access-token",
    headers: bearer(token, { language }),
    payload: { flow },
  });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data;
  const url = new URL(data.sdk_url);
  return { ...data, path: url.pathname, query: url.search, page: `${url.pathname}${url.search}` };
}

type Upload = { name: string; data: Buffer; filename: string; contentType?: string };

export const uploadFiles = (app: TestApp, path: string, files: Upload[], query = "") =>
  app.inject({ method: "POST", url: `${path}/upload${query}`, ...multipart(files) });

/** Walks the SDK page through every step with good files, then submits with this document number. */
export async function completeSdk(app: TestApp, path: string, documentNumber: string, query = "") {
  const chosen = await postForm(app, `${path}/document${query}`, "document_type=id_card");
  expect(chosen.statusCode, chosen.body).toBe(303);
  const photo = await jpegWithExif();
  const sides = await uploadFiles(
    app,
    path,
    [
      { name: "front", data: photo, filename: "front.jpg", contentType: "image/jpeg" },
      { name: "back", data: photo, filename: "back.jpg", contentType: "image/jpeg" },
    ],
    query,
  );
  expect(sides.statusCode, sides.body).toBe(303);
  const selfie = await uploadFiles(
    app,
    path,
    [{ name: "selfie", data: photo, filename: "me.jpg", contentType: "image/jpeg" }],
    query,
  );
  expect(selfie.statusCode, selfie.body).toBe(303);
  const submitted = await postForm(
    app,
    `${path}/personal${query}`,
    new URLSearchParams({
      first_name: "Ana",
      last_name: "García",
      date_of_birth: "1990-04-12",
      document_number: documentNumber,
    }).toString(),
  );
  expect(submitted.statusCode, submitted.body).toBe(303);
  return submitted;
}

/** Records every webhook the sandbox posts (and still delivers it, unless `refuse` says not to). */
export function captureVerificationWebhooks(app: TestApp, refuse: () => boolean = () => false) {
  const sandbox = app.sandbox.verification;
  if (!sandbox) throw new Error("the verification sandbox is not configured");
  const original: VerificationWebhookPoster = sandbox.poster;
  const bodies: string[] = [];
  sandbox.poster = async (body, headers) => {
    bodies.push(body);
    if (refuse()) return 503;
    return original(body, headers);
  };
  return bodies;
}

/** Waits until `check` passes (jobs run on their own schedule). */
export async function eventually(check: () => Promise<void>, timeoutMs = 15_000) {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Answers the source-of-funds questionnaire (list 1), which the enhanced flow comes after. */
export async function answerQuestionnaire(app: TestApp, token: string) {
  const answers = {
    employment_status: "employed",
    occupation: "Nurse",
    source_of_funds: "salary",
    expected_monthly_amount: "500_1000",
    transfer_purpose: "family_support",
    recipient_relationship: "family",
  };
  const saved = await app.inject({
    method: "POST",
    url: "/api/questions_answere/save",
    headers: bearer(token),
    payload: { list_id: 1, answers },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}
