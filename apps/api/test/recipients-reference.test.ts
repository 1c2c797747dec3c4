import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countryId } from "./auth-support";
import { appForThisFile } from "./helper";
import {
  clabeWithPrefix,
  keysOf,
  type RecipientKit,
  type ReferenceIds,
  recipientKit,
  referenceBank,
  referenceDocument,
  referenceIds,
} from "./recipient-support";

// Proves the recipients API's checks against the reference lists of migration 0013 (banks and
// e-wallets by country and method, payer networks by country and service type, identity document
// types and their number patterns): a value from another country's list, or none, is a 422 on its
// field and nothing is saved. Needs the 0013 tables (banks, service_types, service_providers,
// document_types); the rows it names are the reference seed's, written here if missing.
let ref: ReferenceIds;
let ids: RecipientKit["ids"];
let methods: RecipientKit["methods"];
let call: RecipientKit["call"];
let mxRecipient: RecipientKit["mxRecipient"];
let recipientCount: RecipientKit["recipientCount"];
let form: RecipientKit["form"];

const app = appForThisFile();

beforeAll(async () => {
  ref = await referenceIds(app);
  ({ ids, methods, call, mxRecipient, recipientCount, form } = await recipientKit(app));
});

describe("dynamic forms naming reference lists", () => {
  it("asks cash pickup for the payer network and the ID the recipient will show", async () => {
    const cash = await form({
      country_to_id: ids.PH,
      currency_to_id: ids.PHP,
      shipping_method_id: methods["cash-pickup"],
    });
    const byKey = Object.fromEntries(cash.fields.map((field) => [field.key, field]));
    expect(byKey.service_provider_id!.options_endpoint).toBe(
      `/service_providers?country_id=${ids.PH}&service_type_id=${ref.serviceTypes.cashPickup}`,
    );
    expect(byKey.document_type_id!.options_endpoint).toBe(`/documents?country_id=${ids.PH}`);
    expect(byKey.document_number!.required).toBe(true);
    expect(byKey.phone_number!.required).toBe(true);
  });
});

