import { Group } from "@mantine/core";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { usePrefixes } from "@/shared/api/reference/get-prefixes";
import { PhonePrefixSelect } from "@/shared/ui/phone-prefix-select";
import { FormTextInput } from "./form-inputs";

/** The form fields these inputs fill (the contract's names). */
type PhoneNumberValues = { phone_prefix: string; phone_number: string };

type PhoneNumberFieldsProps = {
  numberLabel: string;
  /**
   * The country whose prefix is chosen. Several countries share a prefix (+1), so the form keeps
   * the country (a country field may choose it too); null falls back to the first with the prefix.
   */
  prefixIso2: string | null;
  onPrefixIso2Change: (iso2: string | null) => void;
  /** Whether the number must be given (true unless the form says otherwise). */
  required?: boolean;
};

/** The dialling prefix (with its flag) in a narrow column and the national number beside it. */
export const PhoneNumberFields = ({
  numberLabel,
  prefixIso2,
  onPrefixIso2Change,
  required = true,
}: PhoneNumberFieldsProps) => {
  const { t } = useTranslation();
  const prefixes = usePrefixes();
  const { field: prefixField, fieldState: prefixState } = useController<PhoneNumberValues>({
    name: "phone_prefix",
  });
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <PhonePrefixSelect
        label={t("auth.fields.phonePrefix")}
        required={required}
        w={150}
        style={{ flex: "none" }}
        prefixes={prefixes.data ?? []}
        disabled={!prefixes.data}
        iso2={
          prefixIso2 ?? prefixes.data?.find((prefix) => prefix.prefix === prefixField.value)?.iso2 ?? null
        }
        onBlur={prefixField.onBlur}
        ref={prefixField.ref}
        error={prefixState.error?.message}
        comboboxProps={{ width: 280, position: "bottom-start" }}
        onChange={(prefix) => {
          onPrefixIso2Change(prefix?.iso2 ?? null);
          prefixField.onChange(prefix?.prefix ?? "");
        }}
      />
      <FormTextInput
        name="phone_number"
        label={numberLabel}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        required={required}
        style={{ flex: 1, minWidth: 0 }}
      />
    </Group>
  );
};
