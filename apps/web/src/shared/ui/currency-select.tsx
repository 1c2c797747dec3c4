import { NativeSelect } from "@mantine/core";
import type { Currency } from "@vela/shared/reference";
import { useMemo } from "react";

type CurrencySelectProps = {
  label: string;
  currencies: Currency[];
  value: number | null;
  onChange: (currency: Currency) => void;
  /** Compact lists ISO codes only (beside an amount); otherwise code and name. */
  compact?: boolean;
  id?: string;
  w?: number | string;
  /** A fuller name for assistive technology when the visible label is short ("Currency"). */
  ariaLabel?: string;
};

/** A currency picker keyed by currency id (a native select, like CountrySelect). */
export const CurrencySelect = ({
  label,
  currencies,
  value,
  onChange,
  compact = false,
  id,
  w,
  ariaLabel,
}: CurrencySelectProps) => {
  const byId = useMemo(
    () => new Map(currencies.map((currency) => [String(currency.id), currency])),
    [currencies],
  );
  const data = useMemo(
    () =>
      currencies.map((currency) => ({
        value: String(currency.id),
        label: compact ? currency.iso : `${currency.iso} · ${currency.name}`,
      })),
    [currencies, compact],
  );
  const selected = value === null ? undefined : byId.get(String(value));

  return (
    <NativeSelect
      id={id}
      w={w}
      label={label}
      aria-label={ariaLabel}
      data={data}
      value={selected ? String(selected.id) : ""}
      onChange={(event) => {
        const currency = byId.get(event.currentTarget.value);
        if (currency) onChange(currency);
      }}
    />
  );
};
