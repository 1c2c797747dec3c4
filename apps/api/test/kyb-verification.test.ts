import { verificationLevelView } from "@vela/shared/verification";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decideHit } from "../src/compliance/sanctions/decide";
import { kybDocuments, kybOwners, screeningHits } from "../src/db/schema/index";
import { formatCreatedAtMs, payloadDigest } from "../src/providers/verification/sumsub-webhook";
import { verificationStateOf } from "../src/verification/state";
import { bearer, countryId, signedInClient } from "./auth-support";
import { appForThisFile, expectInvalidFields, parsedData } from "./helper";
import {
  addOwner,
  detailsAndDocuments,
  goodDetails,
  kybCall,
  kybState,
  ownerBody,
  ownerSdk,
  signedInBusiness,
  uploadDocument,
} from "./kyb-support";
import { makePng } from "./upload-support";
import { completeSdk, eventually, jpegWithExif, VERIFICATION_SETTINGS } from "./verification-support";

// Businesses' verification (KYB, issue 20 point 5): details, documents, beneficial owners (25 % or
// more, one controlling person), each owner screened and verified as a person through the
// provider's signed webhook, and the business's level (and so its limits) once all of it is done.
const app = appForThisFile(VERIFICATION_SETTINGS);

describe("who may use it", () => {
  it("answers 401 without a session and 403 to a client", async () => {
    expect((await app.inject({ method: "GET", url: "/api/business/verification" })).statusCode).toBe(401);
    const { token } = await signedInClient(app);
    for (const [method, path] of [
      ["GET", ""],
      ["GET", "/owners"],
      ["POST", "/submit"],
    ] as const) {
      expect((await kybCall(app, token, method, path)).statusCode).toBe(403);
    }
  });

  it("keeps a business out of the personal verification flow (it verifies as a company)", async () => {
    const { token } = await signedInBusiness(app);
    const personal = await app.inject({
      method: "POST",
      url: "/api/identity-verification/get-access-token",
      headers: { authorization: `Bearer ${token}` },
      payload: { flow: "identity" },
    });
    expect(personal.statusCode).toBe(403);
    expect(personal.json().message).toMatch(/company details and owners/);
    const started = await app.inject({
      method: "POST",
      url: "/api/user_identity_verifications",
      headers: { authorization: `Bearer ${token}` },
      payload: { country_id: await countryId(app, "US"), document_id: 1 },
    });
    expect(started.statusCode).toBe(403);
  });

  it("answers another business's owner exactly like an unknown one (404)", async () => {
    const us = await signedInBusiness(app);
    const them = await signedInBusiness(app);
    const us_ = await countryId(app, "US");
    const theirs = await addOwner(app, them.token, ownerBody(us_, { is_controlling: true }));
    for (const id of [theirs.id, 999_999]) {
      expect((await kybCall(app, us.token, "PUT", `/owners/${id}`, ownerBody(us_))).statusCode).toBe(404);
      expect((await kybCall(app, us.token, "DELETE", `/owners/${id}`)).statusCode).toBe(404);
      const sdk = await kybCall(app, us.token, "POST", `/owners/${id}/access-token`);
      expect(sdk.statusCode).toBe(404);
      expect(sdk.json().message).toBe("The person was not found.");
    }
    expect((await kybState(app, them.token)).owners).toHaveLength(1);
  });
});

