import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { currencies, quotations, senders } from "../src/db/schema/index";
import { bearer, clientBody, countryId, registerClient, verifyPhone, withoutSession } from "./auth-support";
import { appForThisFile } from "./helper";

// Senders through the API: a client's own profile as a sender, an agent's walk-in customers with
// their identity documents, per-service lists and forms, ownership (another user's id is a 404
// that changes nothing) and naming a quotation's sender.
//
let ids: Record<string, number>;
let docs: { passport: number; ine: number } = { passport: 0, ine: 0 };

const isoDaysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const yearsAgo = (years: number, extraDays = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + extraDays);
  return date.toISOString().slice(0, 10);
};

async function registerAgent() {
  const body = { ...(await clientBody(app)), agency_name: "Envíos Sol", address: "1 Sun Street" };
  const response = await app.inject({
    method: "POST",
    url: "/api/agents/onboarding/register",
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`agent register failed: ${response.body}`);
  const token = response.json().data.token as string;
  await verifyPhone(app, token, `${body.phone_prefix}${body.phone_number}`, "agent");
  return { body, token };
}

const call = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) =>
  payload === undefined
    ? app.inject({ method, url, headers: bearer(token) })
    : app.inject({ method, url, headers: bearer(token), payload });

const consignmentBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: "Lucía",
  last_name: "Pérez",
  email: "lucia.perez@example.com",
  phone_prefix: "+52",
  phone_number: "5512345678",
  country_id: ids.MX,
  city: "Ciudad de México",
  address: "Av. Reforma 100",
  postal_code: "06600",
  date_of_birth: yearsAgo(30),
  occupation: "Teacher",
  document_type_id: docs.passport,
  document_number: "X1234567",
  document_country_id: ids.MX,
  document_expires_on: isoDaysFromNow(400),
  ...overrides,
});

const basicBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: "Marco",
  last_name: "Ruiz",
  phone_prefix: "+1",
  phone_number: "2025550143",
  ...overrides,
});

const app = appForThisFile();

beforeAll(async () => {
  const currencyRows = await app.db.select().from(currencies).where(sql`${currencies.iso} in ('USD','MXN')`);
  ids = Object.fromEntries(currencyRows.map((row) => [row.iso, row.id]));
  for (const iso2 of ["US", "MX", "ES"]) ids[iso2] = await countryId(app, iso2);
  const rows = await queryRows<{ id: number; code: string }>(
    app.db,
    sql`select id, code from document_types where code in ('passport', 'mx-ine')`,
  );
  const byCode = Object.fromEntries(rows.map((row) => [row.code, row.id]));
  docs = { passport: byCode.passport!, ine: byCode["mx-ine"]! };
});

describe("a client's own profile as a sender", () => {
  it("lists the profile as the first sender, made on first need, once, and kept in step with the profile", async () => {
    const { body, session } = await registerClient(app);
    const first = await call("GET", "/api/senders", session.token);
    expect(first.statusCode).toBe(200);
    const list = first.json().data;
    expect(list).toMatchObject({ current_page: 1, per_page: 10, last_page: 1, total: 1 });
    const self = list.data[0];
    expect(self).toMatchObject({
      is_self: true,
      is_active: true,
      first_name: body.first_name,
      last_name: body.last_name,
      full_name: `${body.first_name} ${body.last_name}`,
      email: body.email,
      phone_prefix: body.phone_prefix,
      phone_number: body.phone_number,
      country_id: body.country_id,
    });
    expect(self.services).toEqual(expect.arrayContaining(["consignments", "gift-cards"]));

    // Asked again, and from a per-service list: still one row.
    await call("GET", "/api/consignments/senders", session.token);
    await call("GET", "/api/senders", session.token);
    const rows = await app.db.select().from(senders).where(eq(senders.id, self.id));
    expect(rows).toHaveLength(1);

    const changed = await call("PUT", "/api/profile", session.token, {
      first_name: "Anabel",
      city: "Austin",
    });
    expect(changed.statusCode).toBe(200);
    const [synced] = await app.db.select().from(senders).where(eq(senders.id, self.id));
    expect(synced).toMatchObject({ firstName: "Anabel", city: "Austin", isSelf: true });
    const again = (await call("GET", "/api/senders", session.token)).json().data;
    expect(again.total).toBe(1);
    expect(again.data[0]).toMatchObject({
      id: self.id,
      first_name: "Anabel",
      full_name: `Anabel ${body.last_name}`,
    });
  });

  it("refuses to toggle, delete or edit the own sender with 409 and a clear message", async () => {
    const { session } = await registerClient(app);
    const self = (await call("GET", "/api/senders", session.token)).json().data.data[0];
    const message =
      "This sender is your own profile: it cannot be changed, disabled or deleted here. Edit your profile instead.";
    for (const [method, url] of [
      ["PATCH", `/api/senders/${self.id}`],
      ["DELETE", `/api/senders/${self.id}`],
    ] as const) {
      const response = await call(method, url, session.token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ success: false, message });
    }
    const [row] = await app.db.select().from(senders).where(eq(senders.id, self.id));
    expect(row).toMatchObject({ isActive: true, deletedAt: null });
    const spanish = await app.inject({
      method: "PATCH",
      url: `/api/senders/${self.id}`,
      headers: bearer(session.token, { language: "es" }),
    });
    expect(spanish.json().message).toMatch(/^Este remitente es tu propio perfil/);
  });

  it("refuses to edit the own sender through the consignments form", async () => {
    const { session } = await registerClient(app);
    const self = (await call("GET", "/api/senders", session.token)).json().data.data[0];
    const response = await call(
      "PUT",
      `/api/consignments/senders/${self.id}`,
      session.token,
      consignmentBody(),
    );
    expect(response.statusCode).toBe(409);
  });
});

