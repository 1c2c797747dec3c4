import { dynamicForm } from "@vela/shared/dynamic-form";
import { identityDocument, personalData, questionList } from "@vela/shared/verification";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  countries,
  questionAnswers,
  verificationDocuments,
  verificationPersonalData,
} from "../src/db/schema/index";
import { servedCountries } from "../src/db/seed/verification-reference";
import { questionnaireComplete } from "../src/verification/questionnaire";
import { formatProblem } from "../src/verification/reference";
import { bearer, countryId, postAs, signedInClient, withoutSession } from "./auth-support";
import { appForThisFile, expectInvalidFields, parsedData } from "./helper";

// The verification reference (issue 20): the documents every served country accepts and the form
// each asks for, the source-of-funds questionnaire with its validation and saved answers, and the
// personal data with its document number sealed at rest. Texts in English and Spanish.

const app = appForThisFile();
const documentList = z.array(identityDocument);

const get = (url: string, token: string, language = "en") =>
  app.inject({ method: "GET", url: `/api${url}`, headers: bearer(token, { language }) });

const yearsAgo = (years: number, extraDays = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + extraDays);
  return date.toISOString().slice(0, 10);
};

let token: string;
let userId: number;
let ids: Record<string, number>;

async function documentsOf(iso2: string, language = "en") {
  return parsedData(
    await get(`/identity_verifications/country/${ids[iso2]}/documents`, token, language),
    200,
    documentList,
  );
}

async function documentId(iso2: string, slug: string) {
  const found = (await documentsOf(iso2)).find((document) => document.slug === slug);
  if (!found) throw new Error(`${iso2} has no ${slug}`);
  return found.id;
}

beforeAll(async () => {
  ({ token, userId } = await signedInClient(app));
  ids = {};
  for (const iso2 of ["ES", "MX", "US", "IN", "PH", "GB", "AQ"]) ids[iso2] = await countryId(app, iso2);
});

describe("accepted documents", () => {
  it("lists identity, address and funds documents for every served country", async () => {
    const served = servedCountries();
    expect(served.length).toBeGreaterThan(25);
    const rows = await app.db
      .select({ iso2: countries.iso2, purposes: sql<string[]>`array_agg(distinct t.purpose)` })
      .from(verificationDocuments)
      .innerJoin(countries, eq(countries.id, verificationDocuments.countryId))
      .innerJoin(sql`verification_document_types t`, sql`t.id = ${verificationDocuments.typeId}`)
      .where(inArray(countries.iso2, served))
      .groupBy(countries.iso2);
    expect(rows.map((row) => row.iso2).sort()).toEqual(served);
    for (const row of rows)
      expect([...row.purposes].sort(), row.iso2).toEqual(["address", "funds", "identity"]);

    // Every country served also answers through the API, a passport first.
    const consignmentCountries = (
      await app.inject({ method: "GET", url: "/api/consignments/countries?direction=to" })
    ).json().data as { id: number; iso2: string }[];
    for (const country of consignmentCountries) {
      const list = parsedData(
        await get(`/identity_verifications/country/${country.id}/documents`, token),
        200,
        documentList,
      );
      expect(list[0]?.slug, country.iso2).toBe("passport");
      expect(list.some((document) => document.purpose === "funds")).toBe(true);
    }
  });

  it("names each country's own national documents, in Spanish too", async () => {
    const spain = await documentsOf("ES");
    expect(spain.map((document) => document.slug)).toEqual(
      expect.arrayContaining([
        "passport",
        "national-id",
        "drivers-licence",
        "residence-permit",
        "utility-bill",
        "payslip",
      ]),
    );
    expect(spain.find((document) => document.slug === "national-id")).toMatchObject({
      name: "DNI (Documento Nacional de Identidad)",
      purpose: "identity",
      two_sided: true,
    });
    expect(spain.find((document) => document.slug === "passport")?.two_sided).toBe(false);
    expect((await documentsOf("MX")).find((document) => document.slug === "national-id")?.name).toBe(
      "INE voter card (Credencial para votar)",
    );
    expect((await documentsOf("PH")).map((document) => document.slug)).toContain("umid");

    const mexicoEs = await documentsOf("MX", "es");
    expect(mexicoEs.find((document) => document.slug === "national-id")?.name).toBe(
      "Credencial para votar (INE)",
    );
    expect(mexicoEs.find((document) => document.slug === "payslip")?.name).toBe("Recibo de nómina");
    // Ids are the same in both languages.
    expect(mexicoEs.map((document) => document.id)).toEqual(
      (await documentsOf("MX")).map((document) => document.id),
    );
  });

  it("answers an empty list for a real country Vela does not serve, 404 for one that does not exist", async () => {
    expect(await documentsOf("AQ")).toEqual([]);
    const missing = await get("/identity_verifications/country/999999/documents", token, "es");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: "País no encontrado." });
    expect((await get("/identity_verifications/country/abc/documents", token)).statusCode).toBe(422);
  });

  it("needs a session", async () => {
    for (const url of [
      `/api/identity_verifications/country/${ids.ES}/documents`,
      "/api/identity_verifications/document/1/form",
      "/api/questions/lists/1",
      "/api/identity_verification_personal_data",
    ])
      expect((await withoutSession(app, "GET", url)).statusCode, url).toBe(401);
  });
});

