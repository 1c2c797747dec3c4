import { toCurrencyAmount } from "@vela/shared/decimal";
import { z } from "zod";
import { currencyDecimals, logoDataUrl } from "../purchases/sandbox-fulfilments";
import source from "./giftcard-catalogue.json";
import type { GiftCardProductDef } from "./giftcard-provider";

/**
 * The sandbox gift card aggregator's catalogue: real brands with the country and currency they are
 * redeemed in, FIXED denominations or a RANGE, whether a PIN comes with the code, how to redeem,
 * the terms, the sender countries they may be sold in (one of the named sales regions), and our
 * commission. The rows are giftcard-catalogue.json, parsed at load so a bad row fails loudly.
 */
const amount = z.string().regex(/^\d+(\.\d+)?$/);
const country = z.string().length(2);

const catalogue = z
  .strictObject({
    salesRegions: z.record(z.string(), z.array(country).nonempty()),
    products: z.array(
      z.strictObject({
        id: z.number().int(),
        name: z.string(),
        brand: z.string(),
        category: z.string(),
        /** The sandbox logo: its initials and colour. */
        logo: z.tuple([z.string(), z.string()]),
        countryIso: country,
        currencyIso: z.string().length(3),
        value: z.union([
          z.strictObject({ fixed: z.array(amount).nonempty() }),
          z.strictObject({ range: z.tuple([amount, amount]) }),
        ]),
        hasPin: z.boolean(),
        redeemInstructions: z.string(),
        terms: z.string(),
        soldIn: z.string(),
        commissionBps: z.number().int().nonnegative(),
      }),
    ),
  })
  .superRefine(({ salesRegions, products }, context) => {
    products.forEach((product, index) => {
      if (!(product.soldIn in salesRegions)) {
        context.addIssue({
          code: "custom",
          path: ["products", index, "soldIn"],
          message: `${product.name}: unknown sales region ${product.soldIn}`,
        });
      }
    });
  });

const { salesRegions, products } = catalogue.parse(source);

export const GIFT_CARD_PRODUCTS: GiftCardProductDef[] = products.map(
  ({ logo, value, soldIn, commissionBps, ...product }) => {
    const money = (amount: string) => toCurrencyAmount(amount, currencyDecimals(product.currencyIso));
    return {
      ...product,
      soldIn: salesRegions[soldIn]!,
      commissionBps,
      logoUrl: logoDataUrl(logo[0], logo[1]),
      type: "fixed" in value ? "FIXED" : "RANGE",
      denominations: "fixed" in value ? value.fixed.map(money) : [],
      min: "range" in value ? money(value.range[0]) : null,
      max: "range" in value ? money(value.range[1]) : null,
    };
  },
);
