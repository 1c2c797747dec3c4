import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../src/db/schema/index";
import { createEmailProvider } from "../src/providers/email/email-provider";
import { createOutbox } from "../src/providers/outbox";
import { createSmsProvider } from "../src/providers/sms/sms-provider";
import { bearer, latestCode, registerClient } from "./auth-support";
import { appForThisFile, buildTestApp, type TestApp } from "./helper";

// Proves the development outbox: it lists the messages kept instead of sent (the codes among
// them) newest first, bounds its limit, forgets messages after a day, and does not exist at all in
// production: neither the route nor the table's use (production must name real transports).
const app = appForThisFile();

describe("GET /api/dev/outbox", () => {
  it("lists the e-mail and SMS codes, newest first, without a session", async () => {
    const { body, session } = await registerClient(app);
    await app.inject({
      method: "POST",
      url: "/api/settings/phone-settings/send-code",
      headers: bearer(session.token),
    });

    const response = await app.inject({ method: "GET", url: "/api/dev/outbox" });
    expect(response.statusCode).toBe(200);
    const messages = response.json().data;
    const [sms, email] = messages;
    expect(sms).toMatchObject({ channel: "sms", to: `+1${body.phone_number}`, subject: null });
    expect(sms.text).toContain(await latestCode(app, `+1${body.phone_number}`));
    expect(email).toMatchObject({ channel: "email", to: body.email });
    expect(email.text).toContain(await latestCode(app, body.email));
    expect(email.subject).toMatch(/^Your Vela code: \d{6}$/);
    expect(sms.id).toBeGreaterThan(email.id);
    expect(Number.isNaN(Date.parse(sms.created_at))).toBe(false);
  });

  it("answers at most `limit` messages and refuses a limit outside 1..100", async () => {
    await registerClient(app);
    await registerClient(app);
    const limited = await app.inject({ method: "GET", url: "/api/dev/outbox?limit=1" });
    expect(limited.json().data).toHaveLength(1);

    for (const limit of ["0", "101", "many"]) {
      const refused = await app.inject({ method: "GET", url: `/api/dev/outbox?limit=${limit}` });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(["limit"]);
    }
  });
});

describe("in production", () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await buildTestApp({
      NODE_ENV: "production",
      APP_SECRET: "x".repeat(32),
      SMTP_URL: "smtp://127.0.0.1:2525",
      SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms",
      ALLOW_SANDBOX_PROVIDERS: "true",
      SANDBOX_WEBHOOK_SECRET: "a-staging-webhook-secret",
    });
  });
  afterAll(() => production.close());

  it("has no outbox route", async () => {
    const response = await production.inject({ method: "GET", url: "/api/dev/outbox" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: "Not found." });
  });

  it("sends through the configured transports and never builds the outbox", async () => {
    expect(production.email.name).toBe("smtp");
    expect(production.sms.name).toBe("webhook");
    const config = {
      NODE_ENV: "production",
      MAIL_FROM: "x <x@example.com>",
      MESSAGE_TIMEOUT_SECONDS: 10,
    } as const;
    expect(() => createOutbox(config, production.db)).toThrow(/SMTP_URL and SMS_WEBHOOK_URL/);
    expect(() => createEmailProvider(config, production.db)).toThrow(/SMTP_URL/);
    expect(() => createSmsProvider(config, production.db)).toThrow(/SMS_WEBHOOK_URL/);
  });
});

describe("retention", () => {
  it("forgets messages older than a day when the next one is kept", async () => {
    const [old] = await app.db
      .insert(outboxMessages)
      .values({
        channel: "email",
        recipient: "old@example.com",
        subject: "Your Vela code: 111111",
        text: "111111",
      })
      .returning();
    await app.db
      .update(outboxMessages)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(outboxMessages.id, old?.id ?? 0));
    await registerClient(app);
    const left = await app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "old@example.com"));
    expect(left).toEqual([]);
  });
});