describe("document forms", () => {
  const formOf = async (id: number, language = "en") =>
    parsedData(await get(`/identity_verifications/document/${id}/form`, token, language), 200, dynamicForm);

  it("asks each document for its own number format and fields", async () => {
    const dni = await formOf(await documentId("ES", "national-id"));
    expect(dni.key).toBe("ES.national-id");
    const number = dni.fields.find((field) => field.key === "document_number");
    // The form refuses a number with the same words as the API (personal data).
    expect(number).toMatchObject({
      pattern: "^[0-9]{8}[A-Z]$",
      example: "12345678Z",
      required: true,
      pattern_message: formatProblem("12345678Z"),
    });
    expect(dni.fields.map((field) => field.key)).toEqual(["document_number", "issue_date", "expiry_date"]);

    const ukPassport = await formOf(await documentId("GB", "passport"));
    expect(ukPassport.fields[0]?.pattern).toBe("^[0-9]{9}$");

    // A US driver's license is issued by a state: the form asks which, from the states endpoint.
    const usLicence = await formOf(await documentId("US", "drivers-licence"));
    expect(usLicence.fields.find((field) => field.key === "issuing_state")).toMatchObject({
      kind: "select",
      options_endpoint: `/states?country_id=${ids.US}`,
    });
    // Aadhaar does not expire.
    const aadhaar = await formOf(await documentId("IN", "national-id"));
    expect(aadhaar.fields.map((field) => field.key)).not.toContain("expiry_date");
    // Proof of address asks who issued it and when.
    const bill = await formOf(await documentId("MX", "utility-bill"));
    expect(bill.fields.map((field) => field.key)).toEqual([
      "issuer_name",
      "address_on_document",
      "issue_date",
    ]);
    expect(
      new Set([dni, ukPassport, usLicence, aadhaar, bill].map((form) => JSON.stringify(form.fields))).size,
    ).toBe(5);
  });

  it("has examples that pass their own patterns", async () => {
    const rows = await app.db
      .select({ pattern: verificationDocuments.numberPattern, example: verificationDocuments.numberExample })
      .from(verificationDocuments);
    for (const row of rows)
      if (row.pattern && row.example)
        expect(new RegExp(row.pattern).test(row.example), row.example).toBe(true);
  });

  it("speaks Spanish, and answers 404 for an unknown document", async () => {
    const dni = await formOf(await documentId("ES", "national-id"), "es");
    expect(dni.title).toBe("DNI (Documento Nacional de Identidad)");
    expect(dni.fields[0]).toMatchObject({
      label: "Número del documento",
      pattern_message: "No tiene el formato de este documento (p. ej. 12345678Z).",
    });
    const missing = await get("/identity_verifications/document/999999/form", token, "es");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: "Documento no encontrado." });
  });
});

