import { Select } from "@mantine/core";

/** The select's value for "no filter" (Mantine's Select cannot hold an empty value). */
const ALL = "all";

/**
 * A list filter's select: "all" first, then the server's options; the filter's value is the
 * chosen option's, or "" for all.
 */
export const FilterSelect = ({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) => (
  <Select
    label={label}
    data={[{ value: ALL, label: allLabel }, ...options]}
    value={value || ALL}
    onChange={(chosen) => onChange(chosen && chosen !== ALL ? chosen : "")}
    allowDeselect={false}
    comboboxProps={{ withinPortal: true }}
  />
);
