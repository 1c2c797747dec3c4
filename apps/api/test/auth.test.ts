import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashToken } from "../src/auth/secrets";
import { currentTotpCode } from "../src/auth/totp";
import { authSessions, retiredRefreshTokens, users, verificationCodes } from "../src/db/schema/index";
import {
  bearer,
  clientBody,
  GOOD_PASSWORD,
  latestCode,
  latestMessage,
  postClientRegistration,
  recoveryCode,
  registerUnverifiedClient as registerClient,
  uniqueEmail,
  useAuthenticatorApp,
  wrongCode,
} from "./auth-support";
import { appForThisFile, buildTestApp, postJsonText } from "./helper";

// Proves identity end to end through the API: registration of the three kinds, sessions and
// their rotation, the role and grant headers, e-mail and phone verification, two-factor login,
// password recovery, brute-force locks and the service rules — each with its bad inputs.
const app = appForThisFile();

async function sessionIdOf(accessToken: string) {
  const [row] = await app.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(eq(authSessions.accessTokenHash, hashToken(accessToken)));
  if (!row) throw new Error("No session for this token");
  return row.id;
}

const login = (email: string, password: string, remoteAddress = "127.0.0.1") =>
  app.inject({
    method: "POST",
    url: "/api/authentication/login",
    payload: { email, password },
    remoteAddress,
  });