describe("per-service senders", () => {
  it("creates a phone top-up sender with a name and a way to reach them, listed under its service only", async () => {
    const { token } = await registerAgent();
    const created = await call("POST", "/api/reload-phones/senders", token, basicBody());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      success: true,
      message: "Sender saved.",
      data: {
        is_self: false,
        first_name: "Marco",
        full_name: "Marco Ruiz",
        phone_prefix: "+1",
        phone_number: "2025550143",
        email: null,
        services: ["reload-phones"],
        document_type_id: null,
      },
    });
    const byEmail = await call("POST", "/api/gift-cards/senders", token, {
      first_name: "Rosa",
      last_name: "Díaz",
      email: "  Rosa.Diaz@Example.com ",
    });
    expect(byEmail.statusCode).toBe(201);
    expect(byEmail.json().data).toMatchObject({ email: "rosa.diaz@example.com", services: ["gift-cards"] });

    const reload = (await call("GET", "/api/reload-phones/senders", token)).json().data;
    expect(reload.data.map((item: { first_name: string }) => item.first_name)).toEqual(["Marco"]);
    const gift = (await call("GET", "/api/gift-cards/senders", token)).json().data;
    expect(gift.data.map((item: { first_name: string }) => item.first_name)).toEqual(["Rosa"]);
    const bills = (await call("GET", "/api/prepaid-pay-bills/senders", token)).json().data;
    expect(bills.total).toBe(0);
    const all = (await call("GET", "/api/senders", token)).json().data;
    expect(all.total).toBe(2);
    const filtered = (await call("GET", "/api/senders?service=gift-cards", token)).json().data;
    expect(filtered.total).toBe(1);
  });

  it("refuses a basic sender without contact, with half a phone, a number that cannot be dialled or an unknown country", async () => {
    const { token } = await registerAgent();
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: "Ana", last_name: "Ruiz" }, "email"],
      [{ first_name: "Ana", last_name: "Ruiz", phone_prefix: "+1" }, "phone_number"],
      [{ first_name: "Ana", last_name: "Ruiz", phone_number: "2025550143" }, "phone_prefix"],
      [{ first_name: "Ana", last_name: "Ruiz", phone_prefix: "+1", phone_number: "1234" }, "phone_number"],
      [{ first_name: "", last_name: "Ruiz", email: "a@example.com" }, "first_name"],
      [{ first_name: "Ana", last_name: "Ruiz", email: "not-an-address" }, "email"],
      [
        { first_name: "Ana", last_name: "Ruiz", email: "a@example.com", country_id: 2_000_000_000 },
        "country_id",
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await call("POST", "/api/prepaid-pay-bills/senders", token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(payload)).toBeDefined();
    }
    expect((await call("GET", "/api/senders", token)).json().data.total).toBe(0);
  });

  it("needs a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/senders"],
      ["POST", "/api/senders"],
      ["GET", "/api/gift-cards/senders"],
      ["PATCH", "/api/senders/1"],
      ["DELETE", "/api/senders/1"],
      ["PUT", "/api/consignments/senders/1"],
      ["GET", "/api/agents/senders"],
      ["PUT", "/api/consignments/quotation/1/add-sender"],
    ] as const) {
      const response = await withoutSession(app, method, url);
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe("agent senders", () => {
  it("pages the agent's senders 10 at a time with search, in the spec's agent list shape; clients are refused", async () => {
    const { token } = await registerAgent();
    for (let index = 0; index < 12; index++) {
      const response = await call("POST", "/api/reload-phones/senders", token, {
        first_name: index === 7 ? "Zoë_100%" : `Walk${index}`,
        last_name: "In",
        email: `walk${index}@example.com`,
      });
      expect(response.statusCode).toBe(201);
    }
    const first = await call("GET", "/api/agents/senders", token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      data: { total: 12, current_page: 1, per_page: 10, last_page: 2 },
    });
    expect(first.json().data.data).toHaveLength(10);
    // Newest first.
    expect(first.json().data.data[0].first_name).toBe("Walk11");
    const second = (await call("GET", "/api/agents/senders?page=2", token)).json().data;
    expect(second).toMatchObject({ current_page: 2, total: 12 });
    expect(second.data).toHaveLength(2);

    // Wildcards are matched as themselves; e-mail matches too.
    const wild = (
      await call("GET", `/api/agents/senders?search=${encodeURIComponent("_100%")}`, token)
    ).json().data;
    expect(wild.data.map((item: { first_name: string }) => item.first_name)).toEqual(["Zoë_100%"]);
    const byEmail = (await call("GET", "/api/senders?search=WALK3@", token)).json().data;
    expect(byEmail.total).toBe(1);
    const none = (await call("GET", "/api/senders?search=nobody", token)).json().data;
    expect(none).toMatchObject({ total: 0, last_page: 1, data: [] });

    const tooMany = await call("GET", "/api/agents/senders?per_page=50", token);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.per_page).toBeDefined();

    const client = (await registerClient(app)).session.token;
    expect((await call("GET", "/api/agents/senders", client)).statusCode).toBe(403);
  });

  it("toggles and soft-deletes a sender, keeping the row; another user's id is a 404 that changes nothing", async () => {
    const owner = await registerAgent();
    const other = await registerAgent();
    const created = (await call("POST", "/api/gift-cards/senders", owner.token, basicBody())).json().data;

    for (const [method, url] of [
      ["PATCH", `/api/senders/${created.id}`],
      ["DELETE", `/api/senders/${created.id}`],
    ] as const) {
      const response = await call(method, url, other.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: "Sender not found." });
    }
    const missing = await call("PATCH", "/api/senders/2147483647", owner.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Sender not found.");
    expect((await call("GET", "/api/senders", other.token)).json().data.total).toBe(0);

    const off = await call("PATCH", `/api/senders/${created.id}`, owner.token);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: "Sender disabled.", data: { is_active: false } });
    const on = await call("PATCH", `/api/senders/${created.id}`, owner.token);
    expect(on.json()).toMatchObject({ message: "Sender enabled.", data: { is_active: true } });

    const removed = await call("DELETE", `/api/senders/${created.id}`, owner.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ success: true, message: "Sender deleted.", data: null });
    expect((await call("GET", "/api/senders", owner.token)).json().data.total).toBe(0);
    const [row] = await app.db.select().from(senders).where(eq(senders.id, created.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await call("DELETE", `/api/senders/${created.id}`, owner.token)).statusCode).toBe(404);
    expect((await call("PATCH", `/api/senders/${created.id}`, owner.token)).statusCode).toBe(404);
  });

  it("refuses malformed ids and queries with 422 on the field", async () => {
    const { token } = await registerAgent();
    const badId = await call("PATCH", "/api/senders/abc", token);
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors.id).toBeDefined();
    const badService = await call("GET", "/api/senders?service=wallets", token);
    expect(badService.statusCode).toBe(422);
    expect(badService.json().errors.service).toBeDefined();
    const badPage = await call("GET", "/api/senders?page=0", token);
    expect(badPage.statusCode).toBe(422);
  });
});