describe("registration details", () => {
  it("offers the registration's name, and validates every field", async () => {
    const { token } = await signedInBusiness(app, "Tortillería La Palma S.A.");
    const before = await kybState(app, token);
    expect(before.details.legal_name).toBe("Tortillería La Palma S.A.");
    expect(before.status).toBe("incomplete");
    const us = await countryId(app, "US");
    const refused = await kybCall(app, token, "PUT", "/details", {
      ...goodDetails(us),
      incorporation_date: "2999-01-01",
      website: "not a site",
      legal_form: "empire",
    });
    expectInvalidFields(refused, ["incorporation_date", "legal_form", "website"]);
    expect(refused.json().errors.incorporation_date).toEqual(["Must be a date in the past."]);
    const unknownCountry = await kybCall(app, token, "PUT", "/details", goodDetails(999_999));
    expectInvalidFields(unknownCountry, ["country_id"]);
    const saved = await kybCall(app, token, "PUT", "/details", { ...goodDetails(us), website: "" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.details).toMatchObject({ registration_number: "C-1234567", website: null });
    expect(saved.json().data.progress[0]).toEqual({ step: "details", done: true });
  });

  it("answers its refusals in Spanish", async () => {
    const { token } = await signedInBusiness(app);
    const us = await countryId(app, "US");
    const refused = await kybCall(
      app,
      token,
      "PUT",
      "/details",
      { ...goodDetails(us), website: "ftp:x" },
      "es",
    );
    expect(refused.json().errors.website).toEqual([
      "Debe ser una dirección web que empiece por http:// o https://.",
    ]);
    const missing = await kybCall(app, token, "GET", "", undefined, "es");
    expect(missing.json().data.missing).toEqual([
      "Indica los datos de registro de tu empresa.",
      "Sube el certificado de constitución.",
      "Sube los estatutos.",
      "Sube el comprobante del domicilio social.",
      "Añade a cada persona con el 25 % o más y a la persona que ejerce el control.",
    ]);
    const early = await kybCall(app, token, "POST", "/submit", undefined, "es");
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe("La verificación de tu empresa aún no está completa.");
  });
});

describe("documents", () => {
  it("keeps a document sealed and stripped of its metadata, and checks its real type and size", async () => {
    const { token, userId } = await signedInBusiness(app);
    const photo = await jpegWithExif(900, 700);
    const saved = await uploadDocument(app, token, "certificate_of_incorporation", photo, "cert.jpg");
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      kind: "certificate_of_incorporation",
      required: true,
      uploaded: { mime_type: "image/jpeg" },
    });
    const [row] = await app.db.select().from(kybDocuments).where(eq(kybDocuments.businessUserId, userId));
    expect(row?.sealed).not.toContain("/9j/");
    const plain = Buffer.from(app.secrets.decrypt(row?.sealed ?? ""), "base64");
    expect(plain.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(plain.includes(Buffer.from("Exif Secret Owner"))).toBe(false);

    // Text named .png, a photo too small to read, no kind, and a file past 8 MB.
    const fake = await uploadDocument(
      app,
      token,
      "proof_of_address",
      Buffer.from("just text, not a picture"),
    );
    expectInvalidFields(fake, ["file"]);
    expect(fake.json().errors.file).toEqual(["The file must be a JPEG or PNG photo or a PDF."]);
    expectInvalidFields(await uploadDocument(app, token, "proof_of_address", makePng(100, 80)), ["file"]);
    expectInvalidFields(await uploadDocument(app, token, "passport", makePng(800, 600)), ["kind"]);
    const heavy = await uploadDocument(app, token, "proof_of_address", makePng(1800, 1800, 0));
    expect(heavy.statusCode).toBe(413);
    const state = await kybState(app, token);
    expect(state.documents.filter((document) => document.uploaded).map((document) => document.kind)).toEqual([
      "certificate_of_incorporation",
    ]);
    expect(state.missing).toContain("Upload the articles of association.");
  });
});

