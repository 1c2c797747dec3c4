import { toCurrencyAmount } from "@vela/shared/decimal";
import { z } from "zod";
import { currencyDecimals, logoDataUrl } from "../purchases/sandbox-fulfilments";
import source from "./bill-catalogue.json";
import type { BillPlanDef, BillProviderDef, BillServiceDef } from "./bill-provider";

/**
 * The sandbox bill payment aggregator's catalogue: the service types (one id each, the same in
 * every country), the billers of each country with the reference they ask for (label, example,
 * anchored pattern), whether they sell plans and take part payments, their plans, and the range the
 * sandbox's bills fall in per currency (bill-provider's balances are derived from the reference).
 */
export const BILL_SERVICE_TYPES: Record<
  BillServiceDef["slug"],
  { id: number; name: string; nameEs: string }
> = {
  electricity: { id: 1, name: "Electricity", nameEs: "Electricidad" },
  water: { id: 2, name: "Water", nameEs: "Agua" },
  internet: { id: 3, name: "Internet", nameEs: "Internet" },
  tv: { id: 4, name: "TV", nameEs: "Televisión" },
  phone: { id: 5, name: "Phone", nameEs: "Teléfono" },
  gas: { id: 6, name: "Gas", nameEs: "Gas" },
};

/**
 * One biller: the reference it asks for (label, example, anchored pattern), whether it takes part
 * payments, our commission, and its plans as [name, description, amount or null (pay the balance)].
 */
const biller = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  /** The sandbox logo: its initials and colour. */
  logo: z.tuple([z.string(), z.string()]),
  slug: z.enum(Object.keys(BILL_SERVICE_TYPES) as [BillServiceDef["slug"]]),
  label: z.string(),
  example: z.string(),
  pattern: z.string().startsWith("^").endsWith("$"),
  partial: z.boolean(),
  commissionBps: z.number().int().nonnegative(),
  plans: z
    .array(
      z.tuple([
        z.string(),
        z.string(),
        z
          .string()
          .regex(/^\d+(\.\d+)?$/)
          .nullable(),
      ]),
    )
    .optional(),
});

/** The billers of each country, in bill-catalogue.json: parsed at load, so a bad row fails loudly. */
const SOURCES = z
  .array(
    z.strictObject({ iso: z.string().length(2), currency: z.string().length(3), providers: z.array(biller) }),
  )
  .parse(source);

/** Bills of the sandbox fall in [min, max] whole units of their currency, plus cents where `cents`. */
export const BILL_BALANCE_RANGES: Record<string, { min: bigint; max: bigint; cents: boolean }> = {
  MXN: { min: 200n, max: 2_500n, cents: true },
  GTQ: { min: 100n, max: 900n, cents: true },
  USD: { min: 15n, max: 120n, cents: true },
  HNL: { min: 300n, max: 3_000n, cents: true },
  COP: { min: 50_000n, max: 400_000n, cents: false },
  DOP: { min: 800n, max: 6_000n, cents: false },
  PEN: { min: 40n, max: 400n, cents: true },
  PHP: { min: 500n, max: 5_000n, cents: true },
  INR: { min: 300n, max: 4_000n, cents: false },
};

export const BILL_PROVIDERS: BillProviderDef[] = [];
export const BILL_PLANS: BillPlanDef[] = [];
for (const country of SOURCES) {
  const decimals = currencyDecimals(country.currency);
  for (const source of country.providers) {
    BILL_PROVIDERS.push({
      id: source.id,
      name: source.name,
      logoUrl: logoDataUrl(
        source.logo[0],
        source.logo[1],
        source.logo[1] === "#ffd100" ? "#000000" : "#ffffff",
      ),
      countryIso: country.iso,
      serviceTypeId: BILL_SERVICE_TYPES[source.slug].id,
      currencyIso: country.currency,
      referenceLabel: source.label,
      referenceExample: source.example,
      referencePattern: source.pattern,
      hasPlans: (source.plans?.length ?? 0) > 0,
      partialPayment: source.partial,
      commissionBps: source.commissionBps,
    });
    (source.plans ?? []).forEach(([name, description, amount], index) => {
      BILL_PLANS.push({
        id: source.id * 10 + index + 1,
        providerId: source.id,
        name,
        description,
        amount: amount === null ? null : toCurrencyAmount(amount, decimals),
        currencyIso: country.currency,
      });
    });
  }
}

export const BILL_COUNTRIES: string[] = SOURCES.map((country) => country.iso);

/** A country's services: the types its billers serve, in id order, named after the first biller's reference. */
export function billServicesOf(countryIso: string): BillServiceDef[] {
  const providers = BILL_PROVIDERS.filter((provider) => provider.countryIso === countryIso);
  return Object.entries(BILL_SERVICE_TYPES)
    .map(([slug, type]) => ({ slug: slug as BillServiceDef["slug"], type }))
    .filter(({ type }) => providers.some((provider) => provider.serviceTypeId === type.id))
    .map(({ slug, type }) => ({
      serviceTypeId: type.id,
      slug,
      name: type.name,
      idField: providers.find((provider) => provider.serviceTypeId === type.id)!.referenceLabel,
    }));
}