describe("consignment senders (documents)", () => {
  it("creates a sender with an identity document, through /senders and /consignments/senders", async () => {
    const { token } = await registerAgent();
    const created = await call("POST", "/api/consignments/senders", token, consignmentBody());
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      is_self: false,
      full_name: "Lucía Pérez",
      document_type_id: docs.passport,
      document_number: "X1234567",
      document_country_id: ids.MX,
      services: ["consignments"],
    });
    const ine = await call(
      "POST",
      "/api/senders",
      token,
      consignmentBody({ document_type_id: docs.ine, document_number: "gomlrs80010109h400" }),
    );
    expect(ine.statusCode).toBe(201);
    // Read upper-cased, then matched against the document's pattern.
    expect(ine.json().data.document_number).toBe("GOMLRS80010109H400");
    const list = (await call("GET", "/api/consignments/senders", token)).json().data;
    expect(list.total).toBe(2);
    const search = (await call("GET", "/api/senders?search=GOMLRS", token)).json().data;
    expect(search.total).toBe(1);
  });

  it("refuses a minor, an expired document, a document of another country, a number out of format and unknown ids", async () => {
    const { token } = await registerAgent();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date_of_birth: yearsAgo(18, 1) }, "date_of_birth", "You must be at least 18 years old."],
      [{ date_of_birth: isoDaysFromNow(3) }, "date_of_birth", "Must be a date in the past."],
      [{ date_of_birth: "2001-02-30" }, "date_of_birth", ""],
      [
        { document_expires_on: isoDaysFromNow(0) },
        "document_expires_on",
        "This document has expired: it must be valid after today.",
      ],
      [
        { document_expires_on: isoDaysFromNow(-30) },
        "document_expires_on",
        "This document has expired: it must be valid after today.",
      ],
      [
        { document_type_id: docs.ine, document_country_id: ids.ES, document_number: "GOMLRS80010109H400" },
        "document_type_id",
        "This document is not issued in the chosen country.",
      ],
      [
        { document_type_id: docs.ine, document_number: "12345678" },
        "document_number",
        "This is not a valid number for this document.",
      ],
      [{ document_type_id: 2_000_000_000 }, "document_type_id", "Unknown document type."],
      [{ document_country_id: 2_000_000_000 }, "document_country_id", "Unknown country."],
      [{ state_id: 2_000_000_000 }, "state_id", "Unknown state."],
      [{ document_number: "<script>" }, "document_number", ""],
      [{ phone_prefix: "+52", phone_number: "123" }, "phone_number", ""],
      [{ address: "" }, "address", ""],
      [{ document_type_id: undefined }, "document_type_id", ""],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call("POST", "/api/consignments/senders", token, consignmentBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      const errors = response.json().errors[field];
      expect(errors, JSON.stringify(overrides)).toBeDefined();
      if (message) expect(errors).toContain(message);
    }
    expect((await call("GET", "/api/senders", token)).json().data.total).toBe(0);
  });

  it("edits a sender with the consignments form; another user's sender is a 404 that changes nothing", async () => {
    const owner = await registerAgent();
    const other = await registerAgent();
    const basic = (await call("POST", "/api/reload-phones/senders", owner.token, basicBody())).json().data;
    const edited = await call(
      "PUT",
      `/api/consignments/senders/${basic.id}`,
      owner.token,
      consignmentBody({ first_name: "Marco", last_name: "Ruiz" }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: basic.id,
      full_name: "Marco Ruiz",
      document_number: "X1234567",
      services: ["reload-phones", "consignments"],
    });
    const foreign = await call(
      "PUT",
      `/api/consignments/senders/${basic.id}`,
      other.token,
      consignmentBody(),
    );
    expect(foreign.statusCode).toBe(404);
    const [row] = await app.db.select().from(senders).where(eq(senders.id, basic.id));
    expect(row?.firstName).toBe("Marco");
    const invalid = await call(
      "PUT",
      `/api/consignments/senders/${basic.id}`,
      owner.token,
      consignmentBody({ first_name: "Changed", date_of_birth: yearsAgo(10) }),
    );
    expect(invalid.statusCode).toBe(422);
    const [unchanged] = await app.db.select().from(senders).where(eq(senders.id, basic.id));
    expect(unchanged?.firstName).toBe("Marco");
  });
});

