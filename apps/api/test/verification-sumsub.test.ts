import { createHmac } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { ConfigError, loadConfig } from "../src/config";
import { createSumsubVerification, signRequest } from "../src/providers/verification/sumsub";
import { payloadDigest } from "../src/providers/verification/sumsub-webhook";
import type { VerificationProvider } from "../src/providers/verification/verification-provider";
import { FX_TEST_CLOCK, openFreshDatabase, type TestApp, testConfig } from "./helper";

// The Sumsub adapter against a local fake of Sumsub's API that checks each request's signature as
// Sumsub does (X-App-Token, X-App-Access-Ts, X-App-Access-Sig = hex HMAC-SHA256 of ts + METHOD +
// path with query + body) and answers with the documented JSON shapes; its webhook check; and the
// configuration: VERIFICATION_PROVIDER=sumsub needs its keys, production refuses the sandbox.
const APP_TOKEN = "sbx:test-app-token";
const SECRET_KEY = "test-secret-key-for-the-fake";
const WEBHOOK_SECRET = "sumsub-webhook-secret-0123";

type Seen = { method: string; url: string; body: string; signatureOk: boolean };
const seen: Seen[] = [];
let fake: FastifyInstance;
let provider: VerificationProvider;
const applicants = new Map<string, { id: string; externalUserId: string; levelName: string }>();

beforeAll(async () => {
  fake = Fastify();
  fake.removeContentTypeParser("application/json");
  fake.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
    done(null, body),
  );
  // Sumsub's check: the signature over exactly what was sent, with a fresh timestamp, else 401.
  fake.addHook("preHandler", async (request, reply) => {
    const body = typeof request.body === "string" ? request.body : "";
    const ts = String(request.headers["x-app-access-ts"] ?? "");
    const expected = createHmac("sha256", SECRET_KEY)
      .update(`${ts}${request.method}${request.url}${body}`)
      .digest("hex");
    const signatureOk =
      request.headers["x-app-token"] === APP_TOKEN &&
      request.headers["x-app-access-sig"] === expected &&
      Math.abs(Date.now() / 1000 - Number(ts)) < 60;
    seen.push({ method: request.method, url: request.url, body, signatureOk });
    if (!signatureOk)
      return reply
        .status(401)
        .send({ description: "Request signature mismatch", code: 401, correlationId: "c" });
  });
  fake.post("/resources/applicants", async (request, reply) => {
    const { externalUserId } = JSON.parse(String(request.body)) as { externalUserId: string };
    const levelName = String((request.query as Record<string, string>).levelName);
    if ([...applicants.values()].some((a) => a.externalUserId === externalUserId))
      return reply.status(409).send({
        description: `Applicant with external user id '${externalUserId}' already exists`,
        code: 409,
      });
    const id = `5b594ade0a975a36c9349e6${applicants.size}`;
    applicants.set(id, { id, externalUserId, levelName });
    return {
      id,
      createdAt: "2026-11-01 12:00:00",
      clientId: "vela",
      inspectionId: `i${id}`,
      externalUserId,
      review: { reviewStatus: "init" },
    };
  });
  fake.get("/resources/applicants/:selector/one", async (request, reply) => {
    const { selector } = request.params as { selector: string };
    const byExternal = /^-;externalUserId=(.+)$/.exec(decodeURIComponent(selector));
    const found = byExternal
      ? [...applicants.values()].find((a) => a.externalUserId === byExternal[1])
      : applicants.get(selector);
    if (!found) return reply.status(404).send({ description: "Applicant not found", code: 404 });
    return {
      id: found.id,
      externalUserId: found.externalUserId,
      review: {
        levelName: found.levelName,
        reviewStatus: "completed",
        reviewResult: { reviewAnswer: "GREEN" },
      },
    };
  });
  fake.post("/resources/accessTokens/sdk", async (request) => {
    const body = JSON.parse(String(request.body)) as { userId: string; levelName: string; ttlInSecs: number };
    return { token: `_act-sbx-${body.userId}-${body.ttlInSecs}`, userId: body.userId };
  });
  fake.post("/resources/sdkIntegrations/levels/-/websdkLink", async () => ({
    url: "https://in.sumsub.com/websdk/p/sbx_uni_fake",
  }));
  const address = await fake.listen({ port: 0, host: "127.0.0.1" });
  provider = createSumsubVerification({
    appToken: APP_TOKEN,
    secretKey: SECRET_KEY,
    baseUrl: address,
    webhookSecret: WEBHOOK_SECRET,
  });
});
afterAll(() => fake.close());

