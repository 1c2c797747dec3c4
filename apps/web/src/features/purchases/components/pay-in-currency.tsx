import { useQuery } from "@tanstack/react-query";
import type { Currency } from "@vela/shared/reference";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useCountries } from "@/shared/api/reference/get-countries";
import { useCurrencies } from "@/shared/api/reference/get-currencies";
import { CurrencySelect } from "@/shared/ui/currency-select";
import { payInWalletsQueryOptions } from "../api/orders";

/**
 * What a purchase can be paid in: the currency of the user's country and those of their open
 * wallets (the wallet method pays from the wallet in the quotation's currency).
 */
export const usePayInCurrencies = (userCountryId: number | null): Currency[] | undefined => {
  const currencies = useCurrencies();
  const countries = useCountries();
  const wallets = useQuery(payInWalletsQueryOptions());
  return useMemo(() => {
    if (!currencies.data || !countries.data || wallets.isPending) return undefined;
    const countryCurrency = countries.data.find((country) => country.id === userCountryId)?.currency_id;
    const ids = new Set<number>();
    if (countryCurrency) ids.add(countryCurrency);
    for (const wallet of wallets.data ?? []) if (wallet.status === "open") ids.add(wallet.currency.id);
    // Without a country or a wallet, dollars.
    if (ids.size === 0) {
      const usd = currencies.data.find((currency) => currency.iso === "USD");
      if (usd) ids.add(usd.id);
    }
    return [...ids]
      .map((id) => currencies.data.find((currency) => currency.id === id))
      .filter((currency): currency is Currency => currency !== undefined);
  }, [currencies.data, countries.data, wallets.isPending, wallets.data, userCountryId]);
};

/** The pay-in currency field: picks the first currency offered when none (or one not offered) is chosen. */
export const PayInCurrencySelect = ({
  currencies,
  value,
  onChange,
}: {
  currencies: Currency[] | undefined;
  value: number | null;
  onChange: (currencyId: number) => void;
}) => {
  const { t } = useTranslation();
  useEffect(() => {
    if (!currencies || currencies.length === 0) return;
    if (value === null || !currencies.some((currency) => currency.id === value)) {
      onChange((currencies[0] as Currency).id);
    }
  }, [currencies, value, onChange]);
  return (
    <CurrencySelect
      label={t("purchases.payIn")}
      currencies={currencies ?? []}
      value={value}
      onChange={(currency) => onChange(currency.id)}
    />
  );
};
