import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages, users } from "../src/db/schema/index";
import { InvalidDataError } from "../src/http/errors";
import { createSmsProvider } from "../src/providers/sms/sms-provider";
import { bearer, clientBody, registerUnverifiedClient as registerClient } from "./auth-support";
import { appForThisFile } from "./helper";

// Proves phone numbers are checked against their country's numbering plan (libphonenumber-js) at
// registration, in settings and before any SMS: "+999 5551234567" and "+1 1234" are refused on the
// phone_number field, and the SMS sandbox refuses an invalid number as a real gateway would.
const app = appForThisFile();

const INVALID = "Must be a valid phone number for the country of its prefix.";

describe("registration", () => {
  it.each([
    ["+999", "5551234567"],
    ["+1", "1234"],
  ])("refuses %s %s on phone_number", async (prefix, number) => {
    for (const url of ["/api/onboarding/client/register", "/api/agents/onboarding/register"]) {
      const body = await clientBody(app, {
        phone_prefix: prefix,
        phone_number: number,
        agency_name: "Envios Ana",
        address: "1 Main St",
      });
      const response = await app.inject({ method: "POST", url, payload: body });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ phone_number: [INVALID] });
      const [kept] = await app.db.select().from(users).where(eq(users.email, body.email));
      expect(kept).toBeUndefined();
    }
  });

  it("says so in Spanish when asked", async () => {
    const body = await clientBody(app, { phone_prefix: "+1", phone_number: "1234" });
    const response = await app.inject({
      method: "POST",
      url: "/api/onboarding/client/register",
      headers: { language: "es" },
      payload: body,
    });
    expect(response.json().errors.phone_number).toEqual([
      "Debe ser un número de teléfono válido para el país de su prefijo.",
    ]);
  });
});

describe("settings", () => {
  it("refuses an invalid new number and sends nothing", async () => {
    const { session } = await registerClient(app);
    const before = await app.db.select().from(outboxMessages);
    const response = await app.inject({
      method: "POST",
      url: "/api/profile/change-phone",
      headers: bearer(session.token),
      payload: { phone_prefix: "+999", phone_number: "5551234567" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ phone_number: [INVALID] });
    expect(await app.db.select().from(outboxMessages)).toHaveLength(before.length);
  });
});

describe("the SMS sandbox", () => {
  it("refuses to text a number no network could reach, kept from before numbers were checked", async () => {
    for (const url of ["/api/onboarding/client/phone/send-code", "/api/settings/phone-settings/send-code"]) {
      const { body, session } = await registerClient(app);
      await app.db
        .update(users)
        .set({ phonePrefix: "+1", phoneNumber: "1234" })
        .where(eq(users.email, body.email));
      const response = await app.inject({ method: "POST", url, headers: bearer(session.token) });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ phone_number: [INVALID] });
    }
    const texted = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "+11234"));
    expect(texted).toEqual([]);
  });

  it("is the same rule the real gateway's provider applies before sending anything", async () => {
    // Nothing listens on port 9: a send that got as far as the network would fail differently.
    const gateway = createSmsProvider(
      { SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms", NODE_ENV: "test", MESSAGE_TIMEOUT_SECONDS: 10 },
      app.db,
    );
    await expect(gateway.send({ to: "+11234", text: "code" })).rejects.toBeInstanceOf(InvalidDataError);
    await expect(gateway.send({ to: "+12025550143", text: "code" })).rejects.not.toBeInstanceOf(
      InvalidDataError,
    );
  });
});