describe("the Sumsub adapter", () => {
  it("signs as the documentation shows (a known vector)", () => {
    const ts = "1607551635";
    const path = "/resources/applicants?levelName=basic-kyc-level";
    const body = '{"externalUserId":"someClientUserId"}';
    expect(signRequest(SECRET_KEY, ts, "post", path, body)).toBe(
      createHmac("sha256", SECRET_KEY).update(`${ts}POST${path}${body}`).digest("hex"),
    );
  });

  it("creates an applicant with levelName in the query and externalUserId in the body; a second create finds it", async () => {
    const created = await provider.createApplicant({ externalUserId: "user-7", flow: "identity" });
    expect(created.applicantId).toMatch(/^5b594ade/);
    const request = seen.at(-1);
    expect(request).toEqual({
      method: "POST",
      url: "/resources/applicants?levelName=identity",
      body: '{"externalUserId":"user-7"}',
      signatureOk: true,
    });
    const again = await provider.createApplicant({ externalUserId: "user-7", flow: "identity" });
    expect(again).toEqual(created);
    expect(seen.at(-1)?.url).toBe("/resources/applicants/-;externalUserId=user-7/one");
    expect(seen.every((entry) => entry.signatureOk)).toBe(true);
  });

  it("issues an SDK token with ttlInSecs and the WebSDK link with the fixed return address", async () => {
    const before = Date.now();
    const token = await provider.accessToken({ externalUserId: "user-7", flow: "identity", ttlSeconds: 600 });
    expect(token.token).toBe("_act-sbx-user-7-600");
    expect(token.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 599_000);
    expect(JSON.parse(seen.at(-1)?.body ?? "{}")).toEqual({
      userId: "user-7",
      levelName: "identity",
      ttlInSecs: 600,
    });
    const url = await provider.sdkUrl({
      token: token.token,
      externalUserId: "user-7",
      flow: "identity",
      ttlSeconds: 600,
      language: "es",
      returnUrl: "https://app.vela.test/account/verification?returned=1",
    });
    expect(url).toBe("https://in.sumsub.com/websdk/p/sbx_uni_fake");
    const link = seen.at(-1);
    expect(link?.url).toBe("/resources/sdkIntegrations/levels/-/websdkLink?lang=es");
    expect(JSON.parse(link?.body ?? "{}")).toMatchObject({
      levelName: "identity",
      userId: "user-7",
      redirect: { successUrl: "https://app.vela.test/account/verification?returned=1" },
    });
    expect(link?.signatureOk).toBe(true);
  });

  it("reads an applicant's review, and null for an unknown one", async () => {
    const { applicantId } = await provider.createApplicant({ externalUserId: "user-8", flow: "enhanced" });
    expect(await provider.applicant(applicantId)).toEqual({
      applicantId,
      externalUserId: "user-8",
      flow: "enhanced",
      reviewState: "completed",
      answer: "GREEN",
      rejectType: null,
    });
    expect(await provider.applicant("nope")).toBeNull();
  });

  it("answers 503 when Sumsub refuses the signature (a wrong key), never the key", async () => {
    const wrong = createSumsubVerification({
      appToken: APP_TOKEN,
      secretKey: "not-the-key",
      baseUrl: `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`,
      webhookSecret: WEBHOOK_SECRET,
    });
    await expect(wrong.createApplicant({ externalUserId: "user-9", flow: "identity" })).rejects.toMatchObject(
      {
        statusCode: 503,
      },
    );
    expect(seen.at(-1)?.signatureOk).toBe(false);
  });

  it("verifies a webhook's X-Payload-Digest and reads the review, keeping the two comments apart", () => {
    const body = JSON.stringify({
      applicantId: "5cb56e8e0a975a35f333cb83",
      inspectionId: "5cb56e8e0a975a35f333cb84",
      correlationId: "req-a260b669-4f14-4bb5-a4c5-ac0218acb9a4",
      externalUserId: "user-7",
      levelName: "identity",
      type: "applicantReviewed",
      reviewResult: {
        moderationComment: "We could not verify your profile.",
        clientComment: "Suspected fraudulent account.",
        reviewAnswer: "RED",
        rejectLabels: ["UNSATISFACTORY_PHOTOS"],
        reviewRejectType: "RETRY",
      },
      reviewStatus: "completed",
      createdAtMs: "2020-02-21 13:23:19.321",
    });
    const good = provider.verifyWebhook(body, {
      digest: payloadDigest(WEBHOOK_SECRET, body),
      algorithm: "HMAC_SHA256_HEX",
    });
    expect(good).toEqual({
      signed: true,
      event: {
        type: "applicantReviewed",
        applicantId: "5cb56e8e0a975a35f333cb83",
        externalUserId: "user-7",
        flow: "identity",
        reviewState: "completed",
        answer: "RED",
        rejectType: "RETRY",
        userMessage: "We could not verify your profile.",
        staffMessage: "Suspected fraudulent account.",
        occurredAt: new Date("2020-02-21T13:23:19.321Z"),
      },
    });
    expect(
      provider.verifyWebhook(body, { digest: payloadDigest("wrong-secret", body), algorithm: undefined })
        .signed,
    ).toBe(false);
    expect(provider.verifyWebhook(body, { digest: undefined, algorithm: undefined }).signed).toBe(false);
  });
});

