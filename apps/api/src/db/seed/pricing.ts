import { compareAmounts, crossRate, multiplyAmounts, roundFeeUp, toMinor } from "@vela/shared/decimal";
import { FALLBACK_LIMITS } from "@vela/shared/money";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  corridorMethods,
  corridors,
  countries,
  currencies,
  feeTiers,
  fxRates,
  promoCodes,
  shippingMethods,
} from "../schema/index";
import {
  DESTINATIONS,
  type MethodSlug,
  ORIGINS,
  PURCHASE_DELIVERY_METHODS,
  SHIPPING_METHODS,
} from "./corridor-countries";
import { ECB_SNAPSHOT, EURO_PEGS, FIXINGS_PER_EURO } from "./ecb-2024-11-25";

/**
 * Where Vela sends from and to, how, and at what price: six origins, eighteen destinations
 * across Latin America, Asia and Africa. Prices are data, so they change without a deploy.
 */

const METHOD_TERMS: Record<
  MethodSlug,
  {
    marginBps: number;
    transferTime: string;
    guaranteedRate: boolean;
    quoteTtlSeconds: number;
    sendMax: string | null;
  }
> = {
  vela: {
    marginBps: 50,
    transferTime: "Instant",
    guaranteedRate: true,
    quoteTtlSeconds: 1800,
    sendMax: null,
  },
  "bank-deposit": {
    marginBps: 120,
    transferTime: "1-2 business days",
    guaranteedRate: true,
    quoteTtlSeconds: 1800,
    sendMax: null,
  },
  "cash-pickup": {
    marginBps: 150,
    transferTime: "Within minutes",
    guaranteedRate: true,
    quoteTtlSeconds: 1800,
    sendMax: "2500",
  },
  "mobile-wallet": {
    marginBps: 130,
    transferTime: "Within minutes",
    guaranteedRate: true,
    quoteTtlSeconds: 1800,
    sendMax: "3000",
  },
  "home-delivery": {
    marginBps: 200,
    transferTime: "1-3 business days",
    guaranteedRate: false,
    quoteTtlSeconds: 600,
    sendMax: "2000",
  },
};

/** Receiving limits for cash in hand, in the receiving currency (partners' payout ceilings). */
const CASH_RECEIVE_MAX: Record<string, string> = {
  MXN: "50000",
  COP: "10000000",
  USD: "2500",
  INR: "200000",
  PHP: "150000",
  IDR: "40000000",
  ZAR: "45000",
  XOF: "1500000",
  XAF: "1500000",
  CVE: "250000",
};

/**
 * Fees in the sending currency: a fixed part plus a percentage by amount tier, more for a card
 * (the card processor's cost), less from the wallet balance.
 */
const FEE_TIERS = [
  { upTo: "500", fixed: "2.99", bps: 0 },
  { upTo: "2000", fixed: "3.99", bps: 25 },
  { upTo: null, fixed: "4.99", bps: 50 },
] as const;
const PAYMENT_SURCHARGE_BPS: Record<string, number> = { "*": 0, "credit-and-debit-card-methods": 150 };
const WALLET_FEE = { fixed: "0.99", bps: 0 } as const;

/** Units of a currency per euro in the snapshot (the euro itself is 1). */
const perEuro = (iso: string): string =>
  iso === "EUR"
    ? "1"
    : ((ECB_SNAPSHOT.rates as Record<string, string>)[iso] ??
      (EURO_PEGS.rates as Record<string, string>)[iso] ??
      FIXINGS_PER_EURO[iso] ??
      "");

/**
 * The receiving ceiling: what the send ceiling buys at the snapshot's rate plus 10 % headroom for
 * rate moves, whole units, capped by a cash partner's payout limit. Without it the spec's
 * fallback (10 000) would cap 10 000 rupiah, less than a dollar.
 */
function receivingCeiling(fromIso: string, toIso: string, sendMax: string, cashMax: string | undefined) {
  const rate = crossRate(perEuro(fromIso), perEuro(toIso));
  const bought = roundFeeUp(multiplyAmounts(multiplyAmounts(sendMax, rate), "1.1"), 0);
  return cashMax && compareAmounts(cashMax, bought) < 0 ? cashMax : bought;
}

