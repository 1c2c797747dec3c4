import { inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  countries,
  questionLists,
  questions,
  verificationDocumentFields,
  verificationDocuments,
  verificationDocumentTypes,
} from "../schema/index";
import { SERVICE_AVAILABILITY } from "./service-availability";
import {
  type Bilingual,
  COUNTRY_DOCUMENTS,
  type CountryDocument,
  DOCUMENT_TYPES,
  GENERIC_PASSPORT_PATTERN,
  QUESTION_LISTS,
  SUPPORTING_TYPES,
  type SupportingDocument,
} from "./verification-reference-data";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Every country Vela serves, on either side of any service. */
export function servedCountries(): string[] {
  const all = Object.values(SERVICE_AVAILABILITY).flatMap((sides) => [...sides.from, ...sides.to]);
  return [...new Set<string>(all)].sort();
}

/** The identity documents every country gets unless it lists its own of that type. */
const DEFAULT_IDENTITY: CountryDocument[] = [
  { type: "passport", pattern: GENERIC_PASSPORT_PATTERN },
  { type: "drivers-licence" },
  { type: "residence-permit" },
];

/** A country's accepted documents: its own, the defaults it lacks, then proof of address and funds. */
export function documentsOf(iso2: string): (CountryDocument | SupportingDocument)[] {
  const own = COUNTRY_DOCUMENTS[iso2];
  if (!own) throw new Error(`Verification documents: served country ${iso2} has no entry`);
  const defaults = DEFAULT_IDENTITY.filter((fallback) => !own.some((doc) => doc.type === fallback.type));
  return [...own, ...defaults, ...SUPPORTING_TYPES.map((type) => ({ type }))];
}

const isSupporting = (doc: CountryDocument | SupportingDocument): doc is SupportingDocument =>
  SUPPORTING_TYPES.some((slug) => slug === doc.type);

type FieldSeed = {
  key: string;
  kind: string;
  label: Bilingual;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string | null;
  patternMessage?: Bilingual | null;
  optionsEndpoint?: string;
  example?: string | null;
  help?: Bilingual;
};

const b = (en: string, es: string): Bilingual => ({ en, es });

/** The same text as the API's own refusal (personal-data.ts), so the form and the API agree. */
function formatMessage(example: string | null | undefined): Bilingual {
  return example
    ? b(
        `Does not match the format of this document (e.g. ${example}).`,
        `No tiene el formato de este documento (p. ej. ${example}).`,
      )
    : b("Does not match the format of this document.", "No tiene el formato de este documento.");
}

const RECENT = b("Dated within the last 3 months.", "Con fecha de los últimos 3 meses.");

/** The fields a document's form asks for, by what the document proves. */
function fieldsOf(doc: CountryDocument | SupportingDocument, countryId: number): FieldSeed[] {
  switch (doc.type) {
    case "passport":
    case "national-id":
    case "drivers-licence":
    case "residence-permit": {
      const identity = doc;
      const fields: FieldSeed[] = [
        {
          key: "document_number",
          kind: "text",
          label: b("Document number", "Número del documento"),
          required: true,
          minLength: 3,
          maxLength: 30,
          pattern: identity.pattern ?? null,
          patternMessage: identity.pattern ? formatMessage(identity.example) : null,
          example: identity.example ?? null,
          help: b("As printed on the document.", "Tal como aparece en el documento."),
        },
      ];
      if (identity.issuingState)
        fields.push({
          key: "issuing_state",
          kind: "select",
          label: b("Issuing state or province", "Estado o provincia que lo expidió"),
          required: true,
          optionsEndpoint: `/states?country_id=${countryId}`,
        });
      fields.push({
        key: "issue_date",
        kind: "date",
        label: b("Date of issue", "Fecha de expedición"),
        required: false,
      });
      if (identity.expires !== false)
        fields.push({
          key: "expiry_date",
          kind: "date",
          label: b("Expiry date", "Fecha de vencimiento"),
          required: true,
          help: b("The document must still be valid.", "El documento debe estar vigente."),
        });
      return fields;
    }
    case "utility-bill":
    case "bank-statement-address":
      return [
        {
          key: "issuer_name",
          kind: "text",
          label:
            doc.type === "utility-bill"
              ? b("Company that issued the bill", "Empresa que emitió la factura")
              : b("Bank", "Banco"),
          required: true,
          maxLength: 100,
        },
        {
          key: "address_on_document",
          kind: "text",
          label: b("Address shown on the document", "Dirección que figura en el documento"),
          required: true,
          minLength: 3,
          maxLength: 120,
        },
        {
          key: "issue_date",
          kind: "date",
          label: b("Date of the document", "Fecha del documento"),
          required: true,
          help: RECENT,
        },
      ];
    case "payslip":
      return [
        {
          key: "employer_name",
          kind: "text",
          label: b("Employer", "Empleador"),
          required: true,
          maxLength: 100,
        },
        {
          key: "pay_date",
          kind: "date",
          label: b("Pay date", "Fecha de pago"),
          required: true,
          help: RECENT,
        },
      ];
    case "bank-statement-funds":
      return [
        { key: "issuer_name", kind: "text", label: b("Bank", "Banco"), required: true, maxLength: 100 },
        {
          key: "statement_date",
          kind: "date",
          label: b("Statement date", "Fecha del extracto"),
          required: true,
          help: RECENT,
        },
      ];
    case "tax-return":
      return [
        {
          key: "tax_year",
          kind: "number",
          label: b("Tax year", "Ejercicio fiscal"),
          required: true,
          minLength: 4,
          maxLength: 4,
          pattern: "^(19|20)[0-9]{2}$",
          patternMessage: b("Must be a year, e.g. 2025.", "Debe ser un año, p. ej. 2025."),
          example: "2025",
        },
      ];
  }
}

