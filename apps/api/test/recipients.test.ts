import { dynamicFormSchema } from "@vela/shared/dynamic-form";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { quotations, recipients, senders } from "../src/db/schema/index";
import { appForThisFile } from "./helper";
import { keysOf, type Party, query, type RecipientKit, recipientKit, VALID_CLABE } from "./recipient-support";

// Proves the recipients API: the dynamic-form catalogue for every destination and delivery method,
// saves checked by the same schema the SPA runs, each kind of bad input refused by field with
// nothing saved, the owner's list with its filters and pages, ownership (a second user's ids are
// not found and nothing changes), beneficiaries of a quotation, and choosing a quotation's
// recipient ({ send_data, summary }, 409 once expired). The checks against the reference lists
// (banks, payer networks, documents) are in recipients-reference.test.ts.
let ids: RecipientKit["ids"];
let methods: RecipientKit["methods"];
let owner: Party;
let other: Party;
let signUp: RecipientKit["signUp"];
let call: RecipientKit["call"];
let mxBank: RecipientKit["mxBank"];
let mxRecipient: RecipientKit["mxRecipient"];
let recipientCount: RecipientKit["recipientCount"];
let form: RecipientKit["form"];

const app = appForThisFile();

beforeAll(async () => {
  ({ ids, methods, owner, other, signUp, call, mxBank, mxRecipient, recipientCount, form } =
    await recipientKit(app));
});

