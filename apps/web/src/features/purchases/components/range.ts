import { compareAmounts } from "@vela/shared/decimal";
import type { TFunction } from "i18next";

/** A RANGE product's amount outside its bounds, in words; null when it fits. */
export const rangeError = (
  amount: string,
  product: { min: string | null; max: string | null; currency_iso: string },
  t: TFunction,
): string | null => {
  if (product.min !== null && compareAmounts(amount, product.min) < 0)
    return t("purchases.belowRange", { min: product.min, currency: product.currency_iso });
  if (product.max !== null && compareAmounts(amount, product.max) > 0)
    return t("purchases.aboveRange", { max: product.max, currency: product.currency_iso });
  return null;
};
