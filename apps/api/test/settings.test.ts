import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { currentTotpCode } from "../src/auth/totp";
import { outboxMessages, users, verificationCodes } from "../src/db/schema/index";
import {
  bearer,
  GOOD_PASSWORD,
  latestCode,
  latestMessage,
  registerUnverifiedClient as registerClient,
  signedInClient,
  skipResendWait,
  uniqueEmail,
  withoutSession,
  wrongCode,
} from "./auth-support";
import { appForThisFile, expectInvalidFields } from "./helper";

// Proves the settings through the API on a real database: two-factor (codes, the authenticator
// app end to end, on and off), phone verification and change, e-mail change, password change
// ending the other sessions, e-mail status and payment methods — with their bad inputs.
const app = appForThisFile();

const signedIn = () => signedInClient(app, { phoneVerified: false });

const get = (url: string, token: string) => app.inject({ method: "GET", url, headers: bearer(token) });
const send = (
  method: "POST" | "PUT" | "PATCH",
  url: string,
  token: string,
  payload: Record<string, unknown> = {},
) => app.inject({ method, url, headers: bearer(token), payload });
const security = (token: string, payload: Record<string, unknown>) =>
  send("PATCH", "/api/settings/security", token, payload);

async function markPhoneVerified(userId: number) {
  await app.db.update(users).set({ phoneVerifiedAt: sql`now()` }).where(eq(users.id, userId));
}

async function userRow(userId: number) {
  const [row] = await app.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`No user ${userId}`);
  return row;
}

async function latestSubject(recipient: string) {
  const message = await latestMessage(app, recipient);
  return message?.subject;
}

describe("every settings route needs a session", () => {
  const routes: [string, string][] = [
    ["GET", "/api/settings/security"],
    ["PATCH", "/api/settings/security"],
    ["GET", "/api/settings/phone-settings"],
    ["POST", "/api/settings/phone-settings/send-code"],
    ["PUT", "/api/settings/phone-settings/verify-phone"],
    ["GET", "/api/settings/email-settings"],
    ["POST", "/api/settings/email-settings/change-email"],
    ["POST", "/api/settings/email-settings/verify-email"],
    ["PUT", "/api/settings/password/change-password"],
    ["GET", "/api/settings/email-status"],
    ["GET", "/api/settings/payment-method"],
  ];
  it.each(routes)("%s %s answers 401 without a token, before looking at the body", async (method, url) => {
    const response = await withoutSession(app, method, url);
    expect(response.statusCode).toBe(401);
  });
});