describe("dynamic-form catalogue", () => {
  it("asks a Mexican bank deposit for the person and a CLABE, in the caller's language", async () => {
    const english = await form({ ...mxBank(), type: "customer" });
    expect(english.key).toBe("MX.bank-deposit.customer");
    expect(keysOf(english)).toEqual(["first_name", "last_name", "email", "phone_number", "clabe"]);
    const clabe = english.fields.find((field) => field.key === "clabe")!;
    expect(clabe).toMatchObject({ check: "clabe", min_length: 18, max_length: 18, required: true });
    const phone = english.fields.find((field) => field.key === "phone_number")!;
    expect(phone).toMatchObject({
      kind: "phone",
      input: "phone",
      check: "phone",
      country_iso: "MX",
      required: false,
    });
    expect(english.fields.find((field) => field.key === "email")!.required).toBe(false);
    expect(phone.help).toBe("A number of Mexico, with its prefix.");
    const spanish = await form({ ...mxBank(), type: "customer" }, "es");
    expect(spanish.fields[0]!.label).toBe("Nombre");
    expect(spanish.title).toContain("Depósito bancario");
  });

  it("asks a business for its name instead of a person's", async () => {
    const business = await form({ ...mxBank(), type: "business" });
    expect(business.key).toBe("MX.bank-deposit.business");
    expect(keysOf(business).slice(0, 1)).toEqual(["business_name"]);
    expect(keysOf(business)).not.toContain("first_name");
  });

  it("lets a Philippine recipient choose bank or e-wallet, and answers other fields for each", async () => {
    const params = {
      country_to_id: ids.PH,
      currency_to_id: ids.PHP,
      shipping_method_id: methods["bank-deposit"],
    };
    const bank = await form(params);
    // The country reads as it does in a sentence.
    expect(bank.fields.find((field) => field.key === "phone_number")!.help).toBe(
      "A number of the Philippines, with its prefix.",
    );
    const choice = bank.fields.find((field) => field.key === "account_kind")!;
    expect(choice.refresh_on_change).toBe(true);
    expect(choice.options!.map((option) => option.value)).toEqual(["bank", "e-wallet"]);
    expect(keysOf(bank)).toEqual(expect.arrayContaining(["bank_id", "account_number"]));
    expect(bank.fields.find((field) => field.key === "bank_id")!.options_endpoint).toBe(
      `/banks?country_id=${ids.PH}&shipping_method_id=${methods["bank-deposit"]}`,
    );
    const wallet = await form({ ...params, account_kind: "e-wallet" });
    expect(wallet.key).toBe("PH.bank-deposit.customer.e-wallet");
    expect(keysOf(wallet)).toEqual(expect.arrayContaining(["wallet_provider_id", "wallet_number"]));
    expect(keysOf(wallet)).not.toContain("account_number");
    expect(wallet.fields.find((field) => field.key === "wallet_provider_id")!.options_endpoint).toBe(
      `/banks?country_id=${ids.PH}&shipping_method_id=${methods["mobile-wallet"]}`,
    );
  });

  it("asks India for an IFSC, a mobile wallet for a provider and phone, home delivery for an address", async () => {
    const india = await form({
      country_to_id: ids.IN,
      currency_to_id: ids.INR,
      shipping_method_id: methods["bank-deposit"],
    });
    expect(india.fields.find((field) => field.key === "ifsc")!.pattern).toBe("^[A-Z]{4}0[A-Z0-9]{6}$");
    const wallet = await form({
      country_to_id: ids.ID,
      currency_to_id: ids.IDR,
      shipping_method_id: methods["mobile-wallet"],
    });
    expect(wallet.fields.find((field) => field.key === "wallet_number")).toMatchObject({
      check: "phone",
      country_iso: "ID",
    });
    const home = await form({
      country_to_id: ids.MX,
      currency_to_id: ids.MXN,
      shipping_method_id: methods["home-delivery"],
    });
    expect(keysOf(home)).toEqual(expect.arrayContaining(["address", "city", "state", "postal_code"]));
    const brazil = await form({
      country_to_id: ids.BR,
      currency_to_id: ids.BRL,
      shipping_method_id: methods["bank-deposit"],
      account_kind: "pix",
    });
    expect(keysOf(brazil)).toEqual(expect.arrayContaining(["cpf", "account_kind", "pix_key"]));
    const senegal = await form({
      country_to_id: ids.SN,
      currency_to_id: ids.XOF,
      shipping_method_id: methods["bank-deposit"],
    });
    expect(senegal.fields.find((field) => field.key === "iban")).toMatchObject({
      check: "iban",
      pattern: "^SN[0-9]{2}[A-Z0-9]+$",
    });
  });

  it("answers a well-formed form for every destination and delivery method, whose examples pass it", async () => {
    const corridors = await queryRows<{
      country_id: number;
      currency_id: number;
      method_id: number;
      iso: string;
    }>(
      app.db,
      sql`select distinct c.country_to_id as country_id, c.currency_to_id as currency_id, m.shipping_method_id as method_id, k.iso2 as iso
          from corridors c join corridor_methods m on m.corridor_id = c.id join countries k on k.id = c.country_to_id
          where c.is_active`,
    );
    const isos = new Set(corridors.map((row) => row.iso));
    for (const iso of [
      "MX",
      "BR",
      "EC",
      "SV",
      "PA",
      "IN",
      "PH",
      "ID",
      "CN",
      "TH",
      "MY",
      "KR",
      "ZA",
      "SN",
      "CI",
      "CM",
      "CV",
    ]) {
      expect(isos).toContain(iso);
    }
    for (const row of corridors) {
      for (const type of ["customer", "business"]) {
        const definition = await form({
          country_to_id: row.country_id,
          currency_to_id: row.currency_id,
          shipping_method_id: row.method_id,
          type,
        });
        expect(definition.key.startsWith(`${row.iso}.`)).toBe(true);
        expect(definition.fields.length).toBeGreaterThanOrEqual(4);
        for (const field of definition.fields) {
          if (field.pattern) expect(() => new RegExp(field.pattern!)).not.toThrow();
          if (field.example) {
            const single = dynamicFormSchema({
              key: "x",
              title: "x",
              fields: [{ ...field, required: true }],
            });
            expect(
              single.safeParse({ [field.key]: field.example }).success,
              `${definition.key} ${field.key}`,
            ).toBe(true);
          }
        }
      }
    }
  });

  it("refuses a method the corridor lacks and a missing corridor part, by field", async () => {
    const brazilCash = await call({
      url: `/recipients/dynamic-form?${query({ country_to_id: ids.BR, currency_to_id: ids.BRL, shipping_method_id: methods["cash-pickup"] })}`,
    });
    expect(brazilCash.statusCode).toBe(422);
    expect(brazilCash.json().errors).toEqual({
      shipping_method_id: ["This delivery method is not offered on this corridor."],
    });
    const missing = await call({ url: `/recipients/dynamic-form?${query({ country_to_id: ids.MX })}` });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["currency_to_id", "shipping_method_id"]);
    const wrongCurrency = await call({
      url: `/recipients/dynamic-form?${query({ ...mxBank(), currency_to_id: ids.PHP })}`,
    });
    expect(wrongCurrency.json().errors).toEqual({
      country_to_id: ["We do not send to this country in these currencies yet."],
    });
    const anonymous = await app.inject({
      method: "GET",
      url: `/api/recipients/dynamic-form?${query(mxBank())}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers the withdraw form for the account's country", async () => {
    const usd = await call({
      url: `/recipients/withdraw-form?${query({ currency_to_id: ids.USD, withdrawal_method_id: methods["bank-deposit"] })}`,
    });
    // The owner lives in the United States, one of several dollar countries.
    expect(usd.statusCode, usd.body).toBe(200);
    expect(usd.json().data.key).toBe("withdraw.US.bank-deposit.customer");
    expect(keysOf(usd.json().data)).toEqual(expect.arrayContaining(["routing_number", "account_number"]));
    const xof = await call({
      url: `/recipients/withdraw-form?${query({ currency_to_id: ids.XOF, withdrawal_method_id: methods["bank-deposit"] })}`,
    });
    expect(xof.statusCode).toBe(422);
    expect(xof.json().errors).toEqual({ country_to_id: ["Choose the country of the account."] });
    const senegal = await call({
      url: `/recipients/withdraw-form?${query({ currency_to_id: ids.XOF, withdrawal_method_id: methods["mobile-wallet"], country_to_id: ids.SN })}`,
    });
    expect(keysOf(senegal.json().data)).toEqual(
      expect.arrayContaining(["service_provider_id", "wallet_number"]),
    );
    const cash = await call({
      url: `/recipients/withdraw-form?${query({ currency_to_id: ids.MXN, withdrawal_method_id: methods["cash-pickup"] })}`,
    });
    expect(cash.statusCode).toBe(422);
    expect(Object.keys(cash.json().errors)).toEqual(["withdrawal_method_id"]);
  });
});

describe("saving a recipient", () => {
  it("saves a Mexican bank recipient with the server's message, normalised values and split phone", async () => {
    const response = await call({ method: "POST", url: "/recipients", payload: mxRecipient() });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe("Recipient saved.");
    expect(body.data).toMatchObject({
      type: "customer",
      service: "consignments",
      name: "María López Hernández",
      first_name: "María",
      business_name: null,
      email: "Maria.Lopez@example.mx",
      phone_prefix: "+52",
      phone_number: "5512345678",
      country_iso: "MX",
      currency_iso: "MXN",
      shipping_method_slug: "bank-deposit",
      form_key: "MX.bank-deposit.customer",
      is_active: true,
      source: "owner",
      details: { clabe: VALID_CLABE, phone_number: "+525512345678" },
    });
    const spanish = await call({
      method: "POST",
      url: "/recipients",
      payload: mxRecipient(),
      language: "es",
    });
    expect(spanish.json().message).toBe("Destinatario guardado.");
  });

  it.each([
    ["an invalid CLABE check digit", { clabe: "002010077777777772" }, "clabe", "Must be a valid CLABE."],
    [
      "a phone of another country",
      { phone_number: "+14155552671" },
      "phone_number",
      "Must be a valid phone number for the destination country.",
    ],
    ["a missing required field", { first_name: undefined }, "first_name", "This field is required."],
    [
      "a name with digits",
      { last_name: "L0pez" },
      "last_name",
      "Use letters, spaces, apostrophes and hyphens only.",
    ],
    [
      "a key the form lacks",
      { iban: "FR1420041010050500013M02606" },
      "iban",
      "This field is not part of the form.",
    ],
    ["a bad e-mail", { email: "maria@" }, "email", "Must be a valid email address."],
  ])("refuses %s by field and saves nothing", async (_name, change, field, message) => {
    const before = await recipientCount();
    const response = await call({ method: "POST", url: "/recipients", payload: mxRecipient(change) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
    expect(await recipientCount()).toBe(before);
  });

  it("names every bad field at once, in Spanish when asked", async () => {
    const response = await call({
      method: "POST",
      url: "/recipients",
      payload: mxRecipient({ clabe: "123", first_name: "" }),
      language: "es",
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.first_name).toEqual(["Este campo es obligatorio."]);
    expect(response.json().errors.clabe).toHaveLength(1);
  });

  it("checks a Vela wallet recipient's account", async () => {
    const base = {
      type: "customer",
      country_to_id: ids.MX,
      currency_to_id: ids.MXN,
      shipping_method_id: methods.vela,
      first_name: "Ana",
      last_name: "Ruiz",
    };
    const known = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, vela_account: other.email.toUpperCase() },
    });
    expect(known.statusCode, known.body).toBe(201);
    const unknown = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, vela_account: "nobody@example.org" },
    });
    expect(unknown.json().errors).toEqual({
      vela_account: ["No Vela account uses this e-mail address or phone number."],
    });
  });

  it("keeps per-service recipients with their short forms and lists them apart", async () => {
    const topUp = await call({
      method: "POST",
      url: "/reload-phones/recipients",
      payload: {
        type: "customer",
        country_to_id: ids.MX,
        first_name: "Eva",
        last_name: "Soto",
        phone_number: "+525587654321",
      },
    });
    expect(topUp.statusCode, topUp.body).toBe(201);
    expect(topUp.json().data).toMatchObject({
      service: "reload-phones",
      currency_iso: "MXN",
      form_key: "MX.reload-phones.customer",
    });
    const noPhone = await call({
      method: "POST",
      url: "/reload-phones/recipients",
      payload: { type: "customer", country_to_id: ids.MX, first_name: "Eva", last_name: "Soto" },
    });
    expect(noPhone.json().errors).toEqual({ phone_number: ["This field is required."] });
    const gift = await call({
      method: "POST",
      url: "/gift-cards/recipients",
      payload: { type: "customer", country_to_id: ids.US, first_name: "Sam", last_name: "Lee" },
    });
    expect(gift.json().errors).toEqual({ email: ["This field is required."] });
    const edited = await call({
      method: "PUT",
      url: `/recipients/${topUp.json().data.id}`,
      payload: {
        type: "customer",
        country_to_id: ids.MX,
        first_name: "Eva",
        last_name: "Soto",
        phone_number: "+525511112222",
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ service: "reload-phones", phone_number: "5511112222" });
    const list = (await call({ url: "/reload-phones/recipients" })).json().data;
    expect(list.data.map((item: { service: string }) => item.service)).toEqual(["reload-phones"]);
    const shortForm = await form({ service: "gift-cards", country_to_id: ids.US });
    expect(shortForm.fields.find((field) => field.key === "email")!.required).toBe(true);
  });

  it("saves a withdrawal account", async () => {
    const response = await call({
      method: "POST",
      url: "/recipients",
      payload: {
        type: "customer",
        currency_to_id: ids.USD,
        withdrawal_method_id: methods["bank-deposit"],
        first_name: "Ana",
        last_name: "García",
        routing_number: "021000021",
        account_type: "checking",
        account_number: "123456789",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      service: "wallets",
      withdrawal_method: "bank-deposit",
      country_iso: "US",
      shipping_method_id: null,
    });
  });
});

describe("the owner's list, edits, toggle and delete", () => {
  let lister: { token: string; id: number; email: string };
  const created: number[] = [];
  beforeAll(async () => {
    lister = await signUp();
    for (let index = 0; index < 12; index++) {
      const business = index % 4 === 0;
      const response = await call({
        method: "POST",
        url: "/recipients",
        token: lister.token,
        payload: mxRecipient({
          type: business ? "business" : "customer",
          ...(business
            ? { first_name: undefined, last_name: undefined, business_name: `Empresa ${index}` }
            : {}),
          email:
            index === 3
              ? "Exact@Example.com"
              : index === 4
                ? "exact@example.com.mx"
                : `person${index}@example.org`,
        }),
      });
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json().data.id);
    }
  });
  const list = (values: Record<string, string | number | undefined>, token = lister.token) =>
    call({ url: `/recipients?${query(values)}`, token });

  it("pages ten at a time by default, newest first", async () => {
    const first = (await list({})).json().data;
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(first.data).toHaveLength(10);
    expect(first.data[0].id).toBe(created[11]);
    const second = (await list({ page: 2 })).json().data;
    expect(second.data.map((item: { id: number }) => item.id)).toEqual([created[1], created[0]]);
  });

  it("filters by type and by e-mail (any case, exact first, then prefix)", async () => {
    const business = (await list({ type: "business" })).json().data;
    expect(business.total).toBe(3);
    expect(business.data.every((item: { type: string }) => item.type === "business")).toBe(true);
    expect((await list({ type: "customer" })).json().data.total).toBe(9);
    expect((await list({ type: "" })).json().data.total).toBe(12);
    const lookup = (await list({ email: "EXACT@example.com", page: 1, per_page: 1 })).json().data;
    expect(lookup).toMatchObject({ total: 2, per_page: 1 });
    expect(lookup.data[0].id).toBe(created[3]);
    expect((await list({ email: "person1" })).json().data.total).toBe(3);
    // LIKE wildcards are literal.
    expect((await list({ email: "%" })).json().data.total).toBe(0);
    expect((await list({ type: "friend" })).statusCode).toBe(422);
  });

  it("edits with the same body and refuses a bad edit leaving the row as it was", async () => {
    const id = created[5]!;
    const edited = await call({
      method: "PUT",
      url: `/recipients/${id}`,
      token: lister.token,
      payload: mxRecipient({ first_name: "Rosa", email: "rosa@example.org" }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: "Recipient saved.", data: { id, first_name: "Rosa" } });
    const bad = await call({
      method: "PUT",
      url: `/recipients/${id}`,
      token: lister.token,
      payload: mxRecipient({ clabe: "1" }),
    });
    expect(bad.statusCode).toBe(422);
    const now = (await call({ url: `/recipients/${id}`, token: lister.token })).json().data;
    expect(now).toMatchObject({ first_name: "Rosa", details: { clabe: VALID_CLABE } });
  });

  it("toggles and soft-deletes; a deleted recipient is gone from the API but kept", async () => {
    const id = created[6]!;
    const off = await call({ method: "PATCH", url: `/recipients/${id}`, token: lister.token });
    expect(off.json()).toMatchObject({ message: "Recipient deactivated.", data: { is_active: false } });
    const on = await call({ method: "PATCH", url: `/recipients/${id}`, token: lister.token });
    expect(on.json()).toMatchObject({ message: "Recipient activated.", data: { is_active: true } });
    const deleted = await call({ method: "DELETE", url: `/recipients/${id}`, token: lister.token });
    expect(deleted.json()).toEqual({ success: true, message: "Recipient deleted.", data: null });
    expect((await call({ url: `/recipients/${id}`, token: lister.token })).statusCode).toBe(404);
    expect((await call({ method: "DELETE", url: `/recipients/${id}`, token: lister.token })).statusCode).toBe(
      404,
    );
    expect((await call({ method: "PATCH", url: `/recipients/${id}`, token: lister.token })).statusCode).toBe(
      404,
    );
    expect((await list({})).json().data.total).toBe(11);
    const [kept] = await app.db.select().from(recipients).where(eq(recipients.id, id));
    expect(kept!.deletedAt).not.toBeNull();
  });

  it("answers another user's recipient as not found and changes nothing", async () => {
    const id = created[7]!;
    const [before] = await app.db.select().from(recipients).where(eq(recipients.id, id));
    for (const request of [
      { method: "GET", url: `/recipients/${id}` },
      { method: "PUT", url: `/recipients/${id}`, payload: mxRecipient({ first_name: "Intruder" }) },
      { method: "PATCH", url: `/recipients/${id}` },
      { method: "DELETE", url: `/recipients/${id}` },
    ]) {
      const response = await call({ ...request, token: other.token });
      expect(response.statusCode, request.method).toBe(404);
      expect(response.json()).toEqual({ success: false, message: "Recipient not found." });
    }
    const [after] = await app.db.select().from(recipients).where(eq(recipients.id, id));
    expect(after).toEqual(before);
    expect(
      (await list({}, other.token))
        .json()
        .data.data.some((item: { id: number }) => created.includes(item.id)),
    ).toBe(false);
    expect((await call({ url: "/recipients/999999999", token: lister.token })).statusCode).toBe(404);
  });

  it("refuses another user's sender and quotation as not found", async () => {
    const [sender] = await app.db
      .insert(senders)
      .values({ ownerUserId: lister.id, firstName: "Walk", lastName: "In" })
      .returning();
    const own = await call({
      method: "POST",
      url: "/recipients",
      token: lister.token,
      payload: mxRecipient({ sender_id: sender!.id }),
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data.sender_id).toBe(sender!.id);
    const before = await recipientCount();
    const foreign = await call({
      method: "POST",
      url: "/recipients",
      token: other.token,
      payload: mxRecipient({ sender_id: sender!.id }),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors).toEqual({ sender_id: ["Sender not found."] });
    expect(await recipientCount()).toBe(before);
  });
});

describe("beneficiaries and the quotation's recipient", () => {
  let quotationId: number;
  let recipientId: number;

  async function createQuotation(token: string, method = "bank-deposit") {
    const response = await call({
      method: "POST",
      url: "/consignments/quotation",
      token,
      payload: {
        country_from_id: ids.US,
        country_to_id: ids.MX,
        currency_from_id: ids.USD,
        currency_to_id: ids.MXN,
        shipping_method_id: methods[method],
        send_amount: "200.00",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  }

  beforeAll(async () => {
    quotationId = await createQuotation(owner.token);
  });

  it("answers the quotation's form and saves beneficiaries in its corridor", async () => {
    const definition = await call({
      url: `/consignments/quotation/${quotationId}/beneficiaries/dynamic-form?type=customer`,
    });
    expect(definition.json().data.key).toBe("MX.bank-deposit.customer");
    const byType = await form({ type: "business", quotation_id: quotationId });
    expect(byType.key).toBe("MX.bank-deposit.business");
    const created = await call({
      method: "POST",
      url: `/consignments/quotation/${quotationId}/beneficiaries`,
      payload: { type: "customer", first_name: "Carmen", last_name: "Díaz", clabe: VALID_CLABE },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ country_iso: "MX", shipping_method_slug: "bank-deposit" });
    recipientId = created.json().data.id;
    const edited = await call({
      method: "PUT",
      url: `/consignments/quotation/${quotationId}/beneficiaries/${recipientId}`,
      payload: { type: "customer", first_name: "Carmen", last_name: "Díaz Ruiz", clabe: VALID_CLABE },
    });
    expect(edited.json().data.last_name).toBe("Díaz Ruiz");
    const missing = await call({
      method: "POST",
      url: `/consignments/quotation/${quotationId}/beneficiaries`,
      payload: { type: "customer", first_name: "Carmen", last_name: "Díaz" },
    });
    expect(missing.json().errors).toEqual({ clabe: ["This field is required."] });
  });

  it("lists only active recipients matching the quotation", async () => {
    const cash = await call({
      method: "POST",
      url: "/recipients",
      payload: {
        type: "customer",
        country_to_id: ids.MX,
        currency_to_id: ids.MXN,
        shipping_method_id: methods["home-delivery"],
        first_name: "Otro",
        last_name: "Método",
        phone_number: "+525512345678",
        address: "Av. Insurgentes Sur 1602",
        city: "Ciudad de México",
        state: "CDMX",
      },
    });
    expect(cash.statusCode).toBe(201);
    const byQuotation = (await call({ url: `/recipients?quotation_id=${quotationId}&per_page=100` })).json()
      .data;
    const slugs = new Set(
      byQuotation.data.map((item: { shipping_method_slug: string }) => item.shipping_method_slug),
    );
    expect([...slugs]).toEqual(["bank-deposit"]);
    expect(byQuotation.data.map((item: { id: number }) => item.id)).toContain(recipientId);
    const beneficiaries = (
      await call({ url: `/consignments/quotation/${quotationId}/beneficiaries?per_page=100` })
    ).json().data;
    expect(beneficiaries.total).toBe(byQuotation.total);
    for (const url of [
      `/recipients?quotation_id=${quotationId}`,
      `/consignments/quotation/${quotationId}/beneficiaries`,
      `/consignments/quotation/${quotationId}/beneficiaries/dynamic-form`,
    ]) {
      expect((await call({ url, token: other.token })).statusCode, url).toBe(404);
    }
    const foreignPost = await call({
      method: "POST",
      url: `/consignments/quotation/${quotationId}/beneficiaries`,
      token: other.token,
      payload: { type: "customer", first_name: "Carmen", last_name: "Díaz", clabe: VALID_CLABE },
    });
    expect(foreignPost.statusCode).toBe(404);
  });

  it("chooses the recipient: send_data and the summary, by PUT add-recipient or PATCH", async () => {
    const response = await call({
      method: "PUT",
      url: `/consignments/quotation/${quotationId}/add-recipient`,
      payload: { recipient_id: recipientId },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { send_data, summary } = response.json().data;
    expect(send_data).toMatchObject({
      quotation_id: quotationId,
      recipient_id: recipientId,
      recipient_name: "Carmen Díaz Ruiz",
      shipping_method: { slug: "bank-deposit" },
      send_amount: "200.00",
      currency_to_id: ids.MXN,
    });
    expect(summary).toMatchObject({
      id: quotationId,
      recipient_name: "Carmen Díaz Ruiz",
      send_amount: "200.00",
      status: "open",
    });
    expect(summary.amount_paid).toBe(send_data.amount_paid);
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quotationId));
    expect(row!.recipientId).toBe(recipientId);
    const patched = await call({
      method: "PATCH",
      url: `/quotations/${quotationId}`,
      payload: { recipient_id: recipientId },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.summary.recipient_id).toBe(recipientId);
  });

  it("refuses a recipient of another corridor, another user's, a deactivated one, and another user's quotation", async () => {
    const cashQuotation = await createQuotation(owner.token, "cash-pickup");
    const mismatch = await call({
      method: "PATCH",
      url: `/quotations/${cashQuotation}`,
      payload: { recipient_id: recipientId },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json().errors)).toEqual(["recipient_id"]);

    const theirs = await call({
      method: "POST",
      url: "/recipients",
      token: other.token,
      payload: mxRecipient(),
    });
    const foreign = await call({
      method: "PUT",
      url: `/consignments/quotation/${quotationId}/add-recipient`,
      payload: { recipient_id: theirs.json().data.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors).toEqual({ recipient_id: ["Recipient not found."] });

    const notTheirQuotation = await call({
      method: "PUT",
      url: `/consignments/quotation/${quotationId}/add-recipient`,
      token: other.token,
      payload: { recipient_id: theirs.json().data.id },
    });
    expect(notTheirQuotation.statusCode).toBe(404);

    await call({ method: "PATCH", url: `/recipients/${recipientId}` });
    const inactive = await call({
      method: "PATCH",
      url: `/quotations/${quotationId}`,
      payload: { recipient_id: recipientId },
    });
    expect(inactive.json().errors).toEqual({
      recipient_id: ["This recipient is deactivated. Activate it first."],
    });
    await call({ method: "PATCH", url: `/recipients/${recipientId}` });
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, cashQuotation));
    expect(row!.recipientId).toBeNull();
  });

  it("refuses an expired quotation with 409 and leaves its recipient as it was", async () => {
    const expiring = await createQuotation(owner.token);
    await app.db
      .update(quotations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(quotations.id, expiring));
    const response = await call({
      method: "PUT",
      url: `/consignments/quotation/${expiring}/add-recipient`,
      payload: { recipient_id: recipientId },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain("expired");
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, expiring));
    expect(row!.recipientId).toBeNull();
  });
});
