import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authAttempts, outboxMessages, recipientInvitations, recipients } from "../src/db/schema/index";
import { invitationTokenHash } from "../src/recipients/external/service";
import { bearer, countryId, latestMessage, registerClient, uniqueEmail } from "./auth-support";
import { appForThisFile } from "./helper";

// External recipients (spec §7): the owner sends a link by e-mail, the person opens it (the token
// read back from the outbox, as the Mailbox page shows it), reads who invited them, chooses where
// and how to receive, fills in the dynamic form and submits once; the owner confirms. A link that
// is unknown, expired or used answers one 404; another owner's invitation is a 404 too.
const PUBLIC_APP_URL = "https://app.vela.test";
const GONE = { success: false, message: "This link has expired or was already used." };
let ids: { MX: number; PH: number; MXN: number; PHP: number; bank: number; cash: number; vela: number };

const app = appForThisFile({ PUBLIC_APP_URL });

beforeAll(async () => {
  const currency = async (iso: string) =>
    (await app.inject({ method: "GET", url: "/api/currencies" }))
      .json()
      .data.find((item: { iso: string }) => item.iso === iso).id as number;
  const methods = await app.db.execute(sql`select id, slug from shipping_methods`);
  const method = (slug: string) =>
    (methods as unknown as { rows: { id: number; slug: string }[] }).rows.find((row) => row.slug === slug)!
      .id;
  ids = {
    MX: await countryId(app, "MX"),
    PH: await countryId(app, "PH"),
    MXN: await currency("MXN"),
    PHP: await currency("PHP"),
    bank: method("bank-deposit"),
    cash: method("cash-pickup"),
    vela: method("vela"),
  };
});
// Each test starts with no failed link tries counted against the test IP.
beforeEach(async () => {
  await app.db.delete(authAttempts).where(eq(authAttempts.kind, "invitation"));
});

type Owner = Awaited<ReturnType<typeof registerClient>>;

async function sendLink(owner: Owner, recipients: Record<string, unknown>[]) {
  return app.inject({
    method: "POST",
    url: "/api/recipients/send-link",
    headers: bearer(owner.session.token),
    payload: { recipients },
  });
}