describe("security: codes and two-factor by e-mail or SMS", () => {
  it("shows two-factor off at first", async () => {
    const { body, token } = await signedIn();
    const response = await get("/api/settings/security", token);
    expect(response.json().data).toEqual({
      tfa_enabled: false,
      tfa_method: null,
      totp_configured: false,
      phone_verified: false,
      email: body.email,
      phone: `+1 ${body.phone_number}`,
    });
  });

  it("sends a confirmation code by e-mail, and refuses SMS to a phone that is not verified", async () => {
    const { body, token } = await signedIn();
    const sent = await security(token, { action: "send_code" });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({
      channel: "email",
      destination: expect.stringContaining("•••"),
      seconds: 60,
      expires_in: 600,
    });
    expect(await latestCode(app, body.email)).toMatch(/^\d{6}$/);

    const sms = await security(token, { action: "send_code", channel: "sms" });
    expect(sms.statusCode).toBe(422);
    expect(sms.json().errors).toEqual({ channel: ["Your phone number is not verified; use e-mail."] });

    const tooSoon = await security(token, { action: "send_code" });
    expect(tooSoon.statusCode).toBe(429);
  });

  it("turns e-mail codes on with a sent code, and tells the owner", async () => {
    const { body, token } = await signedIn();
    await security(token, { action: "send_code" });
    const code = await latestCode(app, body.email);
    const response = await security(token, { action: "enable", method: "email", code });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ tfa_enabled: true, tfa_method: "email" });
    expect(await latestSubject(body.email)).toBe("Two-factor authentication turned on");

    // The code is used up.
    const reused = await security(token, { action: "enable", method: "email", code });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ code: ["No code is waiting to be checked. Ask for a new one."] });

    // Login now asks for the second step.
    const login = await app.inject({
      method: "POST",
      url: "/api/authentication/login",
      payload: { email: body.email, password: GOOD_PASSWORD },
    });
    expect(login.json().data).toMatchObject({ tfa_required: true, method: "email" });
  });

  it("refuses a change with no confirmation, a wrong password, a wrong code and an expired one", async () => {
    const { body, token, userId } = await signedIn();
    const none = await security(token, { action: "enable", method: "email" });
    expectInvalidFields(none, ["password"]);

    const wrongPassword = await security(token, {
      action: "enable",
      method: "email",
      password: "Not-The-Password-1",
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors).toEqual({ password: ["The password is not correct."] });

    await security(token, { action: "send_code" });
    const code = await latestCode(app, body.email);
    const wrong = await security(token, { action: "enable", method: "email", code: wrongCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code[0]).toMatch(/^The code is not correct\. 4 tries left\.$/);

    await app.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, "security_change")));
    const expired = await security(token, { action: "enable", method: "email", code });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ code: ["The code has expired. Ask for a new one."] });

    const badAction = await security(token, { action: "explode" });
    expect(badAction.statusCode).toBe(422);

    expect((await get("/api/settings/security", token)).json().data.tfa_enabled).toBe(false);
  });

  it("allows SMS codes only with a verified phone, confirmed with the password", async () => {
    const { token, userId } = await signedIn();
    const unverified = await security(token, { action: "enable", method: "sms", password: GOOD_PASSWORD });
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json().errors).toEqual({
      method: ["Verify your phone number before choosing SMS codes."],
    });

    await markPhoneVerified(userId);
    const response = await security(token, { action: "enable", method: "sms", password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      tfa_enabled: true,
      tfa_method: "sms",
      phone_verified: true,
    });
  });

  it("turns two-factor off with the password, and e-mails a notice", async () => {
    const { body, token } = await signedIn();
    await security(token, { action: "enable", method: "email", password: GOOD_PASSWORD });
    const wrong = await security(token, { action: "disable", password: "Not-The-Password-1" });
    expect(wrong.statusCode).toBe(422);
    const response = await security(token, { action: "disable", password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ tfa_enabled: false, tfa_method: null });
    expect(await latestSubject(body.email)).toBe("Two-factor authentication turned off");
  });
});

