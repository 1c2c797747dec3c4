import { type ComboboxItem, type OptionsFilter, Select, type SelectProps, Text } from "@mantine/core";
import type { PhonePrefix } from "@vela/shared/reference";
import { useMemo } from "react";
import { FlagImage } from "./flag-image";
import { FlagOption, SEARCHABLE_PICKER } from "./flag-select-parts";

type PhonePrefixSelectProps = Omit<SelectProps, "data" | "value" | "onChange"> & {
  prefixes: PhonePrefix[];
  /** The chosen country's two-letter code: several countries share a prefix (+1), so the country is the key. */
  iso2: string | null;
  onChange: (prefix: PhonePrefix | null) => void;
};

const isItem = (value: unknown): value is ComboboxItem =>
  typeof value === "object" && value !== null && "value" in value && "label" in value;

/**
 * A dialling-prefix picker. The field shows the prefix alone ("+52", it sits in a narrow column
 * beside the number); the list shows flag, prefix and country, and typing finds either.
 */
export const PhonePrefixSelect = ({ prefixes, iso2, onChange, ...props }: PhonePrefixSelectProps) => {
  const byIso = useMemo(() => new Map(prefixes.map((prefix) => [prefix.iso2, prefix])), [prefixes]);
  const data = useMemo(
    () => prefixes.map((prefix) => ({ value: prefix.iso2, label: prefix.prefix })),
    [prefixes],
  );
  const filter: OptionsFilter = ({ options, search, limit }) => {
    const needle = search.trim().toLowerCase();
    const found = options.filter((option) => {
      if (!isItem(option)) return false;
      const name = byIso.get(option.value)?.name.toLowerCase() ?? "";
      return !needle || option.label.includes(needle) || name.includes(needle);
    });
    return found.slice(0, limit);
  };
  const selected = iso2 ? byIso.get(iso2) : undefined;
  return (
    <Select
      {...SEARCHABLE_PICKER}
      {...props}
      data={data}
      filter={filter}
      value={selected?.iso2 ?? null}
      onChange={(value) => onChange(value ? (byIso.get(value) ?? null) : null)}
      leftSection={selected ? <FlagImage url={selected.flag_url} size={14} /> : null}
      leftSectionPointerEvents="none"
      renderOption={({ option }) => {
        const prefix = byIso.get(option.value);
        return (
          <FlagOption flagUrl={prefix?.flag_url}>
            <Text span fw={600} size="sm">
              {prefix?.prefix}
            </Text>
            <Text span size="sm" c="dimmed">
              {prefix?.name}
            </Text>
          </FlagOption>
        );
      }}
    />
  );
};
