import { z } from "zod";

/** Services whose availability differs by country (spec §7 "countries (variants per service and home)"). */
export const COUNTRY_SERVICES = [
  "consignments",
  "reload-phones",
  "gift-cards",
  "prepaid-pay-bills",
  "wallets",
] as const;
export type CountryService = (typeof COUNTRY_SERVICES)[number];

/** Whether a country is offered as the sending side, the receiving side, or either. */
export const COUNTRY_DIRECTIONS = ["from", "to"] as const;
export type CountryDirection = (typeof COUNTRY_DIRECTIONS)[number];

export const currency = z.object({
  id: z.number().int(),
  iso: z.string().length(3),
  name: z.string(),
  /** ISO 4217 minor-unit digits: 2 for USD, 0 for JPY, 3 for KWD. */
  decimals: z.number().int().min(0).max(4),
  symbol: z.string(),
});
export type Currency = z.infer<typeof currency>;

export const country = z.object({
  id: z.number().int(),
  name: z.string(),
  iso2: z.string().length(2),
  iso3: z.string().length(3),
  /** The flag as an emoji, for text contexts. */
  flag: z.string(),
  /** The flag as an SVG image, served by the API with long cache headers. */
  flag_url: z.string(),
  /** International dialling prefix with its plus sign, "+1". */
  phone_prefix: z.string(),
  currency_id: z.number().int().nullable(),
  currency_iso: z.string().nullable(),
});
export type Country = z.infer<typeof country>;

export const state = z.object({
  id: z.number().int(),
  country_id: z.number().int(),
  name: z.string(),
  code: z.string(),
});
export type State = z.infer<typeof state>;

export const city = z.object({
  id: z.number().int(),
  state_id: z.number().int(),
  name: z.string(),
});
export type City = z.infer<typeof city>;

export const locality = z.object({
  id: z.number().int(),
  name: z.string(),
  state_id: z.number().int(),
  state_name: z.string(),
  country_id: z.number().int(),
});
export type Locality = z.infer<typeof locality>;

export const phonePrefix = z.object({
  country_id: z.number().int(),
  iso2: z.string().length(2),
  name: z.string(),
  flag: z.string(),
  flag_url: z.string(),
  prefix: z.string(),
});
export type PhonePrefix = z.infer<typeof phonePrefix>;

// Payout reference data (issue 8): what recipient and sender forms offer. Names follow `language`.

/** A code list entry: relationships, purposes of transfer, kinds of place. */
export const codeName = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type CodeName = z.infer<typeof codeName>;

export const documentType = codeName.extend({
  /** Null for documents accepted everywhere (passport, driver's licence). */
  country_id: z.number().int().nullable(),
  /** An anchored regular expression the document number must match, when the format is fixed. */
  number_pattern: z.string().nullable(),
  example: z.string().nullable(),
});
export type DocumentType = z.infer<typeof documentType>;

export const serviceType = codeName.extend({ shipping_method_slug: z.string().nullable() });
export type ServiceType = z.infer<typeof serviceType>;

export const bank = z.object({
  id: z.number().int(),
  country_id: z.number().int(),
  name: z.string(),
  /** The local bank code: CLABE prefix (MX), IFSC prefix (IN), COMPE (BR), ACH code (CO)… */
  code: z.string(),
  swift_bic: z.string().nullable(),
  /** Shipping method slugs it receives: bank-deposit, mobile-wallet (e-wallets). */
  supports: z.array(z.string()),
});
export type Bank = z.infer<typeof bank>;

export const province = z.object({ id: z.number().int(), country_id: z.number().int(), name: z.string() });
export type Province = z.infer<typeof province>;

export const town = z.object({ id: z.number().int(), province_id: z.number().int(), name: z.string() });
export type Town = z.infer<typeof town>;

export const branchOffice = z.object({
  id: z.number().int(),
  bank_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  town_id: z.number().int().nullable(),
  code: z.string().nullable(),
});
export type BranchOffice = z.infer<typeof branchOffice>;

export const serviceProvider = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  country_id: z.number().int(),
  service_type_id: z.number().int(),
  logo_url: z.string().nullable(),
});
export type ServiceProvider = z.infer<typeof serviceProvider>;

export const payoutPlace = z.object({
  id: z.number().int(),
  service_provider_id: z.number().int(),
  service_provider_name: z.string(),
  type_place_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  town_id: z.number().int().nullable(),
  province_id: z.number().int().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Opening hours as shown, "Mon–Sat 09:00–20:00". */
  hours: z.string(),
  phone: z.string().nullable(),
});
export type PayoutPlace = z.infer<typeof payoutPlace>;