describe("the source-of-funds questionnaire", () => {
  const complete = {
    employment_status: "employed",
    occupation: "Nurse",
    source_of_funds: "salary",
    expected_monthly_amount: "500_1000",
    transfer_purpose: "family_support",
    recipient_relationship: "family",
  };

  it("lists its questions in both languages, with no answers yet", async () => {
    const { token: fresh } = await signedInClient(app);
    const list = parsedData(await get("/questions/lists/1", fresh), 200, questionList);
    expect(list.title).toBe("Source of funds and purpose");
    expect(list.answers).toEqual({});
    expect(list.questions.map((question) => question.key)).toEqual([
      "employment_status",
      "occupation",
      "source_of_funds",
      "source_of_funds_other",
      "expected_monthly_amount",
      "transfer_purpose",
      "recipient_relationship",
    ]);
    const source = list.questions.find((question) => question.key === "source_of_funds");
    expect(source?.options?.map((option) => option.value)).toEqual([
      "salary",
      "savings",
      "business_income",
      "pension",
      "gifts",
      "sale_of_property",
      "other",
    ]);
    const bands = list.questions.find((question) => question.key === "expected_monthly_amount");
    expect(bands?.options?.[1]?.label).toBe("500 USD to 1,000 USD");

    const spanish = parsedData(await get("/questions/lists/1", fresh, "es"), 200, questionList);
    expect(spanish.title).toBe("Origen de los fondos y propósito");
    expect(spanish.questions[2]?.text).toBe("¿De dónde procede el dinero que envías?");
    expect(spanish.questions[4]?.options?.[1]?.label).toBe("De 500 USD a 1.000 USD");
  });

  it("refuses unknown questions, values outside a select and missing required answers, on their fields", async () => {
    const refused = await postAs(app, token, "/api/questions_answere/save", {
      list_id: 1,
      answers: { ...complete, source_of_funds: "lottery", shoe_size: "42", transfer_purpose: "" },
    });
    expectInvalidFields(refused, [
      "answers.shoe_size",
      "answers.source_of_funds",
      "answers.transfer_purpose",
    ]);
    expect(refused.json().errors).toEqual({
      "answers.shoe_size": ["This question is not on this list."],
      "answers.source_of_funds": ["Must be one of the listed values."],
      "answers.transfer_purpose": ["This field is required."],
    });
    const { employment_status: _left, ...missing } = complete;
    const spanish = await app.inject({
      method: "POST",
      url: "/api/questions_answere/save",
      headers: bearer(token, { language: "es" }),
      payload: { list_id: 1, answers: missing },
    });
    expect(spanish.json().errors).toEqual({ "answers.employment_status": ["Este campo es obligatorio."] });
    expectInvalidFields(
      await postAs(app, token, "/api/questions_answere/save", { list_id: 99, answers: complete }),
      ["list_id"],
    );
    expect((await get("/questions/lists/99", token)).statusCode).toBe(404);
    expect(await questionnaireComplete(app.db, userId)).toBe(false);
  });

  it("saves, shows and overwrites a person's answers, and never shows them to anyone else", async () => {
    const saved = await postAs(app, token, "/api/questions_answere/save", { list_id: 1, answers: complete });
    expect(parsedData(saved, 200, questionList).answers).toEqual(complete);
    expect(saved.json().message).toBe("Answers saved.");
    expect(await questionnaireComplete(app.db, userId)).toBe(true);

    const { occupation: _dropped, ...changed } = {
      ...complete,
      source_of_funds: "other",
      source_of_funds_other: "Rent from a flat",
    };
    parsedData(
      await postAs(app, token, "/api/questions_answere/save", { list_id: 1, answers: changed }),
      200,
      questionList,
    );
    expect(parsedData(await get("/questions/lists/1", token), 200, questionList).answers).toEqual(changed);
    const stored = await app.db.select().from(questionAnswers).where(eq(questionAnswers.userId, userId));
    expect(stored).toHaveLength(Object.keys(changed).length);

    // Two saves at once apply one after the other: the answers are one of them whole, never a mix.
    const first = { ...complete, occupation: "Pilot", transfer_purpose: "savings" };
    const { occupation: _none, ...second } = { ...complete, transfer_purpose: "bills" };
    await Promise.all(
      [first, second].map((answers) =>
        postAs(app, token, "/api/questions_answere/save", { list_id: 1, answers }),
      ),
    );
    const after = parsedData(await get("/questions/lists/1", token), 200, questionList).answers;
    expect([first, second]).toContainEqual(after);

    const { token: other, userId: otherId } = await signedInClient(app);
    expect(parsedData(await get("/questions/lists/1", other), 200, questionList).answers).toEqual({});
    expect(await questionnaireComplete(app.db, otherId)).toBe(false);
  });
});

