import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  countries,
  verificationDocumentFields,
  verificationDocuments,
  verificationDocumentTypes,
} from "../db/schema/index";

/** A document a country accepts, with what checking its number needs, in both languages. */
export type DocumentRow = {
  id: number;
  countryId: number;
  countryIso2: string;
  code: string;
  typeSlug: string;
  purpose: "identity" | "address" | "funds";
  name: string;
  nameEs: string;
  twoSided: boolean;
  numberPattern: string | null;
  numberExample: string | null;
  numberCheck: (typeof verificationDocuments.$inferSelect)["numberCheck"];
};

export type FieldRow = typeof verificationDocumentFields.$inferSelect;

const documentColumns = {
  id: verificationDocuments.id,
  countryId: verificationDocuments.countryId,
  countryIso2: countries.iso2,
  code: verificationDocuments.code,
  typeSlug: verificationDocumentTypes.slug,
  purpose: verificationDocumentTypes.purpose,
  localName: verificationDocuments.name,
  localNameEs: verificationDocuments.nameEs,
  typeName: verificationDocumentTypes.name,
  typeNameEs: verificationDocumentTypes.nameEs,
  ownTwoSided: verificationDocuments.twoSided,
  typeTwoSided: verificationDocumentTypes.twoSided,
  numberPattern: verificationDocuments.numberPattern,
  numberExample: verificationDocuments.numberExample,
  numberCheck: verificationDocuments.numberCheck,
};

/** The documents with their type and country: one query, filtered by the caller. */
const selectDocuments = (db: Db) =>
  db
    .select(documentColumns)
    .from(verificationDocuments)
    .innerJoin(verificationDocumentTypes, eq(verificationDocumentTypes.id, verificationDocuments.typeId))
    .innerJoin(countries, eq(countries.id, verificationDocuments.countryId));

type Selected = Awaited<ReturnType<typeof selectDocuments>>[number];

/** The local name where the country has one, else the type's; the same for two-sidedness. */
const toDocument = (row: Selected): DocumentRow => ({
  id: row.id,
  countryId: row.countryId,
  countryIso2: row.countryIso2,
  code: row.code,
  typeSlug: row.typeSlug,
  purpose: row.purpose,
  name: row.localName ?? row.typeName,
  nameEs: row.localNameEs ?? row.typeNameEs,
  twoSided: row.ownTwoSided ?? row.typeTwoSided,
  numberPattern: row.numberPattern,
  numberExample: row.numberExample,
  numberCheck: row.numberCheck,
});

/** Reads the seeded verification reference data (db/seed/verification-reference.ts). */
export function referenceRepository(db: Db) {
  return {
    async countryExists(countryId: number): Promise<boolean> {
      const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
      return row !== undefined;
    },

    /** A country's documents: identity first, then address, then funds, each in the seed's order. */
    async countryDocuments(countryId: number): Promise<DocumentRow[]> {
      const rows = await selectDocuments(db)
        .where(eq(verificationDocuments.countryId, countryId))
        .orderBy(asc(verificationDocumentTypes.sortOrder), asc(verificationDocuments.sortOrder));
      return rows.map(toDocument);
    },

    async findDocument(documentId: number): Promise<DocumentRow | null> {
      const [row] = await selectDocuments(db).where(eq(verificationDocuments.id, documentId));
      return row ? toDocument(row) : null;
    },

    async documentFields(documentId: number): Promise<FieldRow[]> {
      return db
        .select()
        .from(verificationDocumentFields)
        .where(eq(verificationDocumentFields.documentId, documentId))
        .orderBy(asc(verificationDocumentFields.sortOrder));
    },
  };
}
