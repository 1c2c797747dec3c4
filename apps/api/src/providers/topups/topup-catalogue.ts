import { toCurrencyAmount } from "@vela/shared/decimal";
import { z } from "zod";
import { currencyDecimals, logoDataUrl } from "../purchases/sandbox-fulfilments";
import source from "./topup-catalogue.json";
import type { TopupOperatorDef, TopupProductDef } from "./topup-provider";

/**
 * The sandbox top-up aggregator's catalogue: real operators of each country it tops up in, their
 * airtime (FIXED denominations or a RANGE) and data bundles in the local currency, and the prefix
 * table that guesses a number's operator from the start of its national number (number portability
 * makes it a guess: the customer may choose another operator). Product ids are the operator's id
 * times 100 plus their place.
 */

const amount = z.string().regex(/^\d+(\.\d+)?$/);

const operator = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  initials: z.string(),
  colour: z.string(),
  commissionBps: z.number().int().nonnegative(),
  /** Airtime: FIXED denominations, or a RANGE [min, max]. */
  airtime: z.union([
    z.strictObject({ fixed: z.array(amount).nonempty() }),
    z.strictObject({ range: z.tuple([amount, amount]) }),
  ]),
  bundles: z
    .array(z.strictObject({ name: z.string(), amount, validity: z.string(), description: z.string() }))
    .optional(),
  /** National-number prefixes the operator's numbers start with. */
  prefixes: z.array(z.string().regex(/^\d+$/)),
});
type OperatorSource = z.infer<typeof operator>;

/** The operators of each country, in topup-catalogue.json: parsed at load, so a bad row fails loudly. */
const SOURCES = z
  .array(
    z.strictObject({
      iso: z.string().length(2),
      currency: z.string().length(3),
      operators: z.array(operator),
    }),
  )
  .parse(source);

function productsOf(source: OperatorSource, currencyIso: string): TopupProductDef[] {
  const decimals = currencyDecimals(currencyIso);
  const money = (amount: string) => toCurrencyAmount(amount, decimals);
  const products: TopupProductDef[] = [];
  const next = () => source.id * 100 + products.length + 1;
  /** Airtime denominations and data bundles are both FIXED products: one amount, no range. */
  const fixedProduct = (
    name: string,
    kind: TopupProductDef["kind"],
    amount: string,
    description: string,
    validity: string | null,
  ): TopupProductDef => ({
    id: next(),
    operatorId: source.id,
    name,
    kind,
    type: "FIXED",
    currencyIso,
    amount: money(amount),
    min: null,
    max: null,
    description,
    validity,
  });
  if ("fixed" in source.airtime) {
    for (const amount of source.airtime.fixed) {
      const credit = `${money(amount)} ${currencyIso}`;
      products.push(
        fixedProduct(`${source.name} ${credit}`, "airtime", amount, `${credit} of airtime credit`, null),
      );
    }
  } else {
    const [min, max] = source.airtime.range;
    products.push({
      id: next(),
      operatorId: source.id,
      name: `${source.name} airtime`,
      kind: "airtime",
      type: "RANGE",
      currencyIso,
      amount: null,
      min: money(min),
      max: money(max),
      description: `Any amount of airtime credit from ${money(min)} to ${money(max)} ${currencyIso}`,
      validity: null,
    });
  }
  for (const item of source.bundles ?? []) {
    products.push(fixedProduct(item.name, "data", item.amount, item.description, item.validity));
  }
  return products;
}

export const TOPUP_OPERATORS: TopupOperatorDef[] = SOURCES.flatMap((country) =>
  country.operators.map((source) => ({
    id: source.id,
    name: source.name,
    logoUrl: logoDataUrl(source.initials, source.colour, source.colour === "#ffcb05" ? "#000000" : "#ffffff"),
    countryIso: country.iso,
    currencyIso: country.currency,
    commissionBps: source.commissionBps,
    products: productsOf(source, country.currency),
  })),
);

/** The countries the sandbox tops up in. */
export const TOPUP_COUNTRIES: string[] = SOURCES.map((country) => country.iso);

/** Per country, national-number prefixes to operator ids, longest first (the longest match wins). */
export const TOPUP_PREFIXES: Record<string, Array<[string, number]>> = Object.fromEntries(
  SOURCES.map((country) => [
    country.iso,
    country.operators
      .flatMap((source) => source.prefixes.map((prefix): [string, number] => [prefix, source.id]))
      .sort((a, b) => b[0].length - a[0].length),
  ]),
);
