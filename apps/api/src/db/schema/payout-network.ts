import { doublePrecision, index, integer, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { identityId } from "./columns";
import { cities, countries, states } from "./reference";

/**
 * The reference lists recipients and senders need (issue 8): identity documents, relationships,
 * purposes of transfer, and the payout network (banks and their branches, payer networks and
 * their cash-pickup places). Seeded data (db/seed/payout-network.ts), read by public GET routes.
 * Provinces and towns are the `states` and `cities` tables; nothing is copied.
 */

/** Identity documents: a country's own (INE, Aadhaar, Cédula…) or, with no country, valid everywhere. */
export const documentTypes = pgTable(
  "document_types",
  {
    ...identityId,
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    nameEs: text("name_es").notNull(),
    countryId: integer("country_id").references(() => countries.id),
    /** A regular expression (JavaScript and PostgreSQL syntax) the document number matches. */
    numberPattern: text("number_pattern"),
    example: text("example"),
    sortOrder: smallint("sort_order").notNull(),
  },
  (table) => [index("document_types_country_idx").on(table.countryId)],
);

/** How the recipient is related to the sender (family, friend, business partner…). */
export const relationships = pgTable("relationships", {
  ...identityId,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  nameEs: text("name_es").notNull(),
  sortOrder: smallint("sort_order").notNull(),
});

/** Purposes of a transfer, as compliance asks the sender. */
export const transferReasons = pgTable("transfer_reasons", {
  ...identityId,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  nameEs: text("name_es").notNull(),
  sortOrder: smallint("sort_order").notNull(),
});

/**
 * Banks and e-wallets that receive deposits in a country. `code` is the local bank code (CLABE
 * prefix, IFSC prefix, COMPE, ACH code…); `supports` lists the shipping method slugs it pays out by.
 */
export const banks = pgTable(
  "banks",
  {
    ...identityId,
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    name: text("name").notNull(),
    code: text("code").notNull(),
    swiftBic: text("swift_bic"),
    supports: text("supports").array().notNull(),
  },
  (table) => [uniqueIndex("banks_country_code_key").on(table.countryId, table.code)],
);

export const bankBranches = pgTable(
  "bank_branches",
  {
    ...identityId,
    bankId: integer("bank_id")
      .notNull()
      .references(() => banks.id),
    name: text("name").notNull(),
    address: text("address").notNull(),
    townId: integer("town_id").references(() => cities.id),
    code: text("code"),
  },
  (table) => [
    uniqueIndex("bank_branches_bank_name_key").on(table.bankId, table.name),
    index("bank_branches_town_idx").on(table.townId),
  ],
);

/** Kinds of payout place: bank branch, pawnshop, supermarket, pharmacy… */
export const placeTypes = pgTable("place_types", {
  ...identityId,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  nameEs: text("name_es").notNull(),
});

/** Kinds of payout service, each tied to the shipping method it delivers. */
export const serviceTypes = pgTable("service_types", {
  ...identityId,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  nameEs: text("name_es").notNull(),
  shippingMethodSlug: text("shipping_method_slug"),
});

/** Payer networks: who hands out cash (Elektra, Cebuana Lhuillier…) or holds the wallet (GCash…). */
export const serviceProviders = pgTable(
  "service_providers",
  {
    ...identityId,
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    serviceTypeId: integer("service_type_id")
      .notNull()
      .references(() => serviceTypes.id),
    code: text("code").notNull(),
    name: text("name").notNull(),
    logoUrl: text("logo_url"),
  },
  (table) => [
    uniqueIndex("service_providers_country_type_code_key").on(
      table.countryId,
      table.serviceTypeId,
      table.code,
    ),
  ],
);

/** Where a payer network pays cash out: a shop, branch or agent with its address and hours. */
export const payoutPlaces = pgTable(
  "payout_places",
  {
    ...identityId,
    serviceProviderId: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.id),
    typePlaceId: integer("type_place_id")
      .notNull()
      .references(() => placeTypes.id),
    name: text("name").notNull(),
    address: text("address").notNull(),
    townId: integer("town_id").references(() => cities.id),
    provinceId: integer("province_id").references(() => states.id),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    hours: text("hours").notNull(),
    phone: text("phone"),
  },
  (table) => [
    uniqueIndex("payout_places_provider_name_key").on(table.serviceProviderId, table.name),
    index("payout_places_town_idx").on(table.townId),
    index("payout_places_province_idx").on(table.provinceId),
  ],
);
