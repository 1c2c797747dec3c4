import { Group } from "@mantine/core";
import { IconWorld } from "@tabler/icons-react";
import type { Country } from "@vela/shared/reference";
import { type ReactNode, useMemo } from "react";
import { FlagImage } from "./flag-image";

/** Countries as select options keyed by id (as text), and the country chosen by `value`. */
export const useCountryOptions = (countries: Country[], value: number | null) => {
  const byId = useMemo(() => new Map(countries.map((country) => [String(country.id), country])), [countries]);
  const data = useMemo(
    () => countries.map((country) => ({ value: String(country.id), label: country.name })),
    [countries],
  );
  const selected = value === null ? undefined : byId.get(String(value));
  return { byId, data, selected };
};

/** The chosen country's flag at the field's start, or a globe while none is chosen. */
export const CountryFlagSection = ({ country }: { country: Country | undefined }) =>
  country ? <FlagImage url={country.flag_url} size={16} /> : <IconWorld size={18} aria-hidden />;

/** How the searchable flag pickers behave: typing filters a long list, shown 60 at a time. */
export const SEARCHABLE_PICKER = {
  searchable: true,
  limit: 60,
  nothingFoundMessage: "—",
} as const;

/** One option of a flag picker: the flag (when known) before what names it. */
export const FlagOption = ({ flagUrl, children }: { flagUrl: string | undefined; children: ReactNode }) => (
  <Group gap="sm" wrap="nowrap">
    {flagUrl ? <FlagImage url={flagUrl} size={14} /> : null}
    {children}
  </Group>
);