describe("beneficial owners", () => {
  it("takes 25 % or more, and less (or no share) only for the controlling person", async () => {
    const { token } = await signedInBusiness(app);
    const us = await countryId(app, "US");
    const small = await kybCall(app, token, "POST", "/owners", ownerBody(us, { ownership_percent: "24.99" }));
    expectInvalidFields(small, ["ownership_percent"]);
    const none = await kybCall(app, token, "POST", "/owners", ownerBody(us, { ownership_percent: "" }));
    expectInvalidFields(none, ["ownership_percent"]);
    const minor = await kybCall(
      app,
      token,
      "POST",
      "/owners",
      ownerBody(us, { date_of_birth: "2015-01-01" }),
    );
    expectInvalidFields(minor, ["date_of_birth"]);
    const director = await kybCall(
      app,
      token,
      "POST",
      "/owners",
      ownerBody(us, { role: "director", ownership_percent: "", is_controlling: true }),
    );
    expect(director.statusCode, director.body).toBe(201);
    expect(director.json().data).toMatchObject({ ownership_percent: null, is_controlling: true });
    const quarter = await kybCall(app, token, "POST", "/owners", ownerBody(us, { ownership_percent: "25" }));
    expect(quarter.statusCode).toBe(201);
  });

  it("allows exactly one controlling person and at most 100 % in all", async () => {
    const { token } = await signedInBusiness(app);
    const us = await countryId(app, "US");
    const first = await addOwner(
      app,
      token,
      ownerBody(us, { ownership_percent: "60", is_controlling: true }),
    );
    const second = await kybCall(
      app,
      token,
      "POST",
      "/owners",
      ownerBody(us, { is_controlling: true, ownership_percent: "30" }),
    );
    expectInvalidFields(second, ["is_controlling"]);
    const over = await kybCall(app, token, "POST", "/owners", ownerBody(us, { ownership_percent: "40.01" }));
    expectInvalidFields(over, ["ownership_percent"]);
    expect(over.json().errors.ownership_percent).toEqual([
      "The shares of all the people listed would add up to more than 100 %.",
    ]);
    // Changing the first owner itself is measured without their old share.
    const changed = await kybCall(
      app,
      token,
      "PUT",
      `/owners/${first.id}`,
      ownerBody(us, { ownership_percent: "100", is_controlling: true }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await kybState(app, token)).ownership_total).toBe("100");
  });

  it("holds the 100 % total when two owners are added at once", async () => {
    const { token } = await signedInBusiness(app);
    const us = await countryId(app, "US");
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        kybCall(
          app,
          token,
          "POST",
          "/owners",
          ownerBody(us, { ownership_percent: "50.5", email: `o${n}@example.com` }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
    const controllers = await Promise.all(
      [1, 2].map((n) =>
        kybCall(
          app,
          token,
          "POST",
          "/owners",
          ownerBody(us, { ownership_percent: "", is_controlling: true, email: `c${n}@example.com` }),
        ),
      ),
    );
    expect(controllers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
  });
});

async function ownersHits(ownerId: number) {
  return app.db
    .select()
    .from(screeningHits)
    .where(and(eq(screeningHits.subjectKind, "business_owner"), eq(screeningHits.subjectId, ownerId)));
}

async function verifyOwner(token: string, ownerId: number, documentNumber = "GOOD123") {
  const { path, query } = await ownerSdk(app, token, ownerId);
  await completeSdk(app, path, documentNumber, query);
}

describe("screening, the owners' identity checks and the business's level", () => {
  it("verifies an owner through the sandbox's signed webhook, then gives the business its level and limits", async () => {
    const { token, userId } = await signedInBusiness(app);
    const us = await countryId(app, "US");
    await detailsAndDocuments(app, token, us);
    const owner = await addOwner(app, token, ownerBody(us, { is_controlling: true }));
    const partner = await addOwner(
      app,
      token,
      ownerBody(us, { first_name: "Tomás", last_name: "Ibarra", ownership_percent: "40" }),
    );
    expect((await kybState(app, token)).can_submit).toBe(true);
    const submitted = await kybCall(app, token, "POST", "/submit");
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe("in_review");

    await verifyOwner(token, owner.id);
    await eventually(async () => {
      const state = await kybState(app, token);
      expect(state.owners.find((row) => row.id === owner.id)?.verification).toBe("approved");
    });
    // One owner approved is not all of them.
    expect((await kybState(app, token)).level).toBe("unverified");
    // The name and birth date are the checked person's now.
    const renamed = await kybCall(
      app,
      token,
      "PUT",
      `/owners/${owner.id}`,
      ownerBody(us, { is_controlling: true, first_name: "Other" }),
    );
    expect(renamed.statusCode).toBe(409);

    await verifyOwner(token, partner.id);
    await eventually(async () => {
      const state = await kybState(app, token);
      expect(state.status).toBe("verified");
      expect(state.level).toBe("identity_verified");
    });
    expect((await verificationStateOf(app.db, userId)).level).toBe("identity_verified");
    const levels = parsedData(
      await app.inject({ method: "GET", url: "/api/identity-verification/levels", headers: bearer(token) }),
      200,
      z.array(verificationLevelView),
    );
    expect(levels.find((level) => level.current)?.level).toBe("identity_verified");
    // Verified: changes go through support.
    expect((await kybCall(app, token, "DELETE", `/owners/${partner.id}`)).statusCode).toBe(409);
  });

  it("screens an owner on a listed name: an open hit keeps the business unverified until cleared", async () => {
    const { token, userId } = await signedInBusiness(app);
    const us = await countryId(app, "US");
    await detailsAndDocuments(app, token, us);
    const listed = await addOwner(
      app,
      token,
      ownerBody(us, {
        first_name: "Marisol",
        last_name: "Quintero Blanco",
        ownership_percent: "100",
        is_controlling: true,
      }),
    );
    const hits = await ownersHits(listed.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ status: "open", orderId: null, screenedName: "Marisol Quintero Blanco" });
    // Never shown to the business.
    expect(JSON.stringify(await kybState(app, token))).not.toMatch(/sanction|Quintero Blanco.*list/i);

    expect((await kybCall(app, token, "POST", "/submit")).statusCode).toBe(200);
    await verifyOwner(token, listed.id);
    await eventually(async () => {
      const state = await kybState(app, token);
      expect(state.owners[0]?.verification).toBe("approved");
    });
    const waiting = await kybState(app, token);
    expect(waiting.status).toBe("in_review");
    expect(waiting.level).toBe("unverified");

    await decideHit(
      { db: app.db, resumeOrder: async () => {} },
      { hitId: hits[0]?.id ?? 0, decision: "clear", reviewer: "compliance" },
    );
    expect((await kybState(app, token)).status).toBe("verified");
    expect((await verificationStateOf(app.db, userId)).level).toBe("identity_verified");
  });

  it("blocks the business on a confirmed hit", async () => {
    const { token, userId } = await signedInBusiness(app);
    const us = await countryId(app, "US");
    const listed = await addOwner(
      app,
      token,
      ownerBody(us, { first_name: "Ernesto", last_name: "Valderrama Osorio", is_controlling: true }),
    );
    const [hit] = await ownersHits(listed.id);
    await decideHit(
      { db: app.db, resumeOrder: async () => {} },
      { hitId: hit?.id ?? 0, decision: "confirm", reviewer: "compliance" },
    );
    expect((await kybState(app, token)).status).toBe("blocked");
    const state = await verificationStateOf(app.db, userId);
    expect(state.blockedAt).not.toBeNull();
    expect(state.blockedReason).toBe("kyb_sanctions_confirmed");
    expect((await kybCall(app, token, "POST", "/owners", ownerBody(us))).statusCode).toBe(403);
  });

  it("blocks the business on an owner's RED FINAL, and lets a RETRY try again", async () => {
    const { token, userId } = await signedInBusiness(app);
    const us = await countryId(app, "US");
    const owner = await addOwner(app, token, ownerBody(us, { is_controlling: true }));
    await verifyOwner(token, owner.id, "RETRY-1");
    await eventually(async () => {
      const row = (await kybState(app, token)).owners[0];
      expect(row?.verification).toBe("retry");
      expect(row?.verification_message).toMatch(/blurry/);
    });
    expect((await verificationStateOf(app.db, userId)).blockedAt).toBeNull();
    await verifyOwner(token, owner.id, "FINAL-1");
    await eventually(async () => {
      expect((await kybState(app, token)).status).toBe("blocked");
    });
    expect((await verificationStateOf(app.db, userId)).blockedReason).toBe("kyb_owner_rejected");
    expect((await kybCall(app, token, "POST", `/owners/${owner.id}/access-token`)).statusCode).toBe(403);
  });

  it("ignores an owner's event older than the newest one applied (out of order), and a replay", async () => {
    const { token } = await signedInBusiness(app);
    const us = await countryId(app, "US");
    const owner = await addOwner(app, token, ownerBody(us, { is_controlling: true }));
    await ownerSdk(app, token, owner.id);
    const [row] = await app.db.select().from(kybOwners).where(eq(kybOwners.id, owner.id));
    const applicantId = row?.providerApplicantId ?? "";
    const secret = VERIFICATION_SETTINGS.SANDBOX_WEBHOOK_SECRET;
    const body = (at: number, review: "pending" | "GREEN") =>
      JSON.stringify({
        applicantId,
        externalUserId: `owner-${owner.id}`,
        levelName: "identity",
        type: review === "GREEN" ? "applicantReviewed" : "applicantPending",
        reviewStatus: review === "GREEN" ? "completed" : "pending",
        createdAtMs: formatCreatedAtMs(new Date(at)),
        ...(review === "GREEN" ? { reviewResult: { reviewAnswer: "GREEN" } } : {}),
      });
    const send = (text: string) =>
      app.inject({
        method: "POST",
        url: "/api/identity-verification/webhooks/sumsub",
        headers: {
          "content-type": "application/json",
          "x-payload-digest": payloadDigest(secret, text),
          "x-payload-digest-alg": "HMAC_SHA256_HEX",
        },
        payload: text,
      });
    const now = Date.now();
    const green = body(now, "GREEN");
    expect((await send(green)).json().data.outcome).toBe("applied");
    expect((await send(body(now - 5000, "pending"))).json().data.outcome).toBe("stale");
    expect((await send(green)).json().data.outcome).toBe("replayed");
    expect((await kybState(app, token)).owners[0]?.verification).toBe("approved");
  });
});
