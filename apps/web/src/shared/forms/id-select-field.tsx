import { Select, type SelectProps } from "@mantine/core";
import { useController } from "react-hook-form";
import { idValue } from "./id-value";

/** A record the API lists by id and name (a state, a city, a business type). */
type NamedRecord = { id: number; name: string };

type IdSelectFieldProps = Omit<SelectProps, "name" | "data" | "value" | "onChange" | "error"> & {
  /** The form field holding the chosen record's id. */
  name: string;
  /** The records to choose from; undefined while they load. */
  records: readonly NamedRecord[] | undefined;
  /** What the field holds once the choice is cleared: undefined for an optional id, null otherwise. */
  clearedValue?: null;
  /** What else follows a choice, once the field holds it. */
  onChosen?: () => void;
};

/** A select of records by name, bound to the surrounding form's id field (a number). */
export const IdSelectField = ({ name, records, clearedValue, onChosen, ...props }: IdSelectFieldProps) => {
  const { field, fieldState } = useController({ name });
  return (
    <Select
      {...props}
      data={(records ?? []).map((record) => ({ value: String(record.id), label: record.name }))}
      value={idValue(field.value) ? String(field.value) : null}
      onChange={(value) => {
        field.onChange(value ? Number(value) : clearedValue);
        onChosen?.();
      }}
      onBlur={field.onBlur}
      ref={field.ref}
      error={fieldState.error?.message}
    />
  );
};