export async function seedPricing(db: Db) {
  await db
    .insert(shippingMethods)
    .values([...SHIPPING_METHODS, ...PURCHASE_DELIVERY_METHODS])
    .onConflictDoUpdate({ target: shippingMethods.slug, set: { name: sql`excluded.name` } });
  const methodRows = await db.select().from(shippingMethods);
  const methodId = new Map(methodRows.map((row) => [row.slug, row.id]));

  const isos = [...new Set([...ORIGINS, ...DESTINATIONS].map((entry) => entry.currency))];
  const currencyRows = await db.select().from(currencies).where(inArray(currencies.iso, isos));
  const currencyOf = new Map(currencyRows.map((row) => [row.iso, row]));
  const countryCodes = [...ORIGINS, ...DESTINATIONS].map((entry) => entry.country);
  const countryRows = await db.select().from(countries).where(inArray(countries.iso2, countryCodes));
  const countryId = new Map(countryRows.map((row) => [row.iso2, row.id]));

  for (const origin of ORIGINS) {
    const from = currencyOf.get(origin.currency)!;
    for (const destination of DESTINATIONS) {
      const to = currencyOf.get(destination.currency)!;
      const values = {
        countryFromId: countryId.get(origin.country)!,
        currencyFromId: from.id,
        countryToId: countryId.get(destination.country)!,
        currencyToId: to.id,
      };
      await db.insert(corridors).values(values).onConflictDoNothing();
      const [corridor] = await db
        .select({ id: corridors.id })
        .from(corridors)
        .where(
          and(
            eq(corridors.countryFromId, values.countryFromId),
            eq(corridors.currencyFromId, values.currencyFromId),
            eq(corridors.countryToId, values.countryToId),
            eq(corridors.currencyToId, values.currencyToId),
          ),
        );
      for (const slug of destination.methods) {
        const terms = METHOD_TERMS[slug];
        // Same currency on both sides (USD to Ecuador) carries no FX margin at all.
        const marginBps = from.id === to.id ? 0 : terms.marginBps + (destination.exotic ? 50 : 0);
        const cashMax = slug === "cash-pickup" ? CASH_RECEIVE_MAX[destination.currency] : undefined;
        const receiveMax = receivingCeiling(
          origin.currency,
          destination.currency,
          terms.sendMax ?? FALLBACK_LIMITS.max,
          cashMax,
        );
        const row = {
          corridorId: corridor!.id,
          shippingMethodId: methodId.get(slug)!,
          sendMinMinor: null,
          sendMaxMinor: terms.sendMax ? toMinor(terms.sendMax, from.decimals) : null,
          receiveMinMinor: null,
          receiveMaxMinor: toMinor(receiveMax, to.decimals),
          fxMarginBps: marginBps,
          transferTime: terms.transferTime,
          guaranteedRate: terms.guaranteedRate,
          estimatedFeeCurrency: from.iso,
          quoteTtlSeconds: terms.quoteTtlSeconds,
        };
        const [method] = await db
          .insert(corridorMethods)
          .values(row)
          .onConflictDoUpdate({
            target: [corridorMethods.corridorId, corridorMethods.shippingMethodId],
            set: { ...row, corridorId: sql`excluded.corridor_id` },
          })
          .returning({ id: corridorMethods.id });
        await db.delete(feeTiers).where(eq(feeTiers.corridorMethodId, method!.id));
        const tiers = [
          ...Object.entries(PAYMENT_SURCHARGE_BPS).flatMap(([paymentMethod, surcharge]) =>
            FEE_TIERS.map((tier) => ({
              corridorMethodId: method!.id,
              paymentMethod,
              upToMinor: tier.upTo === null ? null : toMinor(tier.upTo, from.decimals),
              fixedMinor: toMinor(tier.fixed, from.decimals),
              percentBps: tier.bps + surcharge,
            })),
          ),
          {
            corridorMethodId: method!.id,
            paymentMethod: "wallet",
            upToMinor: null,
            fixedMinor: toMinor(WALLET_FEE.fixed, from.decimals),
            percentBps: WALLET_FEE.bps,
          },
        ];
        await db.insert(feeTiers).values(tiers);
      }
    }
  }

  // ECB publishes around 16:00 CET; the table is valid from then until the next one.
  const validFrom = new Date(`${ECB_SNAPSHOT.publishedOn}T15:00:00Z`);
  const rateRows = [
    ...Object.entries(ECB_SNAPSHOT.rates).map(([quote, rate]) => ({
      quote,
      rate,
      source: ECB_SNAPSHOT.source,
    })),
    ...Object.entries(EURO_PEGS.rates).map(([quote, rate]) => ({ quote, rate, source: EURO_PEGS.source })),
  ].map((row) => ({ ...row, base: "EUR", publishedOn: ECB_SNAPSHOT.publishedOn, validFrom }));
  await db
    .insert(fxRates)
    .values(rateRows)
    .onConflictDoUpdate({
      target: [fxRates.base, fxRates.quote, fxRates.publishedOn],
      set: { rate: sql`excluded.rate`, source: sql`excluded.source` },
    });

  const usd = currencyOf.get("USD")!;
  const eur = currencyOf.get("EUR")!;
  const codes = [
    {
      code: "WELCOME50",
      kind: "percent" as const,
      percentBps: 5000,
      description: "Half off our fee on your first transfer of 50 or more.",
      minAmountMinor: 5000n,
      currencyId: usd.id,
      maxUsesPerUser: 1,
      maxUsesTotal: null,
      validFrom: new Date("2024-01-01T00:00:00Z"),
      validUntil: new Date("2030-12-31T23:59:59Z"),
    },
    {
      code: "SAVE2EUR",
      kind: "fixed" as const,
      amountMinor: 200n,
      currencyId: eur.id,
      description: "2 euros off our fee on transfers from the euro area.",
      minAmountMinor: 2000n,
      maxUsesPerUser: 3,
      maxUsesTotal: 10000,
      validFrom: new Date("2024-01-01T00:00:00Z"),
      validUntil: new Date("2030-12-31T23:59:59Z"),
    },
    {
      code: "SUMMER2024",
      kind: "percent" as const,
      percentBps: 10000,
      description: "No fee on transfers made in summer 2024.",
      currencyId: null,
      minAmountMinor: null,
      maxUsesPerUser: 1,
      maxUsesTotal: null,
      validFrom: new Date("2024-06-01T00:00:00Z"),
      validUntil: new Date("2024-08-31T23:59:59Z"),
    },
  ];
  for (const code of codes) {
    await db
      .insert(promoCodes)
      .values(code)
      .onConflictDoUpdate({ target: promoCodes.code, set: { ...code } });
  }
}
