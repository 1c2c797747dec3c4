import { z } from "zod";
import { type MethodSlug, SHIPPING_METHODS } from "./corridor-countries";
import source from "./payout-network-data.json";

/**
 * The reference data recipients and senders need (issue 8): identity documents, relationships,
 * purposes of transfer, and the payout network of every destination (banks and e-wallets with
 * their local codes, payer networks, and where they pay cash out). Bank names, local codes and BICs
 * are the institutions' own; branch and place addresses are built deterministically from real
 * streets of real cities (payout-network.ts), so every run seeds the same rows.
 *
 * The rows live in payout-network-data.json; they are parsed here at load, so a bad row stops the
 * seed (and the app) at once rather than seeding a half-right network.
 */

const named = z.strictObject({ code: z.string(), name: z.string(), name_es: z.string() });
export type Named = z.infer<typeof named>;

const methodSlug = z.enum(SHIPPING_METHODS.map((method): MethodSlug => method.slug));

const documentType = named.extend({
  /** ISO 3166 alpha-2, or null for documents accepted everywhere. */
  country: z.string().length(2).nullable(),
  /** Anchored regular expression for the document number (valid in JavaScript and PostgreSQL). */
  pattern: z.string().startsWith("^").endsWith("$").nullable(),
  example: z.string().nullable(),
});
export type DocumentTypeSeed = z.infer<typeof documentType>;

/**
 * `code` is the local code a transfer to that bank names: Mexico's three-digit bank code (the first
 * three digits of a CLABE), Brazil's COMPE code, India's IFSC prefix, Indonesia's, China's CNAPS,
 * Thailand's and Korea's three-digit bank codes, South Africa's universal branch code, Colombia's
 * ACH code; where a country routes by BIC (Ecuador, El Salvador, Panama, the Philippines' InstaPay,
 * Malaysia, West and Central Africa, Cabo Verde) the BIC's four-letter institution code, or the
 * institution's own short name when it has no BIC (e-wallets).
 */
const bank = z.strictObject({
  name: z.string(),
  code: z.string(),
  bic: z.string().nullable(),
  supports: z.array(methodSlug).nonempty(),
  /** Digital banks and e-wallets: no branches to list. */
  online: z.literal(true).optional(),
});
export type BankSeed = z.infer<typeof bank>;

/** How a country writes a street address. */
const addressStyle = z.enum(["street-number", "number-street", "jalan", "colombia"]);
export type AddressStyle = z.infer<typeof addressStyle>;

/** A real city (as the `cities` table names it, under its state's ISO code) with real streets. */
const city = z.strictObject({
  state: z.string(),
  city: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  streets: z.array(z.string()).nonempty(),
});
export type CitySeed = z.infer<typeof city>;

/** A payer network: who pays out by `service` in `country`, and (for cash) at what kind of place. */
const provider = z.strictObject({
  country: z.string().length(2),
  service: z.enum(["cash-pickup", "mobile-wallet"]),
  code: z.string(),
  name: z.string(),
  place: z.string().optional(),
});
export type ProviderSeed = z.infer<typeof provider>;

const payoutNetwork = z
  .strictObject({
    documentTypes: z.array(documentType),
    relationships: z.array(named),
    transferReasons: z.array(named),
    placeTypes: z.array(named.extend({ hours: z.string() })),
    serviceTypes: z.array(named.extend({ method: methodSlug.nullable() })),
    banks: z.record(z.string().length(2), z.array(bank)),
    payoutCities: z.record(
      z.string().length(2),
      z.strictObject({ style: addressStyle, cities: z.array(city).nonempty() }),
    ),
    serviceProviders: z.array(provider),
  })
  .superRefine((network, context) => {
    // A cash network names the kind of place it pays at; a wallet network has none.
    const placeCodes = new Set(network.placeTypes.map((type) => type.code));
    network.serviceProviders.forEach((entry, index) => {
      const cash = entry.service === "cash-pickup";
      if (cash ? !placeCodes.has(entry.place ?? "") : entry.place !== undefined) {
        context.addIssue({
          code: "custom",
          path: ["serviceProviders", index, "place"],
          message: `${entry.country} ${entry.code}: ${cash ? "a known place type" : "no place"} expected`,
        });
      }
    });
  });

const network = payoutNetwork.parse(source);

export const DOCUMENT_TYPES: DocumentTypeSeed[] = network.documentTypes;
export const RELATIONSHIPS: Named[] = network.relationships;
export const TRANSFER_REASONS: Named[] = network.transferReasons;
export const PLACE_TYPES = network.placeTypes;
export const SERVICE_TYPES = network.serviceTypes;
export const BANKS: Record<string, BankSeed[]> = network.banks;
export const PAYOUT_CITIES: Record<string, { style: AddressStyle; cities: CitySeed[] }> =
  network.payoutCities;
export const SERVICE_PROVIDERS: ProviderSeed[] = network.serviceProviders;

/** How many cash-pickup places each network gets (spread over the country's cities). */
export const PLACES_PER_PROVIDER = 4;
