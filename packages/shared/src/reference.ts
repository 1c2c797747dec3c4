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
