import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentTotpCode } from "../src/auth/totp";
import {
  authSessions,
  outboxMessages,
  retiredRefreshTokens,
  users,
  verificationCodes,
} from "../src/db/schema/index";
import {
  bearer,
  GOOD_PASSWORD,
  latestCode,
  recoveryCode,
  registerUnverifiedClient as registerClient,
  skipResendWait,
  useAuthenticatorApp,
  wrongCode,
} from "./auth-support";
import { buildTestApp, type TestApp } from "./helper";

// Proves that identity's limits hold when the requests arrive together: attempts on a code, failed
// logins and two-step failures are counted by the database in one statement, an authenticator code
// is accepted once, and two tabs refreshing one token at once keep the session. The requests are
// fired together (Promise.all) against real PostgreSQL through the app's pool of ten connections;
// PGlite has one connection and would serialise them, so this needs TEST_DATABASE_URL.
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.warn(
    "SKIPPED identity concurrency suite: it needs real PostgreSQL. Set TEST_DATABASE_URL=postgres://… to run it.",
  );
}

/** A distinct made-up address per request, so the per-IP limit stays out of the way. */
const ipOf = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe.skipIf(!serverUrl)("identity limits under concurrency (PostgreSQL)", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app?.close());

  const login = (email: string, password: string, remoteAddress = "127.0.0.1") =>
    app.inject({
      method: "POST",
      url: "/api/authentication/login",
      payload: { email, password },
      remoteAddress,
    });

  async function codeRow(email: string, purpose: string) {
    const [row] = await app.db
      .select({ attempts: verificationCodes.attempts, consumedAt: verificationCodes.consumedAt })
      .from(verificationCodes)
      .innerJoin(users, eq(users.id, verificationCodes.userId))
      .where(and(eq(users.email, email), eq(verificationCodes.purpose, purpose)))
      .orderBy(sql`${verificationCodes.id} desc`)
      .limit(1);
    return row!;
  }

  /** Messages sent to an address or phone (the test app's providers write them to the outbox). */
  async function sentTo(recipient: string) {
    await app.backgroundTasks.settle();
    const rows = await app.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient));
    return rows.length;
  }

  /** Twenty sends for one destination released together: one message goes out, the rest wait. */
  function expectOneSent(responses: { statusCode: number; headers: Record<string, unknown> }[]) {
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    for (const response of responses.filter((response) => response.statusCode === 429)) {
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
  }

  /**
   * 59 wrong guesses and the right code, released together. However they interleave, at most five
   * are counted: the right code is accepted only if it came before the fifth wrong one, and once
   * five wrong ones are in, the code is dead.
   */
  /** Sends sixty requests at once (`send(i)` makes the i-th) and answers their statuses, in order. */
  const statusesOfSixty = async (send: (i: number) => Promise<{ statusCode: number }>) =>
    (await Promise.all(Array.from({ length: 60 }, (_, i) => send(i)))).map((response) => response.statusCode);

  function expectAtMostFiveTries(statuses: number[], row: { attempts: number }) {
    const accepted = statuses.filter((status) => status === 200).length;
    expect(accepted).toBeLessThanOrEqual(1);
    if (accepted === 1) expect(row.attempts).toBeLessThanOrEqual(4);
    else expect(row.attempts).toBe(5);
  }

  it("locks an account after five failed logins when forty arrive at once", async () => {
    const { body } = await registerClient(app);
    const statuses = (
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(body.email, `Wrong-Password-${i}`, ipOf(i))),
      )
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(36);
    const right = await login(body.email, GOOD_PASSWORD, ipOf(99));
    expect(right.statusCode).toBe(429);
  });

  it("lets 39 wrong passwords and the right one, sent together, through only within five tries", async () => {
    const { body } = await registerClient(app);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(body.email, i === 39 ? GOOD_PASSWORD : `Wrong-Password-${i}`, ipOf(i)),
      ),
    );
    const right = responses[39]!;
    const wrongAnswered = responses.slice(0, 39).filter((response) => response.statusCode === 401).length;
    // Each wrong password keeps the slot it was counted in, so at most four are judged before the
    // lock; the right one gets in only when it was one of the first five counted.
    expect(wrongAnswered).toBeLessThanOrEqual(4);
    expect([200, 429]).toContain(right.statusCode);
    expect(responses.filter((response) => response.statusCode === 429).length).toBeGreaterThanOrEqual(35);
    expect(responses.filter((response) => response.statusCode === 200).length).toBeLessThanOrEqual(1);
  });

  it("refuses an IP after thirty failures when forty arrive at once", async () => {
    const statuses = (
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          login(`probe.${i}.${Date.now()}@example.com`, "Wrong-Password-1", "10.78.0.1"),
        ),
      )
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(30);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
  });

  it("kills an e-mail verification code after five wrong tries, however they are timed", async () => {
    const { body, session } = await registerClient(app);
    const code = await latestCode(app, body.email);
    const guesses = Array.from({ length: 60 }, (_, i) =>
      i === 59 ? code : String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"),
    );
    const statuses = (
      await Promise.all(
        guesses.map((guess, i) =>
          app.inject({
            method: "POST",
            url: "/api/onboarding/client/email/verify-email",
            headers: bearer(session.token),
            payload: { code: guess },
            remoteAddress: ipOf(i),
          }),
        ),
      )
    ).map((response) => response.statusCode);
    expectAtMostFiveTries(statuses, await codeRow(body.email, "verify_email"));
  });

  it("kills a recovery code after five wrong tries, however they are timed", async () => {
    const { body } = await registerClient(app);
    const code = await recoveryCode(app, body.email);
    const statuses = await statusesOfSixty((i) =>
      app.inject({
        method: "POST",
        url: "/api/authentication/forgot-password/validate-code",
        payload: { email: body.email, code: i === 59 ? code : wrongCode(String(Number(code) + i)) },
        remoteAddress: ipOf(i),
      }),
    );
    expectAtMostFiveTries(statuses, await codeRow(body.email, "password_reset"));
  });

  it("kills a two-step code after five wrong tries, however they are timed", async () => {
    const { body } = await registerClient(app);
    await app.db
      .update(users)
      .set({ tfaEnabled: true, tfaMethod: "email" })
      .where(eq(users.email, body.email));
    const challenge = (await login(body.email, GOOD_PASSWORD)).json().data;
    const code = await latestCode(app, body.email);
    const statuses = await statusesOfSixty((i) =>
      app.inject({
        method: "POST",
        url: "/api/authentication/tfa/verify-code-and-login",
        payload: {
          tfa_token: challenge.tfa_token,
          code: i === 59 ? code : wrongCode(String(Number(code) + i)),
        },
        remoteAddress: ipOf(i),
      }),
    );
    expectAtMostFiveTries(statuses, await codeRow(body.email, "tfa_login"));
  });

  it("locks two-step sign-in after five wrong codes across challenges and addresses", async () => {
    const { body } = await registerClient(app);
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await useAuthenticatorApp(app, body.email, secret);
    const right = currentTotpCode(secret);
    // Three rounds, each a fresh sign-in (a new challenge with its own five tries) and three wrong
    // codes sent together from another network: no single code nor IP limit is ever reached.
    const judgedWrong: number[] = [];
    for (let round = 0; round < 3; round++) {
      const challenge = (await login(body.email, GOOD_PASSWORD, ipOf(200 + round))).json().data;
      const responses = await Promise.all(
        Array.from({ length: 3 }, (_, i) =>
          app.inject({
            method: "POST",
            url: "/api/authentication/tfa/verify-code-and-login",
            payload: {
              tfa_token: challenge.tfa_token,
              code: wrongCode(String(Number(right) + round * 3 + i)),
            },
            remoteAddress: ipOf(round),
          }),
        ),
      );
      judgedWrong.push(responses.filter((response) => response.statusCode === 422).length);
    }
    expect(judgedWrong.reduce((sum, n) => sum + n, 0)).toBe(4);
    // The account is locked for two-step sign-in: even the right code on a new challenge fails.
    const fresh = (await login(body.email, GOOD_PASSWORD, ipOf(210))).json().data;
    const refused = await app.inject({
      method: "POST",
      url: "/api/authentication/tfa/verify-code-and-login",
      payload: { tfa_token: fresh.tfa_token, code: right },
      remoteAddress: ipOf(211),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("Too many wrong codes. Your account is locked for 15 minutes.");
  });

  it("accepts an authenticator code once, even when a sign-in and a settings change bring it together", async () => {
    const { body } = await registerClient(app);
    const secret = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
    await useAuthenticatorApp(app, body.email, secret);
    const verify = (tfa_token: string, code: string) =>
      app.inject({
        method: "POST",
        url: "/api/authentication/tfa/verify-code-and-login",
        payload: { tfa_token, code },
      });
    // One code, two sign-ins one after the other: the second is refused.
    const code = currentTotpCode(secret);
    const first = await verify((await login(body.email, GOOD_PASSWORD)).json().data.tfa_token, code);
    expect(first.statusCode).toBe(200);
    const again = await verify((await login(body.email, GOOD_PASSWORD)).json().data.tfa_token, code);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code[0]).toMatch(/already used/);

    // The next step's code (accepted early for clock drift), brought by a sign-in and by turning
    // two-step off at the same moment: exactly one of them gets it.
    const next = currentTotpCode(secret, Date.now() + 30_000);
    const challenge = (await login(body.email, GOOD_PASSWORD)).json().data.tfa_token;
    const together = await Promise.all([
      verify(challenge, next),
      app.inject({
        method: "PATCH",
        url: "/api/settings/security",
        headers: bearer(first.json().data.token),
        payload: { action: "disable", code: next },
      }),
    ]);
    expect(together.map((response) => response.statusCode).sort()).toEqual([200, 422]);
  });

  it("texts one code when twenty phone send-codes for one number arrive at once", async () => {
    const { body, session } = await registerClient(app);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: "POST",
          url: "/api/settings/phone-settings/send-code",
          headers: bearer(session.token),
          remoteAddress: ipOf(i),
        }),
      ),
    );
    expectOneSent(responses);
    expect(await sentTo(`+1${body.phone_number}`)).toBe(1);
    // The one code that went out is the one stored, and it works.
    const code = await latestCode(app, `+1${body.phone_number}`);
    const verified = await app.inject({
      method: "PUT",
      url: "/api/settings/phone-settings/verify-phone",
      headers: bearer(session.token),
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it("e-mails one code when twenty on-boarding resends arrive at once", async () => {
    const { body, session } = await registerClient(app);
    expect(await sentTo(body.email)).toBe(1);
    await skipResendWait(app, session.user.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: "POST",
          url: "/api/onboarding/client/email/resend-email",
          headers: bearer(session.token),
          remoteAddress: ipOf(i),
        }),
      ),
    );
    expectOneSent(responses);
    expect(await sentTo(body.email)).toBe(2);
  });

  it("sends one two-step code when twenty resends of a challenge arrive at once", async () => {
    const { body } = await registerClient(app);
    const [user] = await app.db
      .update(users)
      .set({ tfaEnabled: true, tfaMethod: "email" })
      .where(eq(users.email, body.email))
      .returning({ id: users.id });
    const challenge = (await login(body.email, GOOD_PASSWORD)).json().data;
    expect(await sentTo(body.email)).toBe(2);
    await skipResendWait(app, user!.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: "POST",
          url: "/api/tfacodes/resend",
          payload: { tfa_token: challenge.tfa_token },
          remoteAddress: ipOf(i),
        }),
      ),
    );
    expectOneSent(responses);
    expect(await sentTo(body.email)).toBe(3);
  });

  it("answers ten simultaneous refreshes of one token with one new pair, and keeps the session", async () => {
    const { session } = await registerClient(app);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({
          method: "POST",
          url: "/api/authentication/refresh-token",
          payload: { refresh_token: session.refresh_token },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const pairs = new Set(
      responses.map((response) => `${response.json().data.token} ${response.json().data.refresh_token}`),
    );
    expect(pairs.size).toBe(1);
    const { token, refresh_token } = responses[0]!.json().data;
    const me = await app.inject({ method: "GET", url: "/api/authentication/me", headers: bearer(token) });
    expect(me.statusCode).toBe(200);

    // After the grace window, the old token is a replay again: the session ends.
    await app.db
      .update(retiredRefreshTokens)
      .set({ retiredAt: sql`now() - interval '1 minute'` })
      .where(sql`true`);
    const replay = await app.inject({
      method: "POST",
      url: "/api/authentication/refresh-token",
      payload: { refresh_token: session.refresh_token },
    });
    expect(replay.statusCode).toBe(401);
    const after = await app.inject({
      method: "POST",
      url: "/api/authentication/refresh-token",
      payload: { refresh_token },
    });
    expect(after.statusCode).toBe(401);
    const [row] = await app.db
      .select({ revokedReason: authSessions.revokedReason })
      .from(authSessions)
      .where(
        sql`${authSessions.refreshTokenHash} is not null and ${authSessions.revokedReason} = 'refresh_token_reused'`,
      );
    expect(row).toBeDefined();
  });
});
