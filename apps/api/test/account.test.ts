import { randomUUID } from "node:crypto";
import { dateOfBirthProblem } from "@vela/shared/date-of-birth";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { avatars, userReminders, users } from "../src/db/schema/index";
import {
  bearer,
  clientBody,
  countryId,
  GOOD_PASSWORD,
  latestCode,
  signedInClient,
  withoutSession,
} from "./auth-support";
import { appForThisFile } from "./helper";
import { makePng, multipart } from "./upload-support";

// Proves the account area through the API on a real database: the profile (partial update,
// completion, age and country rules), the phone change start, my-account, the avatar upload
// checked by content and served back, me, has_transactions and reminders — with bad input.
const app = appForThisFile();

const signedIn = () => signedInClient(app);

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: bearer(token, headers) });

/** A date of birth `years` years before today, as YYYY-MM-DD. */
function yearsAgo(years: number, extraDays = 0) {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + extraDays);
  return date.toISOString().slice(0, 10);
}

describe("every account route needs a session", () => {
  const routes: [string, string][] = [
    ["GET", "/api/profile"],
    ["PUT", "/api/profile"],
    ["POST", "/api/profile"],
    ["POST", "/api/profile/change-phone"],
    ["GET", "/api/my-account"],
    ["POST", "/api/my-account/avatar"],
    ["GET", "/api/me"],
    ["GET", "/api/user/has_transactions"],
    ["GET", "/api/list/reminders"],
    ["GET", "/api/user/reminders"],
    ["POST", "/api/user/reminders"],
  ];
  it.each(routes)("%s %s answers 401 without a token, before looking at the body", async (method, url) => {
    const response = await withoutSession(app, method, url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: "Unauthenticated." });
  });

  it("answers 401 for a token that is not a session", async () => {
    const response = await get("/api/profile", "vat_not-a-real-token-at-all");
    expect(response.statusCode).toBe(401);
  });
});

describe("profile", () => {
  it("shows the profile given at registration", async () => {
    const { body, token } = await signedIn();
    const response = await get("/api/profile", token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: null,
      data: {
        first_name: "Ana",
        last_name: "García",
        email: body.email,
        date_of_birth: null,
        address: null,
        city: null,
        postal_code: null,
        country_id: body.country_id,
        occupation: null,
        phone_prefix: "+1",
        phone_number: body.phone_number,
        avatar_url: null,
        profile_completed: false,
      },
    });
  });

  it("changes only the fields sent", async () => {
    const { token } = await signedIn();
    const dateOfBirth = yearsAgo(30);
    const response = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: bearer(token),
      payload: { city: "  Austin ", occupation: "Engineer", date_of_birth: dateOfBirth },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      first_name: "Ana",
      city: "Austin",
      occupation: "Engineer",
      date_of_birth: dateOfBirth,
      address: null,
      profile_completed: false,
    });
    // It stays changed.
    expect((await get("/api/profile", token)).json().data.city).toBe("Austin");
  });

  it("refuses an unknown country, a minor, a future date and a date that does not exist", async () => {
    const { token } = await signedIn();
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: "PUT", url: "/api/profile", headers: bearer(token), payload });

    const unknownCountry = await put({ country_id: 999_999 });
    expect(unknownCountry.statusCode).toBe(422);
    expect(unknownCountry.json().errors).toEqual({ country_id: ["Unknown country."] });

    const minor = await put({ date_of_birth: yearsAgo(18, 1) });
    expect(minor.statusCode).toBe(422);
    expect(minor.json().errors).toEqual({ date_of_birth: ["You must be at least 18 years old."] });

    const future = await put({ date_of_birth: yearsAgo(-1) });
    expect(future.json().errors).toEqual({ date_of_birth: ["Must be a date in the past."] });

    const impossible = await put({ date_of_birth: "1990-02-30" });
    expect(impossible.statusCode).toBe(422);
    expect(impossible.json().errors.date_of_birth).toHaveLength(1);

    const empty = await put({ city: "   " });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ city: ["This field is required."] });

    // Nothing of the refused requests was written.
    const profile = (await get("/api/profile", token)).json().data;
    expect(profile).toMatchObject({ date_of_birth: null, city: null });
  });

  it("counts age in whole days: 18 today is old enough, 18 tomorrow is not", () => {
    const now = new Date("2026-06-15T12:00:00Z");
    expect(dateOfBirthProblem("2008-06-15", now)).toBeNull();
    expect(dateOfBirthProblem("2008-06-16", now)).toBe("You must be at least 18 years old.");
    // Born on 29 February: adult on 1 March of a common year.
    expect(dateOfBirthProblem("2008-02-29", new Date("2026-02-28T12:00:00Z"))).not.toBeNull();
    expect(dateOfBirthProblem("2008-02-29", new Date("2026-03-01T00:00:00Z"))).toBeNull();
    expect(dateOfBirthProblem("1890-01-01", now)).toBe("Must be a real date of birth.");
  });

  it("completes the profile only with every field", async () => {
    const { token } = await signedIn();
    const full = {
      first_name: "Ana María",
      last_name: "García",
      date_of_birth: "1990-04-12",
      address: "12 Main Street",
      city: "Austin",
      postal_code: "73301",
      country_id: await countryId(app, "US"),
      occupation: "Engineer",
    };
    const { occupation: _left, ...partial } = full;
    const missing = await app.inject({
      method: "POST",
      url: "/api/profile",
      headers: bearer(token),
      payload: partial,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ occupation: ["This field is required."] });

    const response = await app.inject({
      method: "POST",
      url: "/api/profile",
      headers: bearer(token),
      payload: full,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ ...full, profile_completed: true });
    expect((await get("/api/my-account", token)).json().data.onboarding.profile_completed).toBe(true);
  });
});

