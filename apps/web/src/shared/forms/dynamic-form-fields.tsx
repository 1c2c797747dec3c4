import { Checkbox, Select, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { DynamicForm, FormField, FormValues } from "@vela/shared/dynamic-form";
import { type Control, Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { api } from "@/shared/api/api-client";
import { usePrefixes } from "@/shared/api/reference/get-prefixes";

export type DynamicFormFieldsProps = {
  form: DynamicForm;
  /** The react-hook-form control of a form whose values are the dynamic form's (by field key). */
  // biome-ignore lint/suspicious/noExplicitAny: any form whose values include the dynamic form's keys
  control: Control<any>;
  /** Called when a `refresh_on_change` field changes: the caller fetches the form again with it. */
  onRefreshField?: (key: string, value: string | boolean) => void;
  disabled?: boolean;
};

/** Each field's empty value: text-like kinds start as "", switches and checkboxes as false. */
export const dynamicFormDefaults = (form: DynamicForm, keep: Partial<FormValues> = {}): FormValues =>
  Object.fromEntries(
    form.fields.map((field) => {
      const empty = field.kind === "switch" || field.kind === "checkbox" ? false : "";
      const kept = keep[field.key];
      return [field.key, kept !== undefined && typeof kept === typeof empty ? kept : empty];
    }),
  );

type Option = { value: string; label: string };

/** Reads a list endpoint's items ({id|value|code, name|label}) as select options. */
const toOptions = (items: unknown): Option[] => {
  const list = Array.isArray(items)
    ? items
    : items && typeof items === "object" && Array.isArray((items as { data?: unknown }).data)
      ? (items as { data: unknown[] }).data
      : [];
  return list.flatMap((item) => {
    if (!item || typeof item !== "object") return [];
    const record = item as Record<string, unknown>;
    const value = record.id ?? record.value ?? record.code;
    const label = record.name ?? record.label ?? value;
    return value === undefined ? [] : [{ value: String(value), label: String(label) }];
  });
};

/** A field's allowed values: listed in the form, or loaded from its endpoint (relative to /api). */
const useFieldOptions = (field: FormField): { options: Option[]; loading: boolean } => {
  const endpoint = field.options ? null : field.options_endpoint;
  const query = useQuery({
    queryKey: ["dynamic-form-options", endpoint],
    queryFn: ({ signal }) => api.get<unknown>(endpoint!.replace(/^\/+/, ""), undefined, signal),
    enabled: endpoint !== null,
    staleTime: 5 * 60_000,
  });
  if (field.options) return { options: field.options, loading: false };
  return { options: toOptions(query.data), loading: query.isLoading };
};

/** The dialling prefix a phone field starts with, from its country ("+52 "). */
const usePhonePrefix = (countryIso: string | null): string => {
  const prefixes = usePrefixes();
  const prefix = prefixes.data?.find((item) => item.iso2 === countryIso)?.prefix;
  return prefix ? `${prefix} ` : "+";
};

type FieldProps = {
  field: FormField;
  control: DynamicFormFieldsProps["control"];
  onRefreshField: DynamicFormFieldsProps["onRefreshField"];
  disabled: boolean;
};

const ChoiceField = ({ field, control, onRefreshField, disabled }: FieldProps) => {
  const { t } = useTranslation();
  const { options, loading } = useFieldOptions(field);
  return (
    <Controller
      control={control}
      name={field.key}
      render={({ field: input, fieldState }) => (
        <Select
          label={field.label}
          description={field.help ?? undefined}
          placeholder={loading ? t("common.loading") : (field.example ?? undefined)}
          required={field.required}
          withAsterisk={field.required}
          data={options}
          searchable={field.kind === "autocomplete" || options.length > 8}
          nothingFoundMessage={t("dynamicForm.noOptions")}
          clearable={!field.required}
          disabled={disabled || loading}
          value={typeof input.value === "string" && input.value !== "" ? input.value : null}
          onChange={(value) => {
            input.onChange(value ?? "");
            if (field.refresh_on_change) onRefreshField?.(field.key, value ?? "");
          }}
          onBlur={input.onBlur}
          ref={input.ref}
          error={fieldState.error?.message}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
};

const DynamicField = (props: FieldProps) =>
  props.field.kind === "select" || props.field.kind === "autocomplete" ? (
    <ChoiceField {...props} />
  ) : props.field.kind === "switch" || props.field.kind === "checkbox" ? (
    <ToggleField {...props} />
  ) : (
    <TextField {...props} />
  );

const ToggleField = ({ field, control, onRefreshField, disabled }: FieldProps) => {
  const Toggle = field.kind === "switch" ? Switch : Checkbox;
  return (
    <Controller
      control={control}
      name={field.key}
      render={({ field: input, fieldState }) => (
        <Toggle
          label={field.label}
          description={field.help ?? undefined}
          required={field.required}
          checked={input.value === true}
          disabled={disabled}
          onChange={(event) => {
            input.onChange(event.currentTarget.checked);
            if (field.refresh_on_change) onRefreshField?.(field.key, event.currentTarget.checked);
          }}
          onBlur={input.onBlur}
          ref={input.ref}
          error={fieldState.error?.message}
          style={{ alignSelf: "end" }}
        />
      )}
    />
  );
};

const TextField = ({ field, control, onRefreshField, disabled }: FieldProps) => {
  const prefix = usePhonePrefix(field.kind === "phone" ? field.country_iso : null);
  const inputProps =
    field.kind === "email"
      ? { type: "email", autoComplete: "email" }
      : field.kind === "phone"
        ? { type: "tel", autoComplete: "tel" }
        : field.kind === "number"
          ? { inputMode: "numeric" as const }
          : field.kind === "date"
            ? { type: "date" }
            : {};
  return (
    <Controller
      control={control}
      name={field.key}
      render={({ field: input, fieldState }) => (
        <TextInput
          label={field.label}
          description={field.help ?? undefined}
          placeholder={field.example ?? (field.kind === "phone" ? `${prefix}…` : undefined)}
          required={field.required}
          withAsterisk={field.required}
          minLength={field.min_length ?? undefined}
          maxLength={field.max_length ?? undefined}
          disabled={disabled}
          {...inputProps}
          value={typeof input.value === "string" ? input.value : ""}
          onFocus={() => {
            // A phone number starts with its country's prefix, which the form needs.
            if (
              field.kind === "phone" &&
              prefix !== "+" &&
              (input.value === "" || input.value === undefined)
            ) {
              input.onChange(prefix);
            }
          }}
          onChange={(event) => input.onChange(event.currentTarget.value)}
          onBlur={(event) => {
            input.onBlur();
            if (field.kind === "phone" && event.currentTarget.value.trim() === prefix.trim()) {
              input.onChange("");
            }
            if (field.refresh_on_change) onRefreshField?.(field.key, event.currentTarget.value);
          }}
          ref={input.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
};

/**
 * Every field of a dynamic form (spec §3 field kinds: text, email, select, phone, number, date,
 * autocomplete, switch, checkbox) drawn with Mantine and bound to react-hook-form by its key.
 * Validate the form with `formResolver(dynamicFormSchema(form))`: the same rules the API applies.
 */
export const DynamicFormFields = ({
  form,
  control,
  onRefreshField,
  disabled = false,
}: DynamicFormFieldsProps) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
    {form.fields.map((field) => (
      <DynamicField
        key={`${form.key}:${field.key}`}
        field={field}
        control={control}
        onRefreshField={onRefreshField}
        disabled={disabled}
      />
    ))}
  </SimpleGrid>
);
