import { NativeSelect, type NativeSelectProps } from "@mantine/core";
import { useController } from "react-hook-form";

type FormNativeSelectProps = Omit<NativeSelectProps, "name" | "value" | "onChange"> & {
  /** The form field holding the chosen option's value. */
  name: string;
};

/**
 * A native select of fixed choices, bound to the surrounding form's field. Controlled, so that it
 * keeps its value while its options load.
 */
export const FormNativeSelect = ({ name, ...props }: FormNativeSelectProps) => {
  const { field } = useController({ name });
  return (
    <NativeSelect
      {...props}
      value={field.value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
};