describe("registration", () => {
  it("opens a client account, signs it in and e-mails a verification code", async () => {
    const body = await clientBody(app);
    const response = await postClientRegistration(app, body);
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      token_type: "Bearer",
      expires_in: 900,
      role: "client",
      user_type: "client",
      permissions: { giftcard: true, paybill: true, recharge: true, sendmoney: true },
      onboarding: { available: true, email_verified: false, phone_verified: false, status: "pending_email" },
      user: { email: body.email, first_name: "Ana", organization_name: null, tfa_enabled: false },
    });
    expect(data.token).toMatch(/^vat_/);
    expect(data.refresh_token).toMatch(/^vrt_/);
    expect(await latestCode(app, body.email)).toMatch(/^\d{6}$/);

    // Only hashes reach the database: neither the password nor the tokens are stored as sent.
    const [stored] = await app.db.select().from(users).where(eq(users.email, body.email));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    const sessions = await app.db.select().from(authSessions).where(eq(authSessions.userId, stored!.id));
    expect(sessions[0]?.accessTokenHash).not.toContain(data.token);
    expect(sessions[0]?.accessTokenHash).toHaveLength(64);
  });

  it("opens an agent account with its agency", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/agents/onboarding/register",
      payload: {
        ...(await clientBody(app)),
        agency_name: "Envíos Rápidos",
        address: "12 Main Street",
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      role: "agent",
      user: { organization_name: "Envíos Rápidos" },
      onboarding: { available: false },
    });
  });

  it("opens a business account with a type from the business-types list", async () => {
    const types = await app.inject({ method: "GET", url: "/api/onboarding/business/types" });
    expect(types.statusCode).toBe(200);
    const llc = types.json().data.find((type: { slug: string }) => type.slug === "limited-liability-company");
    const response = await app.inject({
      method: "POST",
      url: "/api/onboarding/business/register",
      payload: {
        ...(await clientBody(app)),
        legal_name: "Acme Imports LLC",
        business_type_id: llc.id,
        tax_id: "12-3456789",
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ role: "business", onboarding: { available: false } });
  });

  it("refuses a duplicate e-mail address, compared without case, with 409", async () => {
    const { body } = await registerClient(app);
    const response = await postClientRegistration(
      app,
      await clientBody(app, { email: body.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      errors: { email: ["This e-mail address is already registered."] },
    });
  });

  it.each([
    [
      "a common password",
      { password: "password123", password_confirmation: "password123" },
      "password",
      "This password is too common. Choose a less predictable one.",
    ],
    [
      "a short password",
      { password: "Ab1!", password_confirmation: "Ab1!" },
      "password",
      "Must be at least 8 characters.",
    ],
    ["an over-long password", { password: "x".repeat(129) }, "password", "Must be at most 128 characters."],
    [
      "a password with the person's name",
      { password: "garcia-2026-xyz", password_confirmation: "garcia-2026-xyz" },
      "password",
      "The password must not contain your name or e-mail address.",
    ],
    [
      "a confirmation that differs",
      { password_confirmation: "Another-Thing-99" },
      "password_confirmation",
      "Does not match the password.",
    ],
    ["an invalid e-mail", { email: "not-an-email" }, "email", "Must be a valid email address."],
    ["terms not accepted", { terms: false }, "terms", "The terms and conditions must be accepted."],
    ["an unknown country", { country_id: 999999 }, "country_id", "Unknown country."],
    [
      "a phone with letters",
      { phone_number: "555-CALL-ME" },
      "phone_number",
      "Must be a phone number of 4 to 15 digits.",
    ],
  ])("refuses %s with 422 and nothing created", async (_label, overrides, field, message) => {
    const body = await clientBody(app, overrides);
    const response = await postClientRegistration(app, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    const [row] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${String(body.email)})`);
    expect(row?.n).toBe(0);
  });

  it("answers a bad body with 422 and errors by field, and malformed JSON with 400", async () => {
    const bad = await postClientRegistration(app, { first_name: 42, email: "x" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(["first_name", "email", "password"]),
    );
    const malformed = await postJsonText(app, "/api/onboarding/client/register", '{"email": ');
    expect(malformed.statusCode).toBe(400);
  });
});

describe("sessions", () => {
  it("signs in, checks the session and signs out for real", async () => {
    const { body } = await registerClient(app);
    const response = await login(body.email, GOOD_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { token } = response.json().data;

    const me = await app.inject({ method: "GET", url: "/api/authentication/me", headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ role: "client", user: { email: body.email } });

    const logout = await app.inject({
      method: "GET",
      url: "/api/authentication/logout",
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    const after = await app.inject({ method: "GET", url: "/api/authentication/me", headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it("refuses a wrong password and an unknown e-mail alike with 401", async () => {
    const { body } = await registerClient(app);
    const wrong = await login(body.email, "Not-The-Password-1");
    const unknown = await login(uniqueEmail("nobody"), "Not-The-Password-1");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe("These credentials do not match our records.");
  });

  it("answers 401 without a token and for a made-up one", async () => {
    expect((await app.inject({ method: "GET", url: "/api/authentication/me" })).statusCode).toBe(401);
    const madeUp = await app.inject({
      method: "GET",
      url: "/api/authentication/me",
      headers: bearer("vat_madeup"),
    });
    expect(madeUp.statusCode).toBe(401);
  });

  it("rotates the refresh token on every use and ends the session when an old one is replayed", async () => {
    const { session } = await registerClient(app);
    const first = await app.inject({
      method: "POST",
      url: "/api/authentication/refresh-token",
      payload: { refresh_token: session.refresh_token },
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.json().data;
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    // The old access token stopped working when the pair rotated; the new one works.
    expect(
      (await app.inject({ method: "GET", url: "/api/authentication/me", headers: bearer(session.token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: "GET", url: "/api/authentication/me", headers: bearer(rotated.token) }))
        .statusCode,
    ).toBe(200);

    // Within the grace window (a second tab refreshing at the same moment), the old token answers
    // the pair that replaced it rather than ending the session.
    const twin = await app.inject({
      method: "POST",
      url: "/api/authentication/refresh-token",
      payload: { refresh_token: session.refresh_token },
    });
    expect(twin.statusCode).toBe(200);
    expect(twin.json().data).toMatchObject({ token: rotated.token, refresh_token: rotated.refresh_token });

    // After it, the old token is a copy being replayed.
    await app.db
      .update(retiredRefreshTokens)
      .set({ retiredAt: sql`now() - interval '1 minute'` })
      .where(eq(retiredRefreshTokens.sessionId, await sessionIdOf(rotated.token)));
    const replay = await app.inject({
      method: "POST",
      url: "/api/authentication/refresh-token",
      payload: { refresh_token: session.refresh_token },
    });
    expect(replay.statusCode).toBe(401);
    // The whole family is gone: the newest tokens were revoked too.
    expect(
      (await app.inject({ method: "GET", url: "/api/authentication/me", headers: bearer(rotated.token) }))
        .statusCode,
    ).toBe(401);
    const again = await app.inject({
      method: "POST",
      url: "/api/authentication/refresh-token",
      payload: { refresh_token: rotated.refresh_token },
    });
    expect(again.statusCode).toBe(401);
  });

  it("reports an expired access token as expired, and the refresh token renews it", async () => {
    const shortLived = await buildTestApp({ ACCESS_TOKEN_TTL_SECONDS: "1" });
    try {
      const registered = await postClientRegistration(shortLived, await clientBody(shortLived));
      const { token, refresh_token, expires_in } = registered.json().data;
      expect(expires_in).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const expired = await shortLived.inject({
        method: "GET",
        url: "/api/authentication/me",
        headers: bearer(token),
      });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe("Your session has expired.");
      const renewed = await shortLived.inject({
        method: "POST",
        url: "/api/authentication/refresh-token",
        payload: { refresh_token },
      });
      expect(renewed.statusCode).toBe(200);
    } finally {
      await shortLived.close();
    }
  });
});

describe("role and grant headers", () => {
  it("refuses a role or grant header that disagrees with the session, changing nothing", async () => {
    const { session } = await registerClient(app);
    for (const headers of [
      { role: "business" },
      { grant: "agent" },
      { role: "agent", grant: "agent" },
    ] as Record<string, string>[]) {
      const response = await app.inject({
        method: "GET",
        url: "/api/authentication/logout",
        headers: bearer(session.token, headers),
      });
      expect(response.statusCode).toBe(403);
    }
    // The logouts above were refused, so the session still works.
    const me = await app.inject({
      method: "GET",
      url: "/api/authentication/me",
      headers: bearer(session.token, { role: "client", grant: "client" }),
    });
    expect(me.statusCode).toBe(200);
  });

  it("keeps each kind's on-boarding to that kind", async () => {
    const { session } = await registerClient(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/onboarding/agent/email/resend-email",
      headers: bearer(session.token),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("e-mail and phone verification", () => {
  it("verifies the e-mail with the code, refusing wrong, reused and exhausted codes", async () => {
    const { body, session } = await registerClient(app);
    const code = await latestCode(app, body.email);
    const url = "/api/onboarding/client/email/verify-email";

    const wrong = await app.inject({
      method: "POST",
      url,
      headers: bearer(session.token),
      payload: { code: wrongCode(code) },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(["The code is not correct. 4 tries left."]);

    const right = await app.inject({
      method: "POST",
      url,
      headers: bearer(session.token),
      payload: { code },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ email_verified: true, status: "pending_phone" });

    const me = await app.inject({
      method: "GET",
      url: "/api/authentication/me",
      headers: bearer(session.token),
    });
    expect(me.json().data.onboarding.email_verified).toBe(true);
    const resend = await app.inject({
      method: "POST",
      url: "/api/onboarding/client/email/resend-email",
      headers: bearer(session.token),
    });
    expect(resend.statusCode).toBe(409);
  });

  it("ends a code after five wrong tries", async () => {
    const { body, session } = await registerClient(app);
    const code = await latestCode(app, body.email);
    const url = "/api/onboarding/client/email/verify-email";
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await app.inject({
        method: "POST",
        url,
        headers: bearer(session.token),
        payload: { code: wrongCode(code) },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const right = await app.inject({
      method: "POST",
      url,
      headers: bearer(session.token),
      payload: { code },
    });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.code).toEqual(["No code is waiting to be checked. Ask for a new one."]);
  });

  it("refuses an expired code", async () => {
    const { body, session } = await registerClient(app);
    const code = await latestCode(app, body.email);
    const [user] = await app.db.select().from(users).where(eq(users.email, body.email));
    await app.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user!.id));
    const response = await app.inject({
      method: "POST",
      url: "/api/onboarding/client/email/verify-email",
      headers: bearer(session.token),
      payload: { code },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.code).toEqual(["The code has expired. Ask for a new one."]);
  });

  it("throttles resending and verifies the phone by SMS", async () => {
    const { body, session } = await registerClient(app);
    const tooSoon = await app.inject({
      method: "POST",
      url: "/api/onboarding/client/email/resend-email",
      headers: bearer(session.token),
    });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers["retry-after"])).toBeGreaterThan(0);

    const sent = await app.inject({
      method: "POST",
      url: "/api/onboarding/client/phone/send-code",
      headers: bearer(session.token),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ channel: "sms", seconds: 60, expires_in: 600 });
    expect(sent.json().data.destination).toMatch(/^\+1 •+\d{2}$/);
    const pending = await app.inject({
      method: "GET",
      url: "/api/onboarding/client/phone/get-code",
      headers: bearer(session.token),
    });
    expect(pending.json().data).toMatchObject({ channel: "sms" });
    expect(JSON.stringify(pending.json())).not.toMatch(/\d{6}/);

    const code = await latestCode(app, `${body.phone_prefix}${body.phone_number}`);
    const verified = await app.inject({
      method: "POST",
      url: "/api/onboarding/client/phone/verify-phone",
      headers: bearer(session.token),
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.phone_verified).toBe(true);
  });
});

describe("two-factor login", () => {
  it("answers a challenge instead of a token, and signs in with the e-mailed code once", async () => {
    const { body } = await registerClient(app);
    await app.db
      .update(users)
      .set({ tfaEnabled: true, tfaMethod: "email" })
      .where(eq(users.email, body.email));

    const first = await login(body.email, GOOD_PASSWORD);
    expect(first.statusCode).toBe(200);
    const challenge = first.json().data;
    expect(challenge).toMatchObject({ tfa_required: true, method: "email", seconds: 60, expires_in: 600 });
    expect(challenge.token).toBeUndefined();
    expect(challenge.destination).toMatch(/^an•••@ex•••\.com$/);

    const code = await latestCode(app, body.email);
    const wrong = await app.inject({
      method: "POST",
      url: "/api/authentication/tfa/verify-code-and-login",
      payload: { tfa_token: challenge.tfa_token, code: wrongCode(code) },
    });
    expect(wrong.statusCode).toBe(422);
    const right = await app.inject({
      method: "POST",
      url: "/api/authentication/tfa/verify-code-and-login",
      payload: { tfa_token: challenge.tfa_token, code },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.token).toMatch(/^vat_/);
    const reused = await app.inject({
      method: "POST",
      url: "/api/authentication/tfa/verify-code-and-login",
      payload: { tfa_token: challenge.tfa_token, code },
    });
    expect(reused.statusCode).toBe(401);

    const resendTooSoon = await app.inject({
      method: "POST",
      url: "/api/tfacodes/resend",
      payload: { tfa_token: challenge.tfa_token },
    });
    expect(resendTooSoon.statusCode).toBe(401);

    // The code that held the resend slot is used: a new sign-in at once is sent a fresh code, not
    // kept waiting for the rest of the 60 s.
    const again = await login(body.email, GOOD_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ tfa_required: true, seconds: 60 });
    const fresh = await app.inject({
      method: "POST",
      url: "/api/authentication/tfa/verify-code-and-login",
      payload: { tfa_token: again.json().data.tfa_token, code: await latestCode(app, body.email) },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it("throttles resending the code and signs in by SMS through the SMS validation", async () => {
    const { body } = await registerClient(app);
    await app.db
      .update(users)
      .set({ tfaEnabled: true, tfaMethod: "sms", phoneVerifiedAt: new Date() })
      .where(eq(users.email, body.email));
    const challenge = (await login(body.email, GOOD_PASSWORD)).json().data;
    expect(challenge.method).toBe("sms");
    const resend = await app.inject({
      method: "POST",
      url: "/api/tfacodes/resend",
      payload: { tfa_token: challenge.tfa_token },
    });
    expect(resend.statusCode).toBe(429);
    const code = await latestCode(app, `${body.phone_prefix}${body.phone_number}`);
    const signedIn = await app.inject({
      method: "POST",
      url: "/api/smscodes/auth/validation",
      payload: { tfa_token: challenge.tfa_token, code },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it("signs in with an authenticator app's code", async () => {
    const { body } = await registerClient(app);
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await useAuthenticatorApp(app, body.email, secret);
    const challenge = (await login(body.email, GOOD_PASSWORD)).json().data;
    expect(challenge).toMatchObject({ method: "totp", destination: null });
    const response = await app.inject({
      method: "POST",
      url: "/api/authentication/tfa/verify-code-and-login",
      payload: { tfa_token: challenge.tfa_token, code: currentTotpCode(secret) },
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses an unknown two-factor token", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/authentication/tfa/verify-code-and-login",
      payload: { tfa_token: "vtf_this-token-was-never-issued", code: "123456" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("brute force", () => {
  it("locks an account after five failed logins, even for the right password", async () => {
    const { body } = await registerClient(app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await login(body.email, `Wrong-Password-${i}`, "10.9.0.1")).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await login(body.email, GOOD_PASSWORD, "10.9.0.2");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe("Too many failed attempts. Your account is locked for 15 minutes.");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(800);
  });

  it("refuses an IP that failed too often, whichever accounts it tried", async () => {
    for (let i = 0; i < 30; i++) await login(uniqueEmail("probe"), "Wrong-Password-1", "10.9.9.9");
    const refused = await login(uniqueEmail("probe"), "Wrong-Password-1", "10.9.9.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "Too many failed attempts from your network. Try again in 15 minutes.",
    );
    // Another network is unaffected.
    expect((await login(uniqueEmail("probe"), "Wrong-Password-1", "10.9.9.10")).statusCode).toBe(401);
  });
});

describe("password recovery", () => {
  it("answers the same for an unknown address as for an account, at every step", async () => {
    const { body } = await registerClient(app);
    await app.db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.email, body.email));
    const ghost = uniqueEmail("ghost");
    const post = (step: string, payload: Record<string, unknown>, remoteAddress: string) =>
      app.inject({
        method: "POST",
        url: `/api/authentication/forgot-password/${step}`,
        payload,
        remoteAddress,
      });
    // Each address is tried from its own network, as an attacker comparing them would.
    const both = async (step: string, payload: Record<string, unknown>) => [
      await post(step, { ...payload, email: body.email }, "10.8.0.1"),
      await post(step, { ...payload, email: ghost }, "10.8.0.2"),
    ];
    const shape = (response: { statusCode: number; json: () => Record<string, unknown> }) => {
      const { data, ...rest } = response.json();
      return { status: response.statusCode, rest, fields: data ? Object.keys(data as object) : null };
    };

    // Masking: no real prefix, no real length, only two digits behind a fixed mask.
    const [maskKnown, maskGhost] = await both("masking", {});
    expect(shape(maskKnown!)).toEqual(shape(maskGhost!));
    expect(maskKnown!.json().data.phone).toMatch(/^•{8}\d{2}$/);
    expect(maskGhost!.json().data.phone).toMatch(/^•{8}\d{2}$/);
    expect(maskKnown!.json().data.email).toMatch(/^an•••@ex•••\.com$/);

    // Sending: the same answer, and the same wait when asked again at once.
    const [sentKnown, sentGhost] = await both("send-code", {});
    expect(sentKnown!.json()).toEqual(sentGhost!.json());
    const [againKnown, againGhost] = await both("send-code", {});
    expect(againKnown!.statusCode).toBe(429);
    expect(againGhost!.statusCode).toBe(429);
    expect(againKnown!.json()).toEqual(againGhost!.json());

    // Checking a wrong code: the same refusal, no tries counted out loud.
    const code = await latestCode(app, body.email);
    const [wrongKnown, wrongGhost] = await both("validate-code", { code: wrongCode(code) });
    expect(wrongKnown!.statusCode).toBe(422);
    expect(wrongKnown!.json()).toEqual(wrongGhost!.json());

    // The login lock exists for an address without an account too.
    const lockStatuses = async (email: string, ip: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(email, `Wrong-Password-${i}`, ip)).statusCode);
      return statuses;
    };
    const knownLock = await lockStatuses(body.email, "10.8.1.1");
    expect(knownLock).toEqual([401, 401, 401, 401, 429, 429]);
    expect(await lockStatuses(ghost, "10.8.1.2")).toEqual(knownLock);
  });

  it("answers send-code without waiting for the message to go out", async () => {
    const { body } = await registerClient(app);
    const send = app.email.send;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isSent = false;
    app.email.send = async (message) => {
      await gate;
      await send(message);
      isSent = true;
    };
    try {
      const response = await app.inject({
        method: "POST",
        url: "/api/authentication/forgot-password/send-code",
        payload: { email: body.email },
        remoteAddress: "10.8.2.1",
      });
      // Answered while the mail server (held here) has not taken the message yet.
      expect(response.statusCode).toBe(200);
      expect(isSent).toBe(false);
      release();
      await app.backgroundTasks.settle();
      expect(isSent).toBe(true);
      const message = await latestMessage(app, body.email);
      expect(message?.text).toContain("reset your password");
    } finally {
      release();
      app.email.send = send;
    }
  });

  it("resets the password with the code and ends every session", async () => {
    const { body, session } = await registerClient(app);
    const code = await recoveryCode(app, body.email);
    const validated = await app.inject({
      method: "POST",
      url: "/api/authentication/forgot-password/validate-code",
      payload: { email: body.email, code },
    });
    expect(validated.statusCode).toBe(200);
    const { reset_token } = validated.json().data;

    const weak = await app.inject({
      method: "POST",
      url: "/api/authentication/forgot-password/reset-password",
      payload: { reset_token, password: "qwertyuiop", password_confirmation: "qwertyuiop" },
    });
    expect(weak.statusCode).toBe(422);

    const newPassword = "Velvet-Harbour-77";
    const reset = await app.inject({
      method: "POST",
      url: "/api/authentication/forgot-password/reset-password",
      payload: { reset_token, password: newPassword, password_confirmation: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await app.inject({ method: "GET", url: "/api/authentication/me", headers: bearer(session.token) }))
        .statusCode,
    ).toBe(401);
    const refresh = await app.inject({
      method: "POST",
      url: "/api/authentication/refresh-token",
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await login(body.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await login(body.email, newPassword)).statusCode).toBe(200);

    const reused = await app.inject({
      method: "POST",
      url: "/api/authentication/forgot-password/reset-password",
      payload: { reset_token, password: "Another-Harbour-78", password_confirmation: "Another-Harbour-78" },
    });
    expect(reused.statusCode).toBe(422);
  });

  it("refuses a wrong recovery code", async () => {
    const { body } = await registerClient(app);
    const code = await recoveryCode(app, body.email);
    const response = await app.inject({
      method: "POST",
      url: "/api/authentication/forgot-password/validate-code",
      payload: { email: body.email, code: wrongCode(code) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      code: ["The code is not correct or is no longer valid. Ask for a new one."],
    });
    const spanish = await app.inject({
      method: "POST",
      url: "/api/authentication/forgot-password/validate-code",
      headers: { language: "es" },
      payload: { email: body.email, code: wrongCode(code) },
    });
    expect(spanish.json().errors).toEqual({
      code: ["El código no es correcto o ya no es válido. Pide uno nuevo."],
    });
  });
});

describe("service rules", () => {
  it("asks for the e-mail, then the phone, then lets the user through", async () => {
    const { body, session } = await registerClient(app);
    const rules = async (url: string) =>
      (await app.inject({ method: "GET", url, headers: bearer(session.token) })).json().data;

    expect(await rules("/api/examine-rules")).toMatchObject({
      allowed: false,
      hide_modal: false,
      modal: { code: "VERIFY_EMAIL", button: { code: "VERIFY_EMAIL" }, persistent: true, show: true },
    });
    await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, body.email));
    expect(await rules("/api/examine-rules")).toEqual({ allowed: true, hide_modal: true, modal: null });
    expect((await rules("/api/sendmoney/examine-rules")).modal.code).toBe("VERIFY_PHONE");
    await app.db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.email, body.email));
    expect((await rules("/api/sendmoney/examine-rules")).allowed).toBe(true);

    await app.db
      .update(users)
      .set({ permissions: { giftcard: false } })
      .where(eq(users.email, body.email));
    const giftcard = await rules("/api/giftcard/examine-rules");
    expect(giftcard.modal).toMatchObject({ code: "SERVICE_DISABLED", button: { code: "CONTACT_SUPPORT" } });
    const me = await app.inject({
      method: "GET",
      url: "/api/authentication/me",
      headers: bearer(session.token),
    });
    expect(me.json().data.permissions).toEqual({
      giftcard: false,
      paybill: true,
      recharge: true,
      sendmoney: true,
    });
  });

  it("refuses an unknown service with 422", async () => {
    const { session } = await registerClient(app);
    const response = await app.inject({
      method: "GET",
      url: "/api/teleport/examine-rules",
      headers: bearer(session.token),
    });
    expect(response.statusCode).toBe(422);
  });

  it("answers in Spanish when asked", async () => {
    const { session } = await registerClient(app);
    const response = await app.inject({
      method: "GET",
      url: "/api/examine-rules",
      headers: bearer(session.token, { language: "es" }),
    });
    expect(response.json().data.modal.title).toBe("Verifica tu correo electrónico");
  });
});

describe("role-only routes", () => {
  it("let only the named kinds through, and refuse the others with 403", async () => {
    const { buildApp } = await import("../src/app");
    const { openFreshDatabase, testConfig } = await import("./helper");
    const scoped = await buildApp({ config: testConfig(), database: await openFreshDatabase() });
    scoped.get("/api/test/agents-only", { preValidation: scoped.requireAuth(["agent"]) }, async () => ({
      ok: true,
    }));
    scoped.get(
      "/api/test/businesses-only",
      { preValidation: scoped.requireAuth(["business"]) },
      async () => ({
        ok: true,
      }),
    );
    await scoped.ready();
    try {
      const client = (await registerClient(scoped)).session.token;
      const agent = (
        await scoped.inject({
          method: "POST",
          url: "/api/agents/onboarding/register",
          payload: { ...(await clientBody(scoped)), agency_name: "Envíos Sol", address: "1 Sun Street" },
        })
      ).json().data.token;
      const call = (url: string, token: string) =>
        scoped.inject({ method: "GET", url, headers: bearer(token) });
      expect((await call("/api/test/agents-only", agent)).statusCode).toBe(200);
      expect((await call("/api/test/agents-only", client)).statusCode).toBe(403);
      expect((await call("/api/test/businesses-only", agent)).statusCode).toBe(403);
      expect((await scoped.inject({ method: "GET", url: "/api/test/agents-only" })).statusCode).toBe(401);
    } finally {
      await scoped.close();
    }
  });
});