describe("personal data", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    first_name: "Lucía",
    last_name: "Pérez",
    date_of_birth: yearsAgo(30),
    nationality_country_id: ids.ES,
    document_id: undefined as number | undefined,
    document_number: "12345678Z",
    address: "Calle Mayor 1",
    city: "Madrid",
    postal_code: "28013",
    ...overrides,
  });

  it("is null before the first save", async () => {
    const { token: fresh } = await signedInClient(app);
    expect(
      parsedData(await get("/identity_verification_personal_data", fresh), 200, personalData.nullable()),
    ).toBeNull();
  });

  it("saves with the document number sealed, and shows only its last characters", async () => {
    const dni = await documentId("ES", "national-id");
    const saved = await postAs(
      app,
      token,
      "/api/identity_verification_personal_data",
      body({ document_id: dni }),
    );
    const data = parsedData(saved, 200, personalData);
    expect(data).toMatchObject({ first_name: "Lucía", document_number: "•••• 678Z", document_id: dni });

    const [row] = await app.db
      .select()
      .from(verificationPersonalData)
      .where(eq(verificationPersonalData.userId, userId));
    expect(row?.documentNumberLast4).toBe("678Z");
    expect(row?.documentNumberSealed).not.toContain("12345678");
    expect(JSON.stringify(row)).not.toContain("12345678Z");
    expect(app.secrets.decrypt(row?.documentNumberSealed ?? "")).toBe("12345678Z");

    const shown = parsedData(await get("/identity_verification_personal_data", token), 200, personalData);
    expect(shown.document_number).toBe("•••• 678Z");
    expect(shown.date_of_birth).toBe(data.date_of_birth);

    // Saving again replaces it; a short number keeps no more than half of it in clear.
    const again = await postAs(
      app,
      token,
      "/api/identity_verification_personal_data",
      body({ document_number: "AB12C" }),
    );
    expect(parsedData(again, 200, personalData).document_number).toBe("•••• 2C");
    const rows = await app.db
      .select()
      .from(verificationPersonalData)
      .where(eq(verificationPersonalData.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.documentId).toBeNull();

    // Another person sees only their own (none).
    const { token: other } = await signedInClient(app);
    expect(
      parsedData(await get("/identity_verification_personal_data", other), 200, personalData.nullable()),
    ).toBeNull();
  });

  it("refuses a minor, a future date, an unknown nationality and a number not of its document", async () => {
    const dni = await documentId("ES", "national-id");
    const refused = await postAs(
      app,
      token,
      "/api/identity_verification_personal_data",
      body({
        date_of_birth: yearsAgo(18, 1),
        nationality_country_id: 999999,
        document_id: dni,
        document_number: "1234567Z",
      }),
    );
    expect(refused.json().errors).toEqual({
      date_of_birth: ["You must be at least 18 years old."],
      nationality_country_id: ["Unknown country."],
      document_number: ["Does not match the format of this document (e.g. 12345678Z)."],
    });
    expectInvalidFields(
      await postAs(
        app,
        token,
        "/api/identity_verification_personal_data",
        body({ date_of_birth: "2999-01-01" }),
      ),
      ["date_of_birth"],
    );

    // The DNI's control letter is checked, not only its shape.
    const wrongLetter = await app.inject({
      method: "POST",
      url: "/api/identity_verification_personal_data",
      headers: bearer(token, { language: "es" }),
      payload: body({ document_id: dni, document_number: "12345678A" }),
    });
    expect(wrongLetter.json().errors).toEqual({
      document_number: ["Este número no es válido para este documento: compruébalo con el documento."],
    });
    const adult = yearsAgo(18);
    expect(
      (await postAs(app, token, "/api/identity_verification_personal_data", body({ date_of_birth: adult })))
        .statusCode,
    ).toBe(200);

    // Proof of address is not an identity document; an unknown document is refused on its field.
    expectInvalidFields(
      await postAs(
        app,
        token,
        "/api/identity_verification_personal_data",
        body({ document_id: await documentId("ES", "utility-bill") }),
      ),
      ["document_id"],
    );
    expectInvalidFields(
      await postAs(app, token, "/api/identity_verification_personal_data", body({ document_id: 999999 })),
      ["document_id"],
    );
    // Mexico's INE elector key, and Aadhaar's check digit.
    const ine = await documentId("MX", "national-id");
    expect(
      (
        await postAs(
          app,
          token,
          "/api/identity_verification_personal_data",
          body({ document_id: ine, document_number: "GMVLMR80070501M100" }),
        )
      ).statusCode,
    ).toBe(200);
    const aadhaar = await documentId("IN", "national-id");
    expectInvalidFields(
      await postAs(
        app,
        token,
        "/api/identity_verification_personal_data",
        body({ document_id: aadhaar, document_number: "2345 6789 0123" }),
      ),
      ["document_number"],
    );
    const [row] = await app.db
      .select({ documentId: verificationPersonalData.documentId })
      .from(verificationPersonalData)
      .where(and(eq(verificationPersonalData.userId, userId)));
    expect(row?.documentId).toBe(ine);
  });
});