describe("PUT /consignments/quotation/{id}/add-sender", () => {
  const quote = async (token: string) => {
    const response = await call("POST", "/api/consignments/quotation", token, {
      country_from_id: ids.US,
      country_to_id: ids.MX,
      currency_from_id: ids.USD,
      currency_to_id: ids.MXN,
      send_amount: "150.00",
    });
    expect(response.statusCode).toBe(201);
    return response.json().data;
  };

  it("names the client's own profile as the sender and answers send_data and the summary", async () => {
    const { body, session } = await registerClient(app);
    const quotation = await quote(session.token);
    const self = (await call("GET", "/api/senders", session.token)).json().data.data[0];
    const response = await call(
      "PUT",
      `/api/consignments/quotation/${quotation.id}/add-sender`,
      session.token,
      {
        sender_id: self.id,
      },
    );
    expect(response.statusCode).toBe(200);
    const { send_data, summary } = response.json().data;
    const name = `${body.first_name} ${body.last_name}`;
    expect(send_data).toMatchObject({
      quotation_id: quotation.id,
      sender_id: self.id,
      sender_name: name,
      recipient_id: null,
      recipient_name: null,
      send_amount: "150.00",
      receiving_amount: quotation.receiving_amount,
      currency_from_iso: "USD",
      currency_to_iso: "MXN",
    });
    expect(summary).toMatchObject({
      id: quotation.id,
      status: "open",
      send_amount: "150.00",
      amount_paid: quotation.amount_paid,
      rate: quotation.rate,
      sender_name: name,
    });
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
    expect(row?.senderId).toBe(self.id);
  });

  it("answers 404 for another user's quotation or sender, changing nothing; 409 when the quotation expired", async () => {
    const a = await registerClient(app);
    const b = await registerClient(app);
    const quotationA = await quote(a.session.token);
    const selfA = (await call("GET", "/api/senders", a.session.token)).json().data.data[0];
    const selfB = (await call("GET", "/api/senders", b.session.token)).json().data.data[0];

    const foreignQuote = await call(
      "PUT",
      `/api/consignments/quotation/${quotationA.id}/add-sender`,
      b.session.token,
      {
        sender_id: selfB.id,
      },
    );
    expect(foreignQuote.statusCode).toBe(404);
    expect(foreignQuote.json().message).toBe("Quotation not found.");
    const foreignSender = await call(
      "PUT",
      `/api/consignments/quotation/${quotationA.id}/add-sender`,
      a.session.token,
      { sender_id: selfB.id },
    );
    expect(foreignSender.statusCode).toBe(404);
    expect(foreignSender.json().message).toBe("Sender not found.");
    const [untouched] = await app.db.select().from(quotations).where(eq(quotations.id, quotationA.id));
    expect(untouched?.senderId).toBeNull();

    const badBody = await call(
      "PUT",
      `/api/consignments/quotation/${quotationA.id}/add-sender`,
      a.session.token,
      {
        sender_id: "x",
      },
    );
    expect(badBody.statusCode).toBe(422);
    expect(badBody.json().errors.sender_id).toBeDefined();

    await app.db
      .update(quotations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotations.id, quotationA.id));
    const expired = await call(
      "PUT",
      `/api/consignments/quotation/${quotationA.id}/add-sender`,
      a.session.token,
      {
        sender_id: selfA.id,
      },
    );
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(
      "This quotation has expired and its rate is no longer held. Request a new quotation.",
    );
    const [still] = await app.db.select().from(quotations).where(eq(quotations.id, quotationA.id));
    expect(still?.senderId).toBeNull();
  });

  it("refuses a disabled sender and one without an identity document on sender_id (422)", async () => {
    const { token } = await registerAgent();
    const quotation = await quote(token);
    const basic = (await call("POST", "/api/gift-cards/senders", token, basicBody())).json().data;
    const noDocument = await call("PUT", `/api/consignments/quotation/${quotation.id}/add-sender`, token, {
      sender_id: basic.id,
    });
    expect(noDocument.statusCode).toBe(422);
    expect(noDocument.json().errors.sender_id).toEqual([
      "This sender has no identity document on file. Complete their details first.",
    ]);
    await call("PATCH", `/api/senders/${basic.id}`, token);
    const disabled = await call("PUT", `/api/consignments/quotation/${quotation.id}/add-sender`, token, {
      sender_id: basic.id,
    });
    expect(disabled.statusCode).toBe(422);
    expect(disabled.json().errors.sender_id).toEqual(["This sender is disabled. Enable it first."]);
  });

  it("lets an agent name one of its walk-in senders; an expired document is refused", async () => {
    const { token } = await registerAgent();
    const quotation = await quote(token);
    const created = (await call("POST", "/api/consignments/senders", token, consignmentBody())).json().data;
    const response = await call("PUT", `/api/consignments/quotation/${quotation.id}/add-sender`, token, {
      sender_id: created.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.send_data).toMatchObject({
      sender_id: created.id,
      sender_name: "Lucía Pérez",
    });
    // The document ran out since it was checked.
    await app.db
      .update(senders)
      .set({ documentExpiresOn: isoDaysFromNow(-1) })
      .where(eq(senders.id, created.id));
    const expired = await call("PUT", `/api/consignments/quotation/${quotation.id}/add-sender`, token, {
      sender_id: created.id,
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.sender_id).toEqual([
      "This sender's identity document has expired. Update their details first.",
    ]);
  });
});