describe("change-phone", () => {
  it("keeps the new number aside and texts it a code; the current number stays", async () => {
    const { body, token } = await signedIn();
    const response = await app.inject({
      method: "POST",
      url: "/api/profile/change-phone",
      headers: bearer(token),
      payload: { phone_prefix: "+52", phone_number: "55 1234-5678", password: GOOD_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      channel: "sms",
      destination: "+52 ••••••••78",
      seconds: 60,
      expires_in: 600,
    });
    expect(await latestCode(app, "+525512345678")).toMatch(/^\d{6}$/);
    const profile = (await get("/api/profile", token)).json().data;
    expect(profile).toMatchObject({ phone_prefix: "+1", phone_number: body.phone_number });
    const settings = (await get("/api/settings/phone-settings", token)).json().data;
    expect(settings.pending_phone).toBe("+52 5512345678");
  });

  it("refuses the number already in use, a number another account verified, and a bad number", async () => {
    const { body, token } = await signedIn();
    const other = await signedIn();
    await app.db.update(users).set({ phoneVerifiedAt: sql`now()` }).where(eq(users.id, other.userId));
    const change = (payload: Record<string, unknown>) =>
      app.inject({
        method: "POST",
        url: "/api/profile/change-phone",
        headers: bearer(token),
        payload: { password: GOOD_PASSWORD, ...payload },
      });

    const same = await change({ phone_prefix: "+1", phone_number: body.phone_number });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ phone_number: ["This is already your phone number."] });

    const taken = await change({ phone_prefix: "+1", phone_number: other.body.phone_number });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({
      phone_number: ["This phone number is already used by another account."],
    });

    const malformed = await change({ phone_prefix: "52", phone_number: "12" });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors).sort()).toEqual(["phone_number", "phone_prefix"]);

    // Nothing was left pending by the refusals.
    expect((await get("/api/settings/phone-settings", token)).json().data.pending_phone).toBeNull();
  });
});

describe("my-account and me", () => {
  it("answers the user, no organisation, on-boarding and permissions for a client", async () => {
    const { body, token } = await signedIn();
    const response = await get("/api/my-account", token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      user: { email: body.email, role: "client", organization_name: null },
      organization: null,
      onboarding: { available: true, status: "pending_email" },
      permissions: { giftcard: true, paybill: true, recharge: true, sendmoney: true },
    });
  });

  it("answers the agency of an agent", async () => {
    const registered = await app.inject({
      method: "POST",
      url: "/api/agents/onboarding/register",
      payload: { ...(await clientBody(app)), agency_name: "Envíos Rápidos", address: "12 Main Street" },
    });
    expect(registered.statusCode).toBe(201);
    const response = await get("/api/my-account", registered.json().data.token);
    expect(response.json().data.organization).toEqual({
      name: "Envíos Rápidos",
      business_type_id: null,
      tax_id: null,
      state_id: null,
      city_id: null,
      address: "12 Main Street",
    });
  });

  it("GET /me answers the signed-in user", async () => {
    const { body, token, userId } = await signedIn();
    const response = await get("/api/me", token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: userId, email: body.email, tfa_enabled: false });
  });

  it("has no transactions yet", async () => {
    const { token } = await signedIn();
    const response = await get("/api/user/has_transactions", token);
    expect(response.json()).toEqual({ success: true, message: null, data: { has_transactions: false } });
  });
});