describe("configuration", () => {
  it("VERIFICATION_PROVIDER=sumsub needs its app token, secret key and webhook secret", () => {
    expect(() => loadConfig({ NODE_ENV: "test", VERIFICATION_PROVIDER: "sumsub" })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: "test", VERIFICATION_PROVIDER: "sumsub" });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        "SUMSUB_APP_TOKEN: is required with VERIFICATION_PROVIDER=sumsub",
        "SUMSUB_SECRET_KEY: is required with VERIFICATION_PROVIDER=sumsub",
        "SUMSUB_WEBHOOK_SECRET: is required with VERIFICATION_PROVIDER=sumsub",
      ]);
    }
  });

  it("production refuses the verification sandbox without the staging opt-in", () => {
    const production = {
      NODE_ENV: "production",
      APP_SECRET: "x".repeat(40),
      SMTP_URL: "smtp://127.0.0.1:2525",
      SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms",
      FX_PROVIDER: "ecb",
    };
    try {
      loadConfig(production);
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toContain(
        "VERIFICATION_PROVIDER: is a sandbox in production (anyone may pass identity verification with its test values); set VERIFICATION_PROVIDER=sumsub, or ALLOW_SANDBOX_PROVIDERS=true on a staging server",
      );
    }
    // Sumsub's real retry schedule in production; a hundredth of it elsewhere.
    const staging = {
      ...production,
      ALLOW_SANDBOX_PROVIDERS: "true",
      SANDBOX_WEBHOOK_SECRET: "s".repeat(20),
    };
    expect(loadConfig(staging).VERIFICATION_WEBHOOK_RETRY_SCALE).toBe(1);
    expect(loadConfig({ NODE_ENV: "development" }).VERIFICATION_WEBHOOK_RETRY_SCALE).toBe(0.01);
  });

  describe("an app on Sumsub", () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await buildApp({
        config: testConfig({
          VERIFICATION_PROVIDER: "sumsub",
          SUMSUB_APP_TOKEN: APP_TOKEN,
          SUMSUB_SECRET_KEY: SECRET_KEY,
          SUMSUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
          SUMSUB_BASE_URL: `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`,
          SANDBOX_SWEEP_SECONDS: "0",
        }),
        database: await openFreshDatabase(),
        fx: FX_TEST_CLOCK,
      });
      await app.ready();
    });
    afterAll(() => app?.close());

    it("uses the adapter, serves no sandbox SDK page, and checks webhooks with SUMSUB_WEBHOOK_SECRET", async () => {
      expect(app.providers.verification.name).toBe("sumsub");
      expect(app.sandbox.verification).toBeNull();
      const page = await app.inject({
        method: "GET",
        url: `/api/sandbox/verification/sdk/sbx_act_${"a".repeat(43)}`,
      });
      expect(page.statusCode).toBe(404);
      const body = JSON.stringify({
        type: "applicantCreated",
        applicantId: "x",
        externalUserId: "user-1",
        reviewStatus: "init",
        createdAtMs: "2026-11-01 10:00:00.000",
      });
      const bad = await app.inject({
        method: "POST",
        url: "/api/identity-verification/webhooks/sumsub",
        headers: {
          "content-type": "application/json",
          "x-payload-digest": payloadDigest("vela-sandbox-webhook-secret", body),
        },
        payload: body,
      });
      expect(bad.statusCode).toBe(401);
      const good = await app.inject({
        method: "POST",
        url: "/api/identity-verification/webhooks/sumsub",
        headers: {
          "content-type": "application/json",
          "x-payload-digest": payloadDigest(WEBHOOK_SECRET, body),
        },
        payload: body,
      });
      expect(good.statusCode).toBe(200);
    });
  });
});

describe("the request log", () => {
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: "info", SANDBOX_SWEEP_SECONDS: "0" }),
      database: await openFreshDatabase(),
      fx: FX_TEST_CLOCK,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it("never writes the SDK page's access token (it is in the page's address)", async () => {
    const token = `sbx_act_${"Z".repeat(43)}`;
    lines.length = 0;
    const page = await app.inject({
      method: "GET",
      url: `/api/sandbox/verification/sdk/${token}?language=es`,
    });
    expect(page.statusCode).toBe(404);
    const logged = lines.join("\n");
    expect(logged).toContain("/api/sandbox/verification/sdk/[redacted]?language=es");
    expect(logged).not.toContain(token);
  });
});