describe("security: codes that confirm a change", () => {
  it("lock the account's code confirmations after five wrong ones, across codes", async () => {
    const { body, token, userId } = await signedIn();
    const enable = (code: string) => security(token, { action: "enable", method: "email", code });
    const wrongTries = async (n: number) => {
      const statuses: number[] = [];
      await security(token, { action: "send_code", channel: "email" });
      const code = await latestCode(app, body.email);
      for (let i = 0; i < n; i++)
        statuses.push((await enable(wrongCode(String(Number(code) + i)))).statusCode);
      return { code, statuses };
    };
    // Three wrong on one code, then a new code and two more: no code reaches its own five tries.
    expect((await wrongTries(3)).statuses).toEqual([422, 422, 422]);
    await skipResendWait(app, userId);
    const second = await wrongTries(2);
    expect(second.statuses).toEqual([422, 429]);
    const right = await enable(second.code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe("Too many wrong codes. Your account is locked for 15 minutes.");
    expect((await userRow(userId)).tfaEnabled).toBe(false);
  });
});

describe("security: authenticator app end to end", () => {
  it("sets up, turns on with an app code, and turns off with an app code", async () => {
    const { body, token, userId } = await signedIn();

    const wrongPassword = await security(token, { action: "totp_setup", password: "Not-The-Password-1" });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors).toEqual({ password: ["The password is not correct."] });

    const setup = await security(token, { action: "totp_setup", password: GOOD_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url: otpauthUrl, qr_code: qrCode } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(otpauthUrl).toContain(`otpauth://totp/Vela:${encodeURIComponent(body.email)}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // The secret is stored sealed, and not yet in force.
    const pending = await userRow(userId);
    expect(pending.totpPendingSecretEnc).toBeTruthy();
    expect(pending.totpPendingSecretEnc).not.toContain(secret);
    expect(pending.totpSecretEnc).toBeNull();

    const noCode = await security(token, { action: "enable", method: "totp" });
    expectInvalidFields(noCode, ["code"]);
    const badCode = await security(token, {
      action: "enable",
      method: "totp",
      code: wrongCode(currentTotpCode(secret)),
    });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json().errors).toEqual({ code: ["The code is not correct."] });

    const enabled = await security(token, {
      action: "enable",
      method: "totp",
      code: currentTotpCode(secret),
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data).toMatchObject({
      tfa_enabled: true,
      tfa_method: "totp",
      totp_configured: true,
    });
    const inForce = await userRow(userId);
    expect(inForce.totpPendingSecretEnc).toBeNull();
    expect(inForce.totpSecretEnc).toBe(pending.totpPendingSecretEnc);

    const wrongAppCode = await security(token, {
      action: "disable",
      code: wrongCode(currentTotpCode(secret)),
    });
    expect(wrongAppCode.statusCode).toBe(422);
    // The code that turned the app on is spent; the app's next one (accepted early for clock
    // drift) turns it off.
    const spent = await security(token, { action: "disable", code: currentTotpCode(secret) });
    expect(spent.statusCode).toBe(422);
    const disabled = await security(token, {
      action: "disable",
      code: currentTotpCode(secret, Date.now() + 30_000),
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toMatchObject({
      tfa_enabled: false,
      tfa_method: null,
      totp_configured: false,
    });
    const cleared = await userRow(userId);
    expect(cleared.totpSecretEnc).toBeNull();
  });

  it("needs a set-up before turning the app on", async () => {
    const { token } = await signedIn();
    const response = await security(token, { action: "enable", method: "totp", code: "123456" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ method: ["Set up the authenticator app first."] });
  });
});

describe("phone settings", () => {
  it("verifies the current number with a texted code", async () => {
    const { body, token, userId } = await signedIn();
    const settings = await get("/api/settings/phone-settings", token);
    expect(settings.json().data).toEqual({
      phone_prefix: "+1",
      phone_number: body.phone_number,
      phone_verified: false,
      pending_phone: null,
    });

    const sent = await send("POST", "/api/settings/phone-settings/send-code", token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ channel: "sms", seconds: 60 });
    const code = await latestCode(app, `+1${body.phone_number}`);

    const wrong = await send("PUT", "/api/settings/phone-settings/verify-phone", token, {
      code: wrongCode(code),
    });
    expect(wrong.statusCode).toBe(422);
    const malformed = await send("PUT", "/api/settings/phone-settings/verify-phone", token, { code: "12ab" });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ code: ["Must be the 6-digit code."] });

    const verified = await send("PUT", "/api/settings/phone-settings/verify-phone", token, { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ phone_verified: true, pending_phone: null });
    expect((await userRow(userId)).phoneVerifiedAt).not.toBeNull();

    const again = await send("POST", "/api/settings/phone-settings/send-code", token);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ phone_number: ["Your phone number is already verified."] });
  });

  it("replaces the number once the new one's code comes back, and tells the owner", async () => {
    const { body, token, userId } = await signedIn();
    await markPhoneVerified(userId);
    const started = await send("POST", "/api/profile/change-phone", token, {
      phone_prefix: "+44",
      phone_number: "7911123456",
      password: GOOD_PASSWORD,
    });
    expect(started.statusCode).toBe(200);
    const firstCode = await latestCode(app, "+447911123456");

    // Another code inside the resend wait is refused; after it, send-code re-sends to the new number.
    const tooSoon = await send("POST", "/api/settings/phone-settings/send-code", token);
    expect(tooSoon.statusCode).toBe(429);
    await skipResendWait(app, userId);
    const resent = await send("POST", "/api/settings/phone-settings/send-code", token);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.destination).toBe("+44 ••••••••56");
    const code = await latestCode(app, "+447911123456");

    // The first code stopped working when the second was sent (unless both happen to be equal).
    if (firstCode !== code) {
      const stale = await send("PUT", "/api/settings/phone-settings/verify-phone", token, {
        code: firstCode,
      });
      expect(stale.statusCode).toBe(422);
    }

    const response = await send("PUT", "/api/settings/phone-settings/verify-phone", token, { code });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      phone_prefix: "+44",
      phone_number: "7911123456",
      phone_verified: true,
      pending_phone: null,
    });
    expect(await latestSubject(body.email)).toBe("Your Vela phone number was changed");
  });

  it("refuses the new number when another account verified it meanwhile", async () => {
    const { token, userId } = await signedIn();
    const other = await signedIn();
    await send("POST", "/api/profile/change-phone", token, {
      phone_prefix: "+1",
      phone_number: other.body.phone_number,
      password: GOOD_PASSWORD,
    });
    const code = await latestCode(app, `+1${other.body.phone_number}`);
    await markPhoneVerified(other.userId);

    const response = await send("PUT", "/api/settings/phone-settings/verify-phone", token, { code });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({
      phone_number: ["This phone number is already used by another account."],
    });
    const row = await userRow(userId);
    expect(row.phoneNumber).not.toBe(other.body.phone_number);
  });
});

describe("phone change needs more than a session (ASVS 7.5.1)", () => {
  it("needs the password or a code, tells the old phone and the e-mail, and pauses SMS recovery", async () => {
    const { body, token, userId } = await signedIn();
    await markPhoneVerified(userId);
    const oldPhone = `+1${body.phone_number}`;
    const newNumber = { phone_prefix: "+44", phone_number: "7911123556" };

    // A stolen access token alone cannot start the change.
    const bare = await send("POST", "/api/profile/change-phone", token, newNumber);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({
      password: ["Confirm with your password or with a code we send you."],
    });
    const guessed = await send("POST", "/api/profile/change-phone", token, {
      ...newNumber,
      password: "Not-The-Password-1",
    });
    expect(guessed.statusCode).toBe(422);
    expect(guessed.json().errors).toEqual({ password: ["The password is not correct."] });
    expect((await userRow(userId)).pendingPhoneNumber).toBeNull();

    // A code sent to the account's e-mail confirms it as well as the password does.
    await security(token, { action: "send_code", channel: "email" });
    const confirmation = await latestCode(app, body.email);
    const started = await send("POST", "/api/profile/change-phone", token, {
      ...newNumber,
      code: confirmation,
    });
    expect(started.statusCode).toBe(200);
    const code = await latestCode(app, "+447911123556");
    const verified = await send("PUT", "/api/settings/phone-settings/verify-phone", token, { code });
    expect(verified.statusCode).toBe(200);

    // Both the e-mail and the number left behind are told.
    expect(await latestSubject(body.email)).toBe("Your Vela phone number was changed");
    const toOldPhone = await latestMessage(app, oldPhone);
    expect(toOldPhone?.text).toContain("phone number was changed to +44 ••••••••56");

    // Recovery by SMS is refused for 72 hours: the code goes to the e-mail instead, with the same answer.
    const recover = () =>
      app.inject({
        method: "POST",
        url: "/api/authentication/forgot-password/send-code",
        payload: { email: body.email, channel: "sms" },
      });
    expect((await recover()).statusCode).toBe(200);
    await app.backgroundTasks.settle();
    expect(await latestSubject(body.email)).toMatch(/code/i);
    const recoveryEmailCode = await latestCode(app, body.email);
    expect(recoveryEmailCode).not.toBe(await latestCode(app, "+447911123556"));
    const lastSms = await app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "+447911123556"));
    expect(lastSms.filter((message) => message.text.includes("reset your password"))).toHaveLength(0);

    // Once the pause is over, the new number may receive recovery codes.
    await app.db
      .update(users)
      .set({ phoneChangedAt: sql`now() - interval '73 hours'` })
      .where(eq(users.id, userId));
    await app.db.execute(sql`update auth_throttles set blocked_until = now() where kind = 'recovery_send'`);
    await skipResendWait(app, userId);
    expect((await recover()).statusCode).toBe(200);
    await app.backgroundTasks.settle();
    const bySms = await latestMessage(app, "+447911123556");
    expect(bySms?.text).toContain("reset your password");
  });
});

describe("one verified phone number per account", () => {
  it("is backed by the database, so no race between two verifications can break it", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const number = { phonePrefix: "+1", phoneNumber: first.body.phone_number };
    await app.db.update(users).set(number).where(eq(users.id, second.userId));
    await markPhoneVerified(first.userId);
    await expect(markPhoneVerified(second.userId)).rejects.toThrow();
    expect((await userRow(second.userId)).phoneVerifiedAt).toBeNull();
  });
});

describe("e-mail settings", () => {
  it("changes the address once the new one's code comes back, and tells the old address", async () => {
    const { body, token, userId } = await signedIn();
    const newEmail = uniqueEmail("new");
    const settings = await get("/api/settings/email-settings", token);
    expect(settings.json().data).toEqual({ email: body.email, email_verified: false, pending_email: null });

    const started = await send("POST", "/api/settings/email-settings/change-email", token, {
      email: newEmail.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({ channel: "email", seconds: 60, expires_in: 600 });
    expect((await get("/api/settings/email-settings", token)).json().data.pending_email).toBe(newEmail);
    const code = await latestCode(app, newEmail);

    const wrong = await send("POST", "/api/settings/email-settings/verify-email", token, {
      code: wrongCode(code),
    });
    expect(wrong.statusCode).toBe(422);

    const verified = await send("POST", "/api/settings/email-settings/verify-email", token, { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toEqual({ email: newEmail, email_verified: true, pending_email: null });
    expect(await latestSubject(body.email)).toBe("Your Vela e-mail address was changed");
    expect((await get("/api/settings/email-status", token)).json().data).toEqual({
      email: newEmail,
      verified: true,
    });
    expect((await userRow(userId)).email).toBe(newEmail);

    const reused = await send("POST", "/api/settings/email-settings/verify-email", token, { code });
    expect(reused.statusCode).toBe(422);
  });

  it("refuses a wrong password, the current address, a taken address and a malformed one", async () => {
    const { body, token } = await signedIn();
    const other = await signedIn();
    const change = (payload: Record<string, unknown>) =>
      send("POST", "/api/settings/email-settings/change-email", token, payload);

    const wrongPassword = await change({ email: uniqueEmail(), password: "Not-The-Password-1" });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors).toEqual({ password: ["The password is not correct."] });

    const same = await change({ email: body.email, password: GOOD_PASSWORD });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ email: ["This is already your e-mail address."] });

    const taken = await change({ email: other.body.email.toUpperCase(), password: GOOD_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: ["This e-mail address is already registered."] });

    const malformed = await change({ email: "not-an-address", password: GOOD_PASSWORD });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ email: ["Must be a valid email address."] });

    expect((await get("/api/settings/email-settings", token)).json().data.pending_email).toBeNull();
  });

  it("refuses with 409 when another account takes the address before the code comes back", async () => {
    const { body, token } = await signedIn();
    const wanted = uniqueEmail("wanted");
    await send("POST", "/api/settings/email-settings/change-email", token, {
      email: wanted,
      password: GOOD_PASSWORD,
    });
    const code = await latestCode(app, wanted);
    await registerClient(app, { email: wanted });

    const response = await send("POST", "/api/settings/email-settings/verify-email", token, { code });
    expect(response.statusCode).toBe(409);
    expect((await get("/api/settings/email-status", token)).json().data.email).toBe(body.email);
  });

  it("refuses a verification when no change is waiting", async () => {
    const { token } = await signedIn();
    const response = await send("POST", "/api/settings/email-settings/verify-email", token, {
      code: "123456",
    });
    expectInvalidFields(response, ["code"]);
  });
});

describe("password change", () => {
  const NEW_PASSWORD = "Quartz-Harbour-77";

  it("ends every other session, answers a working new one, and e-mails a notice", async () => {
    const { body, token } = await signedIn();
    const otherDevice = await app.inject({
      method: "POST",
      url: "/api/authentication/login",
      payload: { email: body.email, password: GOOD_PASSWORD },
    });
    const otherToken: string = otherDevice.json().data.token;

    const response = await send("PUT", "/api/settings/password/change-password", token, {
      current_password: GOOD_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const session = response.json().data;
    expect(session).toMatchObject({ token_type: "Bearer", role: "client", user: { email: body.email } });
    expect(session.token).not.toBe(token);

    expect((await get("/api/me", token)).statusCode).toBe(401);
    expect((await get("/api/me", otherToken)).statusCode).toBe(401);
    expect((await get("/api/me", session.token)).statusCode).toBe(200);
    expect(await latestSubject(body.email)).toBe("Your Vela password was changed");

    const oldLogin = await app.inject({
      method: "POST",
      url: "/api/authentication/login",
      payload: { email: body.email, password: GOOD_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await app.inject({
      method: "POST",
      url: "/api/authentication/login",
      payload: { email: body.email, password: NEW_PASSWORD },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it("refuses a wrong current password, a weak, personal or unchanged new one, and a mismatch", async () => {
    const { token, userId } = await signedIn();
    const before = (await userRow(userId)).passwordHash;
    const change = (payload: Record<string, unknown>) =>
      send("PUT", "/api/settings/password/change-password", token, payload);

    const wrongCurrent = await change({ current_password: "Not-The-Password-1", password: NEW_PASSWORD });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json().errors).toEqual({ current_password: ["The password is not correct."] });

    const common = await change({ current_password: GOOD_PASSWORD, password: "password123" });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password[0]).toMatch(/too common/);

    const personal = await change({ current_password: GOOD_PASSWORD, password: "garcia-2026-xyz" });
    expect(personal.statusCode).toBe(422);
    expect(personal.json().errors).toEqual({
      password: ["The password must not contain your name or e-mail address."],
    });

    const unchanged = await change({ current_password: GOOD_PASSWORD, password: GOOD_PASSWORD });
    expect(unchanged.statusCode).toBe(422);
    expect(unchanged.json().errors).toEqual({
      password: ["Choose a password different from the current one."],
    });

    const mismatch = await change({
      current_password: GOOD_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: "Something-Else-9",
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ["Does not match the password."] });

    const short = await change({ current_password: GOOD_PASSWORD, password: "short" });
    expect(short.statusCode).toBe(422);

    expect((await userRow(userId)).passwordHash).toBe(before);
    expect((await get("/api/me", token)).statusCode).toBe(200);
  });
});

describe("e-mail status and payment methods", () => {
  it("answers whether the address is verified", async () => {
    const { body, token } = await signedIn();
    const response = await get("/api/settings/email-status", token);
    expect(response.json().data).toEqual({ email: body.email, verified: false });
  });

  it("lists the payment methods by the spec's slugs, the wallet among them", async () => {
    const { token } = await signedIn();
    const methods = (await get("/api/settings/payment-method", token)).json().data;
    const slugs = methods.map((method: { slug: string }) => method.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        "wallet",
        "credit-and-debit-card-methods",
        "bank-transfer",
        "ach-transfer",
        "cash",
      ]),
    );
    expect(methods.find((method: { slug: string }) => method.slug === "wallet")).toEqual({
      slug: "wallet",
      name: "Vela wallet",
      available: true,
    });
  });
});

describe("OpenAPI document", () => {
  it("describes every settings route", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/settings/security",
        "/api/settings/phone-settings",
        "/api/settings/phone-settings/send-code",
        "/api/settings/phone-settings/verify-phone",
        "/api/settings/email-settings",
        "/api/settings/email-settings/change-email",
        "/api/settings/email-settings/verify-email",
        "/api/settings/password/change-password",
        "/api/settings/email-status",
        "/api/settings/payment-method",
      ]),
    );
    expect(document.paths["/api/settings/security"].patch.responses["200"]).toBeDefined();
  });
});
