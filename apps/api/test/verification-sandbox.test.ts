import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { verificationApplicants, verificationUploads } from "../src/db/schema/index";
import { openDocument } from "../src/providers/verification/document-store";
import { verificationStateOf } from "../src/verification/state";
import { bearer, countryId, signedInClient } from "./auth-support";
import { appForThisFile, postForm } from "./helper";
import { makePng } from "./upload-support";
import {
  answerQuestionnaire,
  completeSdk,
  eventually,
  jpegWithExif,
  startSdk,
  status,
  uploadFiles,
  VERIFICATION_SETTINGS,
} from "./verification-support";

// The sandbox's whole flow through its SDK page, one person per test value: the page's steps, the
// uploads it refuses, the review the document number decides, and what each review does to the
// account (level, block, message, resubmission), as the SPA reads it.
const app = appForThisFile({ ...VERIFICATION_SETTINGS, PUBLIC_APP_URL: "https://app.vela.test" });

const RETURN_URL = "https://app.vela.test/account/verification?returned=1";

describe("the sandbox SDK page", () => {
  it("walks document type, sides, selfie and personal data, then sends the person back; GREEN verifies", async () => {
    const { token, userId } = await signedInClient(app);
    expect((await status(app, token)).can_start).toBe(true);
    const sdk = await startSdk(app, token);
    expect(sdk.sdk_url).toMatch(
      /^https:\/\/app\.vela\.test\/api\/sandbox\/verification\/sdk\/sbx_act_[\w-]{43}\?language=en$/,
    );
    expect(new Date(sdk.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(new Date(sdk.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const page = await app.inject({ method: "GET", url: sdk.page });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain("Choose your document");
    expect(page.body).toContain('name="viewport"');
    for (const slug of ["passport", "id_card", "driving_licence"])
      expect(page.body).toContain(`value="${slug}"`);

    const submitted = await completeSdk(app, sdk.path, "X1234567");
    expect(submitted.headers.location).toBe(RETURN_URL);
    const after = await status(app, token);
    expect(after).toMatchObject({
      level: "identity_verified",
      flow: "identity",
      review_state: "completed",
      review_answer: "GREEN",
      reject_type: null,
      message: null,
      money_moving_blocked: false,
      applicant_id: sdk.applicant_id,
    });
    // Next comes the enhanced flow, once the source-of-funds questionnaire is answered.
    expect(after.can_start).toBe(false);
    await answerQuestionnaire(app, token);
    expect((await status(app, token)).can_start).toBe(true);
    // Its SDK page asks for a proof of address or funds, in three steps (no selfie).
    const enhanced = await startSdk(app, token, "en", "enhanced");
    const enhancedPage = (await app.inject({ method: "GET", url: enhanced.page })).body;
    expect(enhancedPage).toContain("Utility bill");
    expect(enhancedPage).not.toContain("Passport");
    expect(enhancedPage).toContain("Step 1 of 3");
    const passport = await postForm(
      app,
      `${enhanced.path}/document${enhanced.query}`,
      "document_type=passport",
    );
    expect(passport.statusCode).toBe(422);
    const validated = await app.inject({
      method: "GET",
      url: "/api/user_identity_verifications/user_validated",
      headers: bearer(token),
    });
    expect(validated.json().data).toEqual({ validated: true, level: "identity_verified" });
    expect((await verificationStateOf(app.db, userId)).level).toBe("identity_verified");
    // The page of a submitted applicant only says so.
    const done = await app.inject({ method: "GET", url: sdk.page });
    expect(done.body).toContain("Documents sent");
    expect(done.body).toContain(`href="${RETURN_URL}"`);
  });

  it("RETRY: rejected with a message the person reads (never the staff's), level kept, may resubmit", async () => {
    const { token } = await signedInClient(app);
    const sdk = await startSdk(app, token);
    await completeSdk(app, sdk.path, "RETRY-001");
    const answer = await app.inject({
      method: "GET",
      url: "/api/identity-verification/verification-status",
      headers: bearer(token),
    });
    expect(answer.body).not.toContain("Sandbox test value");
    expect(answer.json().data).toMatchObject({
      level: "unverified",
      review_answer: "RED",
      reject_type: "RETRY",
      message: expect.stringContaining("The photo of your document is blurry"),
      can_start: true,
      money_moving_blocked: false,
    });
    const [row] = await app.db
      .select()
      .from(verificationApplicants)
      .where(eq(verificationApplicants.providerApplicantId, sdk.applicant_id));
    expect(row?.staffMessage).toContain("Sandbox test value RETRY");
    const response = await app.inject({
      method: "GET",
      url: "/api/user_identity_verifications/user_response_validated",
      headers: bearer(token),
    });
    expect(response.json().data).toMatchObject({ review_answer: "RED", reject_type: "RETRY" });
    expect(response.body).not.toContain("Sandbox test value");

    // A resubmission starts over on the page and can pass.
    const again = await startSdk(app, token);
    expect(again.applicant_id).toBe(sdk.applicant_id);
    expect((await app.inject({ method: "GET", url: again.page })).body).toContain("Choose your document");
    await completeSdk(app, again.path, "P7654321");
    expect(await status(app, token)).toMatchObject({ level: "identity_verified", review_answer: "GREEN" });
  });

  it("FINAL: rejected for good; money-moving stops and no new token is issued", async () => {
    const { token, userId } = await signedInClient(app);
    const sdk = await startSdk(app, token);
    await completeSdk(app, sdk.path, "FINAL-42");
    expect(await status(app, token)).toMatchObject({
      level: "unverified",
      review_answer: "RED",
      reject_type: "FINAL",
      can_start: false,
      money_moving_blocked: true,
    });
    expect((await verificationStateOf(app.db, userId)).blockedReason).toBe("review_final");
    const refused = await app.inject({
      method: "POST",
      url: "/api/identity-verification/get-access-token",
      headers: bearer(token),
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
  });

  it("REVIEW: on hold, then approved after the sandbox's review delay", async () => {
    const { token } = await signedInClient(app);
    const sdk = await startSdk(app, token);
    await completeSdk(app, sdk.path, "REVIEW-9");
    expect(await status(app, token)).toMatchObject({
      review_state: "on_hold",
      level: "unverified",
      can_start: false,
    });
    await eventually(async () =>
      expect(await status(app, token)).toMatchObject({ review_answer: "GREEN", level: "identity_verified" }),
    );
  });

  it("FRAUD: approved, then revoked: the account is blocked at once", async () => {
    const { token, userId } = await signedInClient(app);
    const sdk = await startSdk(app, token);
    await completeSdk(app, sdk.path, "FRAUD-1");
    expect(await status(app, token)).toMatchObject({ review_answer: "GREEN", level: "identity_verified" });
    await eventually(async () =>
      expect(await status(app, token)).toMatchObject({
        review_answer: "RED",
        reject_type: "FINAL",
        level: "unverified",
        money_moving_blocked: true,
      }),
    );
    expect((await verificationStateOf(app.db, userId)).blockedReason).toBe("review_revoked");
  });

  it("speaks Spanish by the language asked for, and the reviewer's message comes in it", async () => {
    const { token } = await signedInClient(app);
    const sdk = await startSdk(app, token, "es");
    expect(sdk.query).toBe("?language=es");
    const page = await app.inject({ method: "GET", url: sdk.page });
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain("Elige tu documento");
    const byHeader = await app.inject({
      method: "GET",
      url: sdk.path,
      headers: { "accept-language": "es-MX,es;q=0.9" },
    });
    expect(byHeader.body).toContain("Elige tu documento");
    await completeSdk(app, sdk.path, "RETRY-2", sdk.query);
    expect((await status(app, token)).message).toContain("La foto de tu documento está borrosa");
  });

  it("an unknown or malformed token finds no page", async () => {
    const unknown = await app.inject({
      method: "GET",
      url: `/api/sandbox/verification/sdk/sbx_act_${"a".repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await app.inject({ method: "GET", url: "/api/sandbox/verification/sdk/whatever" });
    expect(malformed.statusCode).toBe(422);
  });
});

describe("the SDK page's uploads", () => {
  const toImages = async () => {
    const { token } = await signedInClient(app);
    const sdk = await startSdk(app, token);
    expect((await postForm(app, `${sdk.path}/document`, "document_type=passport")).statusCode).toBe(303);
    return sdk;
  };

  it("refuses a file that is not an image or PDF, whatever its name and declared type", async () => {
    const sdk = await toImages();
    const fake = Buffer.from("MZ this is a program, not a photo ".repeat(40));
    const refused = await uploadFiles(app, sdk.path, [
      { name: "front", data: fake, filename: "front.jpg", contentType: "image/jpeg" },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("must be a JPEG, PNG or PDF");
    expect(refused.body).toContain('aria-invalid="true"');
    const stored = await app.db
      .select()
      .from(verificationUploads)
      .where(eq(verificationUploads.providerApplicantId, sdk.applicant_id));
    expect(stored).toHaveLength(0);
  });

  it("refuses a file over 8 MB and an image under 300 pixels", async () => {
    const sdk = await toImages();
    const heavy = makePng(1700, 1700, 0);
    expect(heavy.length).toBeGreaterThan(8 * 1024 * 1024);
    const tooLarge = await uploadFiles(app, sdk.path, [
      { name: "front", data: heavy, filename: "front.png", contentType: "image/png" },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.body).toContain("at most 8 MB");
    const tiny = await uploadFiles(app, sdk.path, [
      { name: "front", data: makePng(120, 90), filename: "front.png", contentType: "image/png" },
    ]);
    expect(tiny.statusCode).toBe(422);
    expect(tiny.body).toContain("at least 300 pixels");
  });

  it("refuses a PDF as a selfie", async () => {
    const sdk = await toImages();
    const photo = await jpegWithExif();
    expect(
      (await uploadFiles(app, sdk.path, [{ name: "front", data: photo, filename: "f.jpg" }])).statusCode,
    ).toBe(303);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const refused = await uploadFiles(app, sdk.path, [{ name: "selfie", data: pdf, filename: "me.pdf" }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("The selfie must be a JPEG or PNG photo.");
  });

  it("stores images sealed (not the uploaded bytes) and re-encoded without their EXIF", async () => {
    const sdk = await toImages();
    const photo = await jpegWithExif();
    const png = makePng(400, 320);
    expect(
      (await uploadFiles(app, sdk.path, [{ name: "front", data: photo, filename: "f.jpg" }])).statusCode,
    ).toBe(303);
    expect(
      (await uploadFiles(app, sdk.path, [{ name: "selfie", data: png, filename: "s.png" }])).statusCode,
    ).toBe(303);
    const stored = await app.db
      .select()
      .from(verificationUploads)
      .where(eq(verificationUploads.providerApplicantId, sdk.applicant_id));
    expect(stored.map((row) => [row.side, row.mimeType])).toEqual([
      ["front", "image/jpeg"],
      ["selfie", "image/png"],
    ]);
    for (const row of stored) {
      expect(row.sealed).not.toContain(photo.subarray(0, 64).toString("base64"));
      expect(row.sealed).not.toContain("Exif");
      expect(row.deleteAfter).toBeNull();
    }
    const front = stored[0];
    if (!front) throw new Error("no front stored");
    const plain = openDocument(app.secrets, front.sealed);
    expect(plain.includes(Buffer.from("Exif Secret Owner"))).toBe(false);
    expect(photo.includes(Buffer.from("Exif Secret Owner"))).toBe(true);
    const metadata = await sharp(plain).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([640, 420]);
  });
});

describe("SDK token issuance", () => {
  it("allows 10 an hour per person, counted in one statement even when asked at once", async () => {
    const { token } = await signedInClient(app);
    const answers = await Promise.all(
      Array.from({ length: 13 }, () =>
        app.inject({
          method: "POST",
          url: "/api/identity-verification/get-access-token",
          headers: bearer(token),
          payload: { flow: "identity" },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(3);
    const ids = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.applicant_id));
    expect(ids.size).toBe(1);
  });

  it("refuses the enhanced flow before identity is verified", async () => {
    const { token } = await signedInClient(app);
    const refused = await app.inject({
      method: "POST",
      url: "/api/identity-verification/get-access-token",
      headers: bearer(token),
      payload: { flow: "enhanced" },
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe("the spec's other calls", () => {
  it("POST /user_identity_verifications starts (or resumes) with a country and document; an unknown country is refused", async () => {
    const { token, userId } = await signedInClient(app);
    const start = (payload: object, language = "en") =>
      app.inject({
        method: "POST",
        url: "/api/user_identity_verifications",
        headers: bearer(token, { language }),
        payload,
      });
    const refused = await start({ country_id: 999_999, document_id: 1 }, "es");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ country_id: ["El país seleccionado no es válido."] });
    // Mexico's identity documents (its INE, a passport…); an address document or one of another
    // country's is not accepted for the identity check.
    const mexico = await countryId(app, "MX");
    const documents = (
      await app.inject({
        method: "GET",
        url: `/api/identity_verifications/country/${mexico}/documents`,
        headers: bearer(token),
      })
    ).json().data as { id: number; purpose: string }[];
    const [first, second] = documents.filter((document) => document.purpose === "identity");
    const address = documents.find((document) => document.purpose === "address");
    const spain = await countryId(app, "ES");
    const spanish = (
      await app.inject({
        method: "GET",
        url: `/api/identity_verifications/country/${spain}/documents`,
        headers: bearer(token),
      })
    ).json().data as { id: number }[];
    for (const documentId of [address?.id, spanish[0]?.id]) {
      const wrong = await start({ country_id: mexico, document_id: documentId });
      expect(wrong.statusCode).toBe(422);
      expect(Object.keys(wrong.json().errors)).toEqual(["document_id"]);
    }
    const started = await start({ country_id: mexico, document_id: first?.id });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ flow: "identity", review_state: "init", can_start: true });
    const again = await start({ country_id: mexico, document_id: second?.id });
    expect(again.json().data.applicant_id).toBe(started.json().data.applicant_id);
    const [row] = await app.db
      .select()
      .from(verificationApplicants)
      .where(eq(verificationApplicants.userId, userId));
    expect(row).toMatchObject({ documentId: second?.id, flow: "identity" });
  });

  it("set-applicant-id takes an applicant the SDK made at the provider for the caller, not for anyone else", async () => {
    const mine = await signedInClient(app);
    const theirs = await signedInClient(app);
    const provider = app.providers.verification;
    const own = await provider.createApplicant({ externalUserId: `user-${mine.userId}`, flow: "identity" });
    const other = await provider.createApplicant({
      externalUserId: `user-${theirs.userId}`,
      flow: "identity",
    });
    const set = (applicantId: string) =>
      app.inject({
        method: "POST",
        url: "/api/identity-verification/set-applicant-id",
        headers: bearer(mine.token),
        payload: { applicant_id: applicantId },
      });
    const taken = await set(own.applicantId);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ applicant_id: own.applicantId, flow: "identity" });
    const refused = await set(other.applicantId);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toBe((await set("sbxapp_000000000000000000000000")).body);
  });

  it("the token limit's refusal speaks the caller's language", async () => {
    const { token } = await signedInClient(app);
    const ask = () =>
      app.inject({
        method: "POST",
        url: "/api/identity-verification/get-access-token",
        headers: bearer(token, { language: "es" }),
        payload: {},
      });
    for (let i = 0; i < 10; i += 1) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("3600");
    expect(refused.json().message).toBe(
      "Has iniciado la verificación demasiadas veces en esta hora. Inténtalo más tarde.",
    );
  });
});
