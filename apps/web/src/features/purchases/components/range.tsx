import { compareAmounts } from "@vela/shared/decimal";
import { type MoneyLocale, moneyText } from "@vela/shared/money";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import { AmountInput } from "@/shared/ui/amount-input";

/** A RANGE product: any amount from `min` to `max` in its currency. */
type RangeProduct = { min: string | null; max: string | null; currency_iso: string };

/** A RANGE product's amount outside its bounds, in words; null when it fits. */
export const rangeError = (amount: string, product: RangeProduct, t: TFunction): string | null => {
  if (product.min !== null && compareAmounts(amount, product.min) < 0)
    return t("purchases.belowRange", { min: product.min, currency: product.currency_iso });
  if (product.max !== null && compareAmounts(amount, product.max) > 0)
    return t("purchases.aboveRange", { max: product.max, currency: product.currency_iso });
  return null;
};

/** A RANGE product's bounds, in words ("From $5.00 to $100.00"). */
export const rangeText = (product: RangeProduct, locale: MoneyLocale, t: TFunction) =>
  t("purchases.range", {
    min: moneyText(product.min ?? "0", product.currency_iso, locale),
    max: moneyText(product.max ?? "0", product.currency_iso, locale),
  });

/** The amount of a RANGE product, in its currency, with its bounds said under the label. */
export const RangeAmountInput = ({
  product,
  amount,
  onAmountChange,
  error,
}: {
  product: RangeProduct;
  amount: string;
  onAmountChange: (amount: string) => void;
  error: string | null | undefined;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  return (
    <AmountInput
      label={t("purchases.amountIn", { currency: product.currency_iso })}
      description={rangeText(product, locale, t)}
      amount={amount}
      onAmountChange={onAmountChange}
      decimals={2}
      locale={locale}
      error={error}
    />
  );
};