describe("avatar", () => {
  const upload = (token: string, parts: Parameters<typeof multipart>[0]) => {
    const { payload, headers } = multipart(parts);
    return app.inject({
      method: "POST",
      url: "/api/my-account/avatar",
      headers: { ...bearer(token), ...headers },
      payload,
    });
  };
  const avatarPart = (data: Buffer | string, filename = "me.png", contentType = "image/png") => ({
    name: "avatar",
    data,
    filename,
    contentType,
  });

  it("stores a PNG, serves it back cacheable, and replaces it on the next upload", async () => {
    const { token, userId } = await signedIn();
    const image = makePng(64, 48);
    const response = await upload(token, [avatarPart(image)]);
    expect(response.statusCode).toBe(200);
    const url: string = response.json().data.avatar_url;
    expect(url).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}$/);
    expect((await get("/api/profile", token)).json().data.avatar_url).toBe(url);

    // Public: no token needed.
    const served = await app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.compare(served.rawPayload, image)).toBe(0);

    // A JPEG-named upload is judged by its bytes; the second picture replaces the first.
    const second = await upload(token, [avatarPart(makePng(10, 10), "photo.jpg", "image/jpeg")]);
    expect(second.statusCode).toBe(200);
    expect(
      (await app.inject({ method: "GET", url: second.json().data.avatar_url })).headers["content-type"],
    ).toBe("image/png");
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
    const stored = await app.db.select({ id: avatars.id }).from(avatars).where(eq(avatars.userId, userId));
    expect(stored).toHaveLength(1);
  });

  it("accepts a picture heavier than the JSON body limit (1 MiB) but within 2 MiB", async () => {
    const { token } = await signedIn();
    const image = makePng(700, 700, 0);
    expect(image.length).toBeGreaterThan(1_048_576);
    expect(image.length).toBeLessThan(2 * 1_048_576);
    const response = await upload(token, [avatarPart(image)]);
    expect(response.statusCode).toBe(200);
  });

  it("refuses a text file renamed .png, and a PNG whose header does not parse", async () => {
    const { token } = await signedIn();
    const text = await upload(token, [avatarPart("<html><script>alert(1)</script></html>", "me.png")]);
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ avatar: ["The avatar must be a PNG, JPEG or WebP image."] });

    const signatureOnly = Buffer.concat([
      makePng(4, 4).subarray(0, 8),
      Buffer.from("not an IHDR chunk at all"),
    ]);
    const broken = await upload(token, [avatarPart(signatureOnly)]);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({ avatar: ["The avatar must be a PNG, JPEG or WebP image."] });

    const gif = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
    const wrongKind = await upload(token, [avatarPart(gif, "me.gif", "image/gif")]);
    expect(wrongKind.statusCode).toBe(422);
  });

  it("refuses a file over 2 MB with 413 and an image over 4096 pixels a side", async () => {
    const { token } = await signedIn();
    const heavy = Buffer.concat([makePng(8, 8), Buffer.alloc(2 * 1_048_576 + 10, 1)]);
    const tooHeavy = await upload(token, [avatarPart(heavy)]);
    expect(tooHeavy.statusCode).toBe(413);
    expect(tooHeavy.json().errors).toEqual({ avatar: ["The avatar must be at most 2 MB."] });

    const wide = await upload(token, [avatarPart(makePng(5000, 2))]);
    expect(wide.statusCode).toBe(422);
    expect(wide.json().errors).toEqual({ avatar: ["The avatar must be at most 4096×4096 pixels."] });
    expect((await get("/api/profile", token)).json().data.avatar_url).toBeNull();
  });

  it("refuses a request with no file, a file in another field, or a JSON body", async () => {
    const { token } = await signedIn();
    const noFile = await upload(token, [{ name: "note", data: "hello" }]);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors).toEqual({ avatar: ["Choose an image to upload."] });

    const otherField = await upload(token, [{ ...avatarPart(makePng(4, 4)), name: "picture" }]);
    expect(otherField.statusCode).toBe(422);
    expect(otherField.json().errors.avatar).toHaveLength(1);

    const json = await app.inject({
      method: "POST",
      url: "/api/my-account/avatar",
      headers: bearer(token),
      payload: { avatar: "data:image/png;base64,AAAA" },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ avatar: ["Choose an image to upload."] });
  });

  it("refuses two files, and a body that is not readable multipart", async () => {
    const { token } = await signedIn();
    const two = await upload(token, [avatarPart(makePng(4, 4)), avatarPart(makePng(4, 4), "other.png")]);
    expect(two.statusCode).toBe(422);
    expect(two.json().errors).toEqual({ avatar: ["Send only the image, in one file."] });

    const unreadable = await app.inject({
      method: "POST",
      url: "/api/my-account/avatar",
      headers: { ...bearer(token), "content-type": "multipart/form-data" },
      payload: "not multipart at all",
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().errors).toEqual({ avatar: ["The upload could not be read."] });
    expect((await get("/api/profile", token)).json().data.avatar_url).toBeNull();
  });

  it("answers a JSON 404 for an unknown avatar and 422 for an id that is not a UUID", async () => {
    const unknown = await app.inject({ method: "GET", url: `/api/avatars/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: "Avatar not found." });
    const traversal = await app.inject({ method: "GET", url: "/api/avatars/../../etc/passwd" });
    expect(traversal.statusCode).toBe(404);
    const notUuid = await app.inject({ method: "GET", url: "/api/avatars/12345" });
    expect(notUuid.statusCode).toBe(422);
    expect(Object.keys(notUuid.json().errors)).toEqual(["id"]);
  });
});

describe("reminders", () => {
  it("lists the reminder kinds, in the caller's language", async () => {
    const { token } = await signedIn();
    const english = await get("/api/list/reminders", token);
    expect(english.json().data).toEqual([
      { value: "sendmoney", label: "Send money" },
      { value: "paybill", label: "Pay a bill" },
      { value: "recharge", label: "Phone recharge" },
      { value: "giftcard", label: "Gift card" },
    ]);
    const spanish = await get("/api/list/reminders", token, { language: "es" });
    expect(spanish.json().data[0]).toEqual({ value: "sendmoney", label: "Enviar dinero" });
  });

  it("adds reminders and lists only the user's own", async () => {
    const { token } = await signedIn();
    const other = await signedIn();
    const created = await app.inject({
      method: "POST",
      url: "/api/user/reminders",
      headers: bearer(token),
      payload: { kind: "paybill", title: "Rent home", note: "  ", day_of_month: 5 },
    });
    expect(created.statusCode).toBe(201);
    const reminder = created.json().data;
    expect(reminder).toMatchObject({
      kind: "paybill",
      title: "Rent home",
      note: null,
      day_of_month: 5,
      is_active: true,
    });
    expect(typeof reminder.id).toBe("number");
    expect(Number.isNaN(Date.parse(reminder.created_at))).toBe(false);

    await app.inject({
      method: "POST",
      url: "/api/user/reminders",
      headers: bearer(token),
      payload: { kind: "recharge", title: "Mum's phone", day_of_month: 1 },
    });
    const listed = (await get("/api/user/reminders", token)).json().data;
    expect(listed.map((item: { title: string }) => item.title)).toEqual(["Mum's phone", "Rent home"]);
    expect((await get("/api/user/reminders", other.token)).json().data).toEqual([]);
  });

  it("refuses a bad kind or day, and more than 20 reminders", async () => {
    const { token, userId } = await signedIn();
    const post = (payload: Record<string, unknown>) =>
      app.inject({ method: "POST", url: "/api/user/reminders", headers: bearer(token), payload });
    const bad = await post({ kind: "lottery", title: "", day_of_month: 31 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["day_of_month", "kind", "title"]);

    await app.db.insert(userReminders).values(
      Array.from({ length: 20 }, (_, index) => ({
        userId,
        kind: "sendmoney",
        title: `Reminder ${index}`,
        dayOfMonth: 1,
      })),
    );
    const tooMany = await post({ kind: "sendmoney", title: "One more", day_of_month: 2 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ reminders: ["You can keep at most 20 reminders."] });
    expect((await get("/api/user/reminders", token)).json().data).toHaveLength(20);
  });
});

describe("OpenAPI document", () => {
  it("describes every account route", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/profile",
        "/api/profile/change-phone",
        "/api/my-account",
        "/api/my-account/avatar",
        "/api/avatars/{id}",
        "/api/me",
        "/api/user/has_transactions",
        "/api/list/reminders",
        "/api/user/reminders",
      ]),
    );
    expect(document.paths["/api/profile"].put.requestBody).toBeDefined();
  });
});