describe("saves checked against the reference lists", () => {
  it("refuses a CLABE whose bank code is not a listed bank, and saves nothing", async () => {
    const before = await recipientCount();
    const response = await call({
      method: "POST",
      url: "/recipients",
      payload: mxRecipient({ clabe: clabeWithPrefix("999") }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      clabe: ["The bank this CLABE names (its first three digits) is not one we pay into."],
    });
    expect(await recipientCount()).toBe(before);
    const listed = await call({
      method: "POST",
      url: "/recipients",
      payload: mxRecipient({ clabe: clabeWithPrefix("002") }),
    });
    expect(listed.statusCode, listed.body).toBe(201);
  });

  it("checks a Philippine bank, e-wallet, and the allowed values of the choice", async () => {
    const base = {
      type: "customer",
      country_to_id: ids.PH,
      currency_to_id: ids.PHP,
      shipping_method_id: methods["bank-deposit"],
      first_name: "Jose",
      last_name: "Rizal",
      phone_number: "+639171234567",
    };
    const bank = await call({
      method: "POST",
      url: "/recipients",
      payload: {
        ...base,
        account_kind: "bank",
        bank_id: String(ref.banks.phBdo),
        account_number: "001234567890",
      },
    });
    expect(bank.statusCode, bank.body).toBe(201);
    expect(bank.json().data.form_key).toBe("PH.bank-deposit.customer.bank");
    const mexicanBank = await call({
      method: "POST",
      url: "/recipients",
      payload: {
        ...base,
        account_kind: "bank",
        bank_id: String(ref.banks.mxBanamex),
        account_number: "001234567890",
      },
    });
    expect(mexicanBank.statusCode).toBe(422);
    expect(mexicanBank.json().errors).toEqual({ bank_id: ["Not a bank we pay into in this country."] });
    const wallet = await call({
      method: "POST",
      url: "/recipients",
      payload: {
        ...base,
        account_kind: "e-wallet",
        wallet_provider_id: String(ref.banks.phGcash),
        wallet_number: "+639051234567",
      },
    });
    expect(wallet.statusCode, wallet.body).toBe(201);
    const bankAsWallet = await call({
      method: "POST",
      url: "/recipients",
      payload: {
        ...base,
        account_kind: "e-wallet",
        wallet_provider_id: String(ref.banks.phBdo),
        wallet_number: "+639051234567",
      },
    });
    expect(bankAsWallet.json().errors).toEqual({
      wallet_provider_id: ["Not an e-wallet we pay into in this country."],
    });
    const outside = await call({
      method: "POST",
      url: "/recipients",
      payload: {
        ...base,
        account_kind: "crypto",
        bank_id: String(ref.banks.phBdo),
        account_number: "001234567890",
      },
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({ account_kind: ["Must be one of the listed values."] });
  });

  it("checks cash pickup's payer network and the ID's type and number", async () => {
    const base = {
      type: "customer",
      country_to_id: ids.MX,
      currency_to_id: ids.MXN,
      shipping_method_id: methods["cash-pickup"],
      first_name: "Luis",
      last_name: "Pérez",
      phone_number: "+525512345678",
      service_provider_id: String(ref.providers.mxElektra),
      document_type_id: String(ref.documents.mxIne),
      document_number: "GMVLMR80070501M100",
    };
    const saved = await call({ method: "POST", url: "/recipients", payload: base });
    expect(saved.statusCode, saved.body).toBe(201);
    const passport = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, document_type_id: String(ref.documents.passport), document_number: "G12345678" },
    });
    expect(passport.statusCode).toBe(201);
    const cases: [Record<string, string>, string, string][] = [
      [
        { service_provider_id: String(ref.providers.phCebuana) },
        "service_provider_id",
        "Not a payer network of this country for this delivery method.",
      ],
      [
        { service_provider_id: "2147483647" },
        "service_provider_id",
        "Not a payer network of this country for this delivery method.",
      ],
      [
        { document_type_id: String(ref.documents.phPassportless) },
        "document_type_id",
        "Not an identity document accepted in this country.",
      ],
      [
        { document_number: "12345678" },
        "document_number",
        "Does not match the format of this document (e.g. GMVLMR80070501M100).",
      ],
      [{ phone_number: "" }, "phone_number", "This field is required."],
    ];
    const before = await recipientCount();
    for (const [change, field, message] of cases) {
      const response = await call({ method: "POST", url: "/recipients", payload: { ...base, ...change } });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json().errors).toEqual({ [field]: [message] });
    }
    // The form cannot show the chosen document's format: the refusal names its example, in Spanish too.
    const spanish = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, document_number: "12345678" },
      language: "es",
    });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json().errors).toEqual({
      document_number: ["No tiene el formato de este documento (p. ej. GMVLMR80070501M100)."],
    });
    expect(await recipientCount()).toBe(before);
  });

  it("asks Colombia for bank, account type and number and the cédula, and checks each", async () => {
    // Colombia becomes a destination with the reference lists: its US corridor, bank deposit, one
    // bank and the cédula as the reference seed has them, written here if missing.
    await app.db.execute(sql`
      insert into corridors (country_from_id, currency_from_id, country_to_id, currency_to_id)
      select us.id, usd.id, co.id, cop.id from countries us, currencies usd, countries co, currencies cop
      where us.iso2 = 'US' and usd.iso = 'USD' and co.iso2 = 'CO' and cop.iso = 'COP'
      on conflict do nothing`);
    await app.db.execute(sql`
      insert into corridor_methods (corridor_id, shipping_method_id, fx_margin_bps, transfer_time, guaranteed_rate, estimated_fee_currency)
      select c.id, m.id, 150, '1-2 business days', true, 'USD'
      from corridors c join countries co on co.id = c.country_to_id join currencies cop on cop.id = c.currency_to_id,
        shipping_methods m
      where co.iso2 = 'CO' and cop.iso = 'COP' and m.slug = 'bank-deposit'
      on conflict do nothing`);
    const bank = await referenceBank(app, "CO", "1007", "Bancolombia", "COLOCOBM", ["bank-deposit"]);
    const cedula = await referenceDocument(
      app,
      "co-cedula",
      "Cédula de ciudadanía",
      "CO",
      "^[0-9]{6,10}$",
      40,
    );
    const co = await countryId(app, "CO");
    const target = {
      country_to_id: co,
      currency_to_id: ids.COP,
      shipping_method_id: methods["bank-deposit"],
    };
    const definition = await form(target);
    expect(definition.key).toBe("CO.bank-deposit.customer");
    expect(keysOf(definition)).toEqual([
      "first_name",
      "last_name",
      "email",
      "phone_number",
      "bank_id",
      "account_type",
      "account_number",
      "document_type_id",
      "document_number",
    ]);
    const base = {
      type: "customer",
      ...target,
      first_name: "Camilo",
      last_name: "Restrepo",
      phone_number: "+573211234567",
      bank_id: String(bank),
      account_type: "savings",
      account_number: "00123456789",
      document_type_id: String(cedula),
      document_number: "1020304050",
    };
    const saved = await call({ method: "POST", url: "/recipients", payload: base });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.details).toMatchObject({ bank_id: String(bank), document_number: "1020304050" });
    const cases: [Record<string, string>, string, string][] = [
      [
        { document_number: "12AB34" },
        "document_number",
        "Does not match the format of this document (e.g. 1020304050).",
      ],
      [
        { document_type_id: String(ref.documents.mxIne) },
        "document_type_id",
        "Not an identity document accepted in this country.",
      ],
      [{ bank_id: String(ref.banks.mxBanamex) }, "bank_id", "Not a bank we pay into in this country."],
      [{ account_type: "current" }, "account_type", "Must be one of the listed values."],
    ];
    const before = await recipientCount();
    for (const [change, field, message] of cases) {
      const response = await call({ method: "POST", url: "/recipients", payload: { ...base, ...change } });
      expect(response.json().errors, JSON.stringify(change)).toEqual({ [field]: [message] });
    }
    expect(await recipientCount()).toBe(before);
  });

  it("checks an IFSC's bank against the listed banks", async () => {
    const base = {
      type: "customer",
      country_to_id: ids.IN,
      currency_to_id: ids.INR,
      shipping_method_id: methods["bank-deposit"],
      first_name: "Priya",
      last_name: "Sharma",
      account_number: "12345678901",
    };
    const listed = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, ifsc: "SBIN0005943" },
    });
    expect(listed.statusCode, listed.body).toBe(201);
    const unlisted = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, ifsc: "ZZZZ0005943" },
    });
    expect(unlisted.json().errors).toEqual({
      ifsc: ["The bank this IFSC names (its first four letters) is not one we pay into."],
    });
    const malformed = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, ifsc: "sbin005943" },
    });
    expect(Object.keys(malformed.json().errors)).toEqual(["ifsc"]);
  });

  it("checks a mobile wallet's provider is a wallet network of the country", async () => {
    const base = {
      type: "customer",
      country_to_id: ids.PH,
      currency_to_id: ids.PHP,
      shipping_method_id: methods["mobile-wallet"],
      first_name: "Andres",
      last_name: "Bonifacio",
      phone_number: "+639171234567",
      wallet_number: "+639051234567",
    };
    const saved = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, service_provider_id: String(ref.providers.phGcashWallet) },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const cashNetwork = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, service_provider_id: String(ref.providers.phCebuana) },
    });
    expect(cashNetwork.json().errors).toEqual({
      service_provider_id: ["Not a payer network of this country for this delivery method."],
    });
    const foreignPhone = await call({
      method: "POST",
      url: "/recipients",
      payload: {
        ...base,
        service_provider_id: String(ref.providers.phGcashWallet),
        wallet_number: "+525512345678",
      },
    });
    expect(foreignPhone.json().errors).toEqual({
      wallet_number: ["Must be a valid phone number for the destination country."],
    });
  });

  it("checks an IBAN's structure, check digits and country", async () => {
    const base = {
      type: "business",
      country_to_id: ids.SN,
      currency_to_id: ids.XOF,
      shipping_method_id: methods["bank-deposit"],
      business_name: "Sénégal Export SARL",
      bank_id: String(ref.banks.snCbao),
    };
    const saved = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, iban: "sn08 sn01 0015 2000 0485 0000 3035" },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({
      name: "Sénégal Export SARL",
      details: { iban: "SN08SN0100152000048500003035" },
    });
    const badDigits = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, iban: "SN09SN0100152000048500003035" },
    });
    expect(badDigits.json().errors).toEqual({ iban: ["Must be a valid IBAN."] });
    const french = await call({
      method: "POST",
      url: "/recipients",
      payload: { ...base, iban: "FR1420041010050500013M02606" },
    });
    expect(french.json().errors.iban[0]).toContain("(starting SN)");
  });
});
