import { and, desc, eq, sql } from "drizzle-orm";
import { authThrottles, outboxMessages, users, verificationCodes } from "../src/db/schema/index";
import type { TestApp } from "./helper";

/** A password that passes every rule (long, not common, not personal). */
export const GOOD_PASSWORD = "Tangerine-Orbit-42";

let counter = 0;
/** A fresh e-mail address per call, so tests in one file never collide. */
export const uniqueEmail = (prefix = "user") =>
  `${prefix}.${Date.now().toString(36)}${counter++}@example.com`;

export async function countryId(app: TestApp, iso2: string): Promise<number> {
  const response = await app.inject({ method: "GET", url: `/api/countries?search=${iso2}` });
  const country = response.json().data.find((item: { iso2: string }) => item.iso2 === iso2);
  if (!country) throw new Error(`No country ${iso2}`);
  return country.id;
}

export async function clientBody(app: TestApp, overrides: Record<string, unknown> = {}) {
  return {
    first_name: "Ana",
    last_name: "García",
    email: uniqueEmail("ana"),
    password: GOOD_PASSWORD,
    password_confirmation: GOOD_PASSWORD,
    country_id: await countryId(app, "US"),
    phone_prefix: "+1",
    phone_number: `20255${String(10000 + counter++).slice(-5)}`,
    terms: true,
    ...overrides,
  };
}

/** POST onboarding/client/register with `payload`, answering the raw response. */
export const postClientRegistration = (app: TestApp, payload: object) =>
  app.inject({ method: "POST", url: "/api/onboarding/client/register", payload });

/**
 * Registers a client and answers the signed-in session's data with the body used. The phone is then
 * verified with its SMS code, as a real user does before moving money (auth/money-rule.ts); pass
 * `{ phoneVerified: false }` for a client who has not done it yet.
 */
export async function registerClient(
  app: TestApp,
  overrides: Record<string, unknown> = {},
  { phoneVerified = true } = {},
) {
  const body = await clientBody(app, overrides);
  const response = await postClientRegistration(app, body);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const session = response.json().data;
  if (phoneVerified) await verifyPhone(app, session.token, `${body.phone_prefix}${body.phone_number}`);
  return { body, session };
}

/** A client registered and signed in: the body used, the access token and the user id. */
export async function signedInClient(app: TestApp, { phoneVerified = true } = {}) {
  const { body, session } = await registerClient(app, {}, { phoneVerified });
  return { body, token: session.token as string, userId: session.user.id as number };
}

/** A client who has registered but not yet verified the phone (for tests of the verification itself). */
export const registerUnverifiedClient = (app: TestApp, overrides: Record<string, unknown> = {}) =>
  registerClient(app, overrides, { phoneVerified: false });

/** Verifies a signed-in user's phone through the on-boarding endpoints, with the code the SMS carried. */
export async function verifyPhone(app: TestApp, token: string, phone: string, type = "client") {
  const sent = await app.inject({
    method: "POST",
    url: `/api/onboarding/${type}/phone/send-code`,
    headers: bearer(token),
  });
  if (sent.statusCode !== 200) throw new Error(`phone code not sent: ${sent.body}`);
  const verified = await app.inject({
    method: "POST",
    url: `/api/onboarding/${type}/phone/verify-phone`,
    headers: bearer(token),
    payload: { code: await latestCode(app, phone) },
  });
  if (verified.statusCode !== 200) throw new Error(`phone not verified: ${verified.body}`);
}

/** A request with no session (and an empty body where the method takes one): routes must answer 401 first. */
export const withoutSession = (app: TestApp, method: string, url: string) =>
  app.inject({ method: method as "GET", url, payload: method === "GET" ? undefined : {} });

export const bearer = (token: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  ...extra,
});

/** A POST as the signed-in user the token belongs to, with a JSON body when there is one. */
export const postAs = (app: TestApp, token: string, url: string, payload?: object) =>
  app.inject({ method: "POST", url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

/** The newest outbox message to an address (e-mail or phone), if any. */
export async function latestMessage(app: TestApp, recipient: string) {
  const [message] = await app.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return message;
}

/** The 6-digit code in the newest outbox message to an address (e-mail or phone). */
export async function latestCode(app: TestApp, recipient: string): Promise<string> {
  // Some codes (password recovery) are sent after the answer: wait for them.
  await app.backgroundTasks.settle();
  const message = await latestMessage(app, recipient);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code sent to ${recipient}`);
  return code;
}

/** Asks for a password-recovery code for `email` and answers it once it is sent (after the answer). */
export async function recoveryCode(app: TestApp, email: string) {
  await app.inject({
    method: "POST",
    url: "/api/authentication/forgot-password/send-code",
    payload: { email },
  });
  return latestCode(app, email);
}

/** A six-digit code that is certainly not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** Lets a new code be asked for at once, as if the 60 s resend wait had passed: codes and slots aged. */
export async function skipResendWait(app: TestApp, userId: number) {
  await app.db
    .update(verificationCodes)
    .set({ createdAt: sql`now() - interval '2 minutes'` })
    .where(eq(verificationCodes.userId, userId));
  await app.db
    .update(authThrottles)
    .set({ blockedUntil: sql`now() - interval '1 minute'`, updatedAt: sql`now() - interval '2 minutes'` })
    .where(and(eq(authThrottles.subject, String(userId)), sql`${authThrottles.kind} like 'code_send:%'`));
}

/** Turns on two-factor sign-in by authenticator app for `email`, as if set up with `secret`. */
export async function useAuthenticatorApp(app: TestApp, email: string, secret: string) {
  await app.db
    .update(users)
    .set({ tfaEnabled: true, tfaMethod: "totp", totpSecretEnc: app.secrets.encrypt(secret) })
    .where(eq(users.email, email));
}