/** The token of the newest link e-mailed to `email`, read from the outbox's text. */
async function linkTokenSentTo(email: string): Promise<string> {
  const message = await latestMessage(app, email);
  const match = message?.text.match(/(https:\/\/\S+)\/recipient-invitation#([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`No link sent to ${email}`);
  expect(match[1]).toBe(PUBLIC_APP_URL);
  return match[2]!;
}

async function invite(owner: Owner, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail("maria");
  const response = await sendLink(owner, [{ name: "María López", email, ...extra }]);
  expect(response.statusCode, response.body).toBe(201);
  return { email, invitation: response.json().data[0], token: await linkTokenSentTo(email) };
}

const external = (token: string | null, url: string, method: "GET" | "POST" = "GET", payload?: object) =>
  app.inject({
    method,
    url: `/api/external-recipients${url}`,
    headers: token === null ? {} : { "x-invitation-token": token },
    ...(payload ? { payload } : {}),
  });

const mexicanBankDetails = () => ({
  type: "customer",
  country_to_id: ids.MX,
  currency_to_id: ids.MXN,
  shipping_method_id: ids.bank,
  first_name: "María",
  last_name: "López",
  email: uniqueEmail("maria.lopez"),
  phone_number: "+52 55 1234 5678",
  clabe: "002010077777777771",
});

describe("the link's whole journey", () => {
  it("sends a link, shows who sent it, serves options and the form, saves once, and the owner confirms", async () => {
    const owner = await registerClient(app, { first_name: "Ana", last_name: "García" });
    const { invitation, token, email } = await invite(owner);
    expect(invitation).toMatchObject({ name: "María López", status: "sent", recipient_id: null });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const [stored] = await app.db
      .select()
      .from(recipientInvitations)
      .where(eq(recipientInvitations.id, invitation.id));
    expect(stored!.tokenHash).toBe(invitationTokenHash(token));
    expect(stored!.tokenHash).not.toContain(token);
    const days = (stored!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const me = await external(token, "/me");
    expect(me.statusCode).toBe(200);
    expect(me.headers["cache-control"]).toBe("no-store");
    expect(Object.keys(me.json().data).sort()).toEqual(
      [
        "country_to_id",
        "currency_to_id",
        "email",
        "expires_at",
        "name",
        "sender_name",
        "shipping_method_id",
      ].sort(),
    );
    // The name and e-mail the owner typed, for the page to fill in (issue 18).
    expect(me.json().data).toMatchObject({
      name: "María López",
      email,
      sender_name: "Ana G.",
      country_to_id: null,
    });
    expect(me.body).not.toContain("García");
    expect(me.body).not.toContain(owner.body.email);

    const options = (await external(token, "/receiving-options")).json().data.countries;
    const mexico = options.find((country: { iso2: string }) => country.iso2 === "MX");
    expect(mexico.currencies[0]).toMatchObject({ id: ids.MXN, code: "MXN" });
    const slugs = mexico.currencies[0].shipping_methods.map((method: { slug: string }) => method.slug);
    expect(slugs).toContain("bank-deposit");
    expect(slugs).not.toContain("vela");

    const formUrl = `/dynamic-form?country_to_id=${ids.MX}&currency_to_id=${ids.MXN}&shipping_method_id=${ids.bank}&type=customer`;
    const form = (await external(token, formUrl)).json().data;
    const phone = form.fields.find((field: { key: string }) => field.key === "phone_number");
    expect(phone).toMatchObject({ kind: "phone", check: "phone", country_iso: "MX" });
    expect(form.fields.map((field: { key: string }) => field.key)).toEqual([
      "first_name",
      "last_name",
      "email",
      "phone_number",
      "clabe",
    ]);

    const details = mexicanBankDetails();
    const saved = await external(token, "", "POST", details);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({
      success: true,
      message: "Thank you. Your details were sent.",
      data: { status: "submitted", name: "María López" },
    });

    const [recipient] = await app.db
      .select()
      .from(recipients)
      .where(eq(recipients.ownerUserId, owner.session.user.id));
    expect(recipient).toMatchObject({
      source: "link",
      isActive: false,
      type: "customer",
      firstName: "María",
      lastName: "López",
      email: details.email,
      phonePrefix: "+52",
      phoneNumber: "5512345678",
      countryId: ids.MX,
      currencyId: ids.MXN,
      shippingMethodId: ids.bank,
      formKey: "MX.bank-deposit.customer",
    });
    expect(recipient!.details).toMatchObject({ phone_number: "+525512345678", clabe: "002010077777777771" });

    // Used up: every public endpoint now answers the link's 404.
    for (const url of ["/me", "/receiving-options", formUrl]) {
      const gone = await external(token, url);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual(GONE);
    }
    const again = await external(token, "", "POST", mexicanBankDetails());
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(GONE);

    const list = await app.inject({
      method: "GET",
      url: "/api/recipients/invitations?status=submitted",
      headers: bearer(owner.session.token),
    });
    expect(list.json().data).toMatchObject({ total: 1, current_page: 1, per_page: 10, last_page: 1 });
    expect(list.json().data.data[0]).toMatchObject({
      id: invitation.id,
      status: "submitted",
      recipient_id: recipient!.id,
    });

    const confirm = () =>
      app.inject({
        method: "POST",
        url: "/api/recipients/confirm-recipient",
        headers: bearer(owner.session.token),
        payload: { invitation_id: invitation.id },
      });
    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: "Recipient confirmed.",
      data: { status: "confirmed" },
    });
    const [active] = await app.db.select().from(recipients).where(eq(recipients.id, recipient!.id));
    expect(active!.isActive).toBe(true);
    expect((await confirm()).statusCode).toBe(409);
  });

  it("keeps a link to the destination its owner chose", async () => {
    const owner = await registerClient(app);
    const { token } = await invite(owner, { country_to_id: ids.MX, currency_to_id: ids.MXN });
    expect((await external(token, "/me")).json().data).toMatchObject({
      country_to_id: ids.MX,
      currency_to_id: ids.MXN,
      shipping_method_id: null,
    });
    const countries = (await external(token, "/receiving-options")).json().data.countries;
    expect(countries.map((country: { iso2: string }) => country.iso2)).toEqual(["MX"]);

    const elsewhere = await external(token, "", "POST", {
      ...mexicanBankDetails(),
      country_to_id: ids.PH,
      currency_to_id: ids.PHP,
      phone_number: "+63 917 123 4567",
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(Object.keys(elsewhere.json().errors)).toEqual(["country_to_id"]);
    // The refusal did not use the link up.
    expect((await external(token, "/me")).statusCode).toBe(200);
  });
});

describe("links that do not work", () => {
  it("answers an expired link, a wrong token and a missing one with the same 404", async () => {
    const owner = await registerClient(app);
    const { invitation, token } = await invite(owner);
    await app.db
      .update(recipientInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(recipientInvitations.id, invitation.id));

    const expired = await external(token, "/me");
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(GONE);
    const posted = await external(token, "", "POST", mexicanBankDetails());
    expect(posted.json()).toEqual(GONE);

    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const attempt of [wrong, "not-a-token", "", null]) {
      const response = await external(attempt, "/me");
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(GONE);
    }
    const list = await app.inject({
      method: "GET",
      url: "/api/recipients/invitations",
      headers: bearer(owner.session.token),
    });
    expect(list.json().data.data[0]).toMatchObject({ id: invitation.id, status: "expired" });
    const [unchanged] = await app.db
      .select({ total: sql<number>`count(*)::int` })
      .from(recipients)
      .where(eq(recipients.ownerUserId, owner.session.user.id));
    expect(unchanged!.total).toBe(0);
  });

  it("answers another owner's invitation with a 404 and changes nothing", async () => {
    const owner = await registerClient(app);
    const stranger = await registerClient(app);
    const { invitation, token } = await invite(owner);
    expect((await external(token, "", "POST", mexicanBankDetails())).statusCode).toBe(201);

    const refused = await app.inject({
      method: "POST",
      url: "/api/recipients/confirm-recipient",
      headers: bearer(stranger.session.token),
      payload: { invitation_id: invitation.id },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ success: false, message: "Not found." });
    const missing = await app.inject({
      method: "POST",
      url: "/api/recipients/confirm-recipient",
      headers: bearer(stranger.session.token),
      payload: { invitation_id: 2_000_000_000 },
    });
    expect(missing.json()).toEqual(refused.json());
    const strangerList = await app.inject({
      method: "GET",
      url: "/api/recipients/invitations",
      headers: bearer(stranger.session.token),
    });
    expect(strangerList.json().data.total).toBe(0);
    const [row] = await app.db
      .select()
      .from(recipientInvitations)
      .where(eq(recipientInvitations.id, invitation.id));
    expect(row!.status).toBe("submitted");
    const [recipient] = await app.db.select().from(recipients).where(eq(recipients.id, row!.recipientId!));
    expect(recipient!.isActive).toBe(false);
  });

  it("refuses to confirm an invitation nobody has filled in yet", async () => {
    const owner = await registerClient(app);
    const { invitation } = await invite(owner);
    const early = await app.inject({
      method: "POST",
      url: "/api/recipients/confirm-recipient",
      headers: bearer(owner.session.token),
      payload: { invitation_id: invitation.id },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("The recipient has not filled in their details yet.");
  });
});

describe("bad input", () => {
  it("names the failing field of the dynamic form and saves nothing", async () => {
    const owner = await registerClient(app);
    const { token } = await invite(owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ phone_number: "+1 202 555 0100" }, "phone_number"],
      [{ phone_number: "12345" }, "phone_number"],
      [{ first_name: "" }, "first_name"],
      [{ clabe: "002010077777777772" }, "clabe"],
      [{ email: "not-an-email" }, "email"],
      [{ favourite_colour: "blue" }, "favourite_colour"],
      [{ shipping_method_id: ids.vela }, "shipping_method_id"],
      [{ country_to_id: 2_000_000 }, "country_to_id"],
    ];
    for (const [change, field] of cases) {
      const response = await external(token, "", "POST", { ...mexicanBankDetails(), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(change)).toEqual([field]);
    }
    const missing = await external(token, "", "POST", { ...mexicanBankDetails(), last_name: undefined });
    expect(missing.json().errors).toEqual({ last_name: ["This field is required."] });
    const [row] = await app.db
      .select({ total: sql<number>`count(*)::int` })
      .from(recipients)
      .where(eq(recipients.ownerUserId, owner.session.user.id));
    expect(row!.total).toBe(0);
    expect((await external(token, "/me")).statusCode).toBe(200);
  });

  it("refuses a send-link with bad entries, naming each, and sends nothing", async () => {
    const owner = await registerClient(app);
    const email = uniqueEmail("nobody");
    const cases: [Record<string, unknown>[], string][] = [
      [[{ name: "Luis", email: "luis-at-example" }], "recipients.0.email"],
      [[{ name: "", email }], "recipients.0.name"],
      [
        [
          { name: "Luis", email },
          { name: "Eva", email, country_to_id: 2_000_000 },
        ],
        "recipients.1.country_to_id",
      ],
      [
        [{ name: "Luis", email, country_to_id: ids.MX, currency_to_id: ids.PHP }],
        "recipients.0.currency_to_id",
      ],
      [
        [{ name: "Luis", email, country_to_id: ids.MX, shipping_method_id: ids.vela }],
        "recipients.0.shipping_method_id",
      ],
      [[], "recipients"],
      [Array.from({ length: 11 }, () => ({ name: "Luis", email })), "recipients"],
    ];
    for (const [entries, field] of cases) {
      const response = await sendLink(owner, entries);
      expect(response.statusCode, JSON.stringify(entries)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    const sent = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(sent).toHaveLength(0);
    const unauthenticated = await app.inject({
      method: "POST",
      url: "/api/recipients/send-link",
      payload: { recipients: [{ name: "Luis", email }] },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it("sends one e-mail per person and caps the invitations an owner sends in a day", async () => {
    const owner = await registerClient(app);
    const batch = Array.from({ length: 10 }, (_, index) => ({
      name: `Person ${index}`,
      email: uniqueEmail("p"),
    }));
    const response = await sendLink(owner, batch);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe("We sent the links.");
    for (const person of batch) await linkTokenSentTo(person.email);
    for (let round = 0; round < 4; round++) expect((await sendLink(owner, batch)).statusCode).toBe(201);
    const over = await sendLink(owner, [{ name: "One more", email: uniqueEmail("p") }]);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe("You can invite at most 50 people a day. Try again tomorrow.");
  });
});

// PGlite has one connection and would serialise the submissions: this needs TEST_DATABASE_URL.
const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)("at the same time (PostgreSQL)", () => {
  it("makes one recipient of submissions sent together", async () => {
    const owner = await registerClient(app);
    const { invitation, token } = await invite(owner);
    const waiting = sql`select count(*)::int as total from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`;
    // Another transaction holds the invitation's row, so every submission has passed its checks
    // and stands at the row lock when it is let go: they truly race for the link.
    let answers: Awaited<ReturnType<typeof external>>[] = [];
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select id from recipient_invitations where id = ${invitation.id} for update`);
      const sent = Promise.all(
        Array.from({ length: 4 }, () => external(token, "", "POST", mexicanBankDetails())),
      );
      await expect
        .poll(
          async () =>
            ((await app.db.execute(waiting)) as unknown as { rows: { total: number }[] }).rows[0]!.total,
          {
            timeout: 10_000,
            interval: 50,
          },
        )
        .toBe(4);
      // Released at the end of this transaction; the answers come after.
      void sent.then((result) => {
        answers = result;
      });
    });
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(4);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 404, 404, 404]);
    const rows = await app.db
      .select()
      .from(recipients)
      .where(eq(recipients.ownerUserId, owner.session.user.id));
    expect(rows).toHaveLength(1);
    const [row] = await app.db
      .select()
      .from(recipientInvitations)
      .where(eq(recipientInvitations.id, invitation.id));
    expect(row).toMatchObject({ status: "submitted", recipientId: rows[0]!.id });
  });
});

describe("guessing tokens", () => {
  it("refuses an IP after 20 failed link tries, even with a good token", async () => {
    const owner = await registerClient(app);
    const { token } = await invite(owner);
    await app.db.delete(authAttempts).where(eq(authAttempts.kind, "invitation"));
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await external(`guess-${attempt}`, "/me")).statusCode).toBe(404);
    }
    const refused = await external(token, "/me");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    await app.db.delete(authAttempts).where(eq(authAttempts.kind, "invitation"));
    expect((await external(token, "/me")).statusCode).toBe(200);
  });
});