/**
 * Upserts the document types, each served country's documents (on country + code, so their ids
 * survive) with their form fields (rewritten: nothing refers to a field), and the questionnaires
 * (on list + key: answers refer to questions). Runs inside the caller's transaction.
 */
export async function seedVerificationReference(tx: Tx): Promise<void> {
  await tx
    .insert(verificationDocumentTypes)
    .values(
      DOCUMENT_TYPES.map((type, index) => ({
        slug: type.slug,
        name: type.name.en,
        nameEs: type.name.es,
        purpose: type.purpose,
        twoSided: type.twoSided,
        sortOrder: index,
      })),
    )
    .onConflictDoUpdate({
      target: verificationDocumentTypes.slug,
      set: {
        name: sql`excluded.name`,
        nameEs: sql`excluded.name_es`,
        purpose: sql`excluded.purpose`,
        twoSided: sql`excluded.two_sided`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
  const typeIds = new Map(
    (
      await tx
        .select({ id: verificationDocumentTypes.id, slug: verificationDocumentTypes.slug })
        .from(verificationDocumentTypes)
    ).map((row) => [row.slug, row.id]),
  );

  const served = servedCountries();
  const countryIds = new Map(
    (
      await tx
        .select({ id: countries.id, iso2: countries.iso2 })
        .from(countries)
        .where(inArray(countries.iso2, served))
    ).map((row) => [row.iso2, row.id]),
  );

  const planned = served.flatMap((iso2) => {
    const countryId = countryIds.get(iso2);
    if (countryId === undefined) throw new Error(`Verification documents: unknown country ${iso2}`);
    return documentsOf(iso2).map((doc, index) => {
      const typeId = typeIds.get(doc.type);
      if (typeId === undefined) throw new Error(`Verification documents: unknown type ${doc.type}`);
      const own = isSupporting(doc) ? null : doc;
      return {
        row: {
          countryId,
          typeId,
          code: own?.code ?? doc.type,
          name: own?.name?.en ?? null,
          nameEs: own?.name?.es ?? null,
          numberPattern: own?.pattern ?? null,
          numberExample: own?.example ?? null,
          numberCheck: own?.check ?? null,
          twoSided: own?.twoSided ?? null,
          sortOrder: index,
        },
        fields: fieldsOf(doc, countryId),
      };
    });
  });

  const documents = await tx
    .insert(verificationDocuments)
    .values(planned.map((entry) => entry.row))
    .onConflictDoUpdate({
      target: [verificationDocuments.countryId, verificationDocuments.code],
      set: {
        typeId: sql`excluded.type_id`,
        name: sql`excluded.name`,
        nameEs: sql`excluded.name_es`,
        numberPattern: sql`excluded.number_pattern`,
        numberExample: sql`excluded.number_example`,
        numberCheck: sql`excluded.number_check`,
        twoSided: sql`excluded.two_sided`,
        sortOrder: sql`excluded.sort_order`,
      },
    })
    .returning({
      id: verificationDocuments.id,
      countryId: verificationDocuments.countryId,
      code: verificationDocuments.code,
    });
  const documentIds = new Map(documents.map((row) => [`${row.countryId}:${row.code}`, row.id]));

  await tx.delete(verificationDocumentFields).where(
    inArray(
      verificationDocumentFields.documentId,
      documents.map((row) => row.id),
    ),
  );
  await tx.insert(verificationDocumentFields).values(
    planned.flatMap((entry) => {
      const documentId = documentIds.get(`${entry.row.countryId}:${entry.row.code}`);
      if (documentId === undefined) throw new Error("Verification documents: a document was not written");
      return entry.fields.map((field, index) => ({
        documentId,
        key: field.key,
        kind: field.kind,
        label: field.label.en,
        labelEs: field.label.es,
        required: field.required,
        minLength: field.minLength ?? null,
        maxLength: field.maxLength ?? null,
        pattern: field.pattern ?? null,
        patternMessage: field.patternMessage?.en ?? null,
        patternMessageEs: field.patternMessage?.es ?? null,
        optionsEndpoint: field.optionsEndpoint ?? null,
        example: field.example ?? null,
        help: field.help?.en ?? null,
        helpEs: field.help?.es ?? null,
        sortOrder: index,
      }));
    }),
  );

  for (const list of QUESTION_LISTS) {
    await tx
      .insert(questionLists)
      .values({ id: list.id, slug: list.slug, title: list.title.en, titleEs: list.title.es })
      .onConflictDoUpdate({
        target: questionLists.id,
        set: { slug: list.slug, title: list.title.en, titleEs: list.title.es },
      });
    await tx
      .insert(questions)
      .values(
        list.questions.map((question, index) => ({
          listId: list.id,
          key: question.key,
          text: question.text.en,
          textEs: question.text.es,
          kind: question.kind,
          required: question.required,
          options:
            question.options?.map((choice) => ({
              value: choice.value,
              label: choice.label.en,
              label_es: choice.label.es,
            })) ?? null,
          sortOrder: index,
        })),
      )
      .onConflictDoUpdate({
        target: [questions.listId, questions.key],
        set: {
          text: sql`excluded.text`,
          textEs: sql`excluded.text_es`,
          kind: sql`excluded.kind`,
          required: sql`excluded.required`,
          options: sql`excluded.options`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
  }
}
