import { Checkbox, Loader, Select, SimpleGrid, Switch, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import {
  type DynamicForm,
  type FormField,
  type FormFieldOption,
  type FormValues,
  phonePrefixOf,
} from "@vela/shared/dynamic-form";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { type Control, Controller, type ControllerRenderProps, type FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { api, type Query } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

type DynamicFormFieldsProps = {
  form: DynamicForm;
  control: Control<FormValues>;
  /** A field marked `refresh_on_change` changed: the host fetches the form again with this value. */
  onRefreshField?: (key: string, value: string | boolean) => void;
  disabled?: boolean;
};

/** How many options a select shows before it lets the person type to narrow them. */
const SEARCHABLE_FROM = 8;

type EndpointItem = { id: number | string; name: string };

/** An endpoint answers a list, or a page (`{ data: [...] }`) of `{ id, name }` items. */
const itemsOf = (answer: unknown): EndpointItem[] => {
  const list = Array.isArray(answer)
    ? answer
    : answer && typeof answer === "object" && Array.isArray((answer as { data?: unknown }).data)
      ? (answer as { data: unknown[] }).data
      : [];
  return list.filter(
    (item): item is EndpointItem =>
      typeof item === "object" &&
      item !== null &&
      (typeof (item as EndpointItem).id === "number" || typeof (item as EndpointItem).id === "string") &&
      typeof (item as EndpointItem).name === "string",
  );
};

/** "/banks?country_id=142" as the api client's path and query. */
const splitEndpoint = (endpoint: string): { path: string; query: Query } => {
  const [path = "", search = ""] = endpoint.split("?");
  return { path, query: Object.fromEntries(new URLSearchParams(search)) };
};

/** The options an endpoint lists, optionally narrowed by a search; each item's id is its value. */
export const fieldOptionsQueryOptions = (endpoint: string | null, search: string | null, language: string) =>
  queryOptions({
    queryKey: ["dynamic-form", "options", endpoint, search, language],
    queryFn: async ({ signal }): Promise<FormFieldOption[]> => {
      const { path, query } = splitEndpoint(endpoint ?? "");
      const answer = await api.get<unknown>(path, search === null ? query : { ...query, search }, signal);
      return itemsOf(answer).map((item) => ({ value: String(item.id), label: item.name }));
    },
    enabled: endpoint !== null,
    staleTime: 5 * 60 * 1000,
  });

const describe = (field: FormField) => field.help ?? undefined;
/**
 * The help text under the input, not between label and input: fields side by side keep their
 * inputs on one line whatever the length of their help.
 */
const INPUT_ORDER: ("label" | "input" | "description" | "error")[] = [
  "label",
  "input",
  "description",
  "error",
];
/** The example as the placeholder, marked as one so it never reads as a value already filled in. */
const usePlaceholder = (field: FormField) => {
  const { t } = useTranslation();
  return field.example ? t("dynamicForm.example", { example: field.example }) : undefined;
};

type FieldProps = {
  field: FormField;
  control: ControllerRenderProps<FormValues, string>;
  error: FieldError | undefined;
  disabled: boolean;
  /** Called with the new value when it should refresh the form (after a choice, or when text is left). */
  changed: (value: string | boolean) => void;
};

const textValue = (value: unknown) => (typeof value === "string" ? value : "");

/** What every text or select input of the form shares: label, help, example, state and binding. */
const useInputFrame = ({ field, control, error, disabled }: FieldProps) => ({
  label: field.label,
  description: describe(field),
  inputWrapperOrder: INPUT_ORDER,
  placeholder: usePlaceholder(field),
  required: field.required,
  disabled,
  name: control.name,
  ref: control.ref,
  error: error?.message,
});

const TextField = (props: FieldProps) => {
  const { field, control, changed } = props;
  return (
    <TextInput
      {...useInputFrame(props)}
      type={field.kind === "email" ? "email" : field.kind === "date" ? "date" : "text"}
      inputMode={field.kind === "number" ? "numeric" : field.kind === "email" ? "email" : undefined}
      autoComplete="off"
      maxLength={field.max_length ?? undefined}
      value={textValue(control.value)}
      onChange={(event) => control.onChange(event.currentTarget.value)}
      onBlur={(event) => {
        control.onBlur();
        changed(event.currentTarget.value);
      }}
    />
  );
};

/**
 * A phone number in the field's country: the prefix is shown, the person types the national
 * number, and the value is the E.164 form ("+639171234567") the contract validates. A number typed
 * with its own "+" is kept as typed.
 */
const PhoneField = (props: FieldProps) => {
  const { field, control, changed } = props;
  const frame = useInputFrame(props);
  const prefix = phonePrefixOf(field.country_iso);
  const value = textValue(control.value);
  const shown = prefix && value.startsWith(prefix) ? value.slice(prefix.length) : value;
  const toValue = (typed: string) => {
    const digits = typed.replace(/\D/g, "");
    if (typed.trim().startsWith("+")) return `+${digits}`;
    if (!digits) return "";
    return prefix ? `${prefix}${digits}` : `+${digits}`;
  };
  return (
    <TextInput
      {...frame}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      leftSection={
        prefix ? (
          <Text size="sm" fw={600} c="dimmed" data-testid={`${field.key}-prefix`}>
            {prefix}
          </Text>
        ) : undefined
      }
      leftSectionWidth={prefix ? 12 + prefix.length * 9 : undefined}
      leftSectionPointerEvents="none"
      value={shown}
      onChange={(event) => control.onChange(toValue(event.currentTarget.value))}
      onBlur={() => {
        control.onBlur();
        changed(value);
      }}
    />
  );
};

/** A select: the form's own options, or the endpoint's loaded once (all of them). */
const SelectField = (props: FieldProps) => {
  const { field, control, disabled, changed } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const frame = useInputFrame(props);
  const loaded = useQuery(
    fieldOptionsQueryOptions(field.options ? null : field.options_endpoint, null, language),
  );
  const data = field.options ?? loaded.data ?? [];
  return (
    <Select
      {...frame}
      placeholder={frame.placeholder ?? t("dynamicForm.choose")}
      disabled={disabled || (!field.options && !loaded.data)}
      searchable={data.length >= SEARCHABLE_FROM}
      nothingFoundMessage={t("dynamicForm.nothingFound")}
      allowDeselect={!field.required}
      data={data}
      value={textValue(control.value) || null}
      onChange={(value) => {
        control.onChange(value ?? "");
        changed(value ?? "");
      }}
      onBlur={control.onBlur}
      rightSection={loaded.isFetching ? <Loader size={14} aria-hidden /> : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
};

/**
 * An autocomplete over an endpoint: what the person types is sent as `search` (after a pause), so
 * long lists (banks, pickup locations) are never loaded whole. The chosen option is kept, so its
 * name stays on screen whatever the next search answers.
 */
const AutocompleteField = (props: FieldProps) => {
  const { field, control, changed } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const frame = useInputFrame(props);
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<FormFieldOption | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const fromEndpoint = !field.options && field.options_endpoint !== null;
  const loaded = useQuery({
    ...fieldOptionsQueryOptions(fromEndpoint ? field.options_endpoint : null, debounced, language),
    placeholderData: keepPreviousData,
  });
  const value = textValue(control.value);
  const data = useMemo(() => {
    const options = field.options ?? loaded.data ?? [];
    return chosen && chosen.value === value && !options.some((option) => option.value === chosen.value)
      ? [chosen, ...options]
      : options;
  }, [field.options, loaded.data, chosen, value]);
  return (
    <Select
      {...frame}
      placeholder={frame.placeholder ?? t("dynamicForm.search")}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The endpoint already narrowed the list by the search.
      filter={fromEndpoint ? ({ options }) => options : undefined}
      nothingFoundMessage={loaded.isFetching ? t("common.loading") : t("dynamicForm.nothingFound")}
      allowDeselect={!field.required}
      data={data}
      value={value || null}
      onChange={(next, option) => {
        setChosen(option ?? null);
        control.onChange(next ?? "");
        changed(next ?? "");
      }}
      onBlur={control.onBlur}
      rightSection={loaded.isFetching ? <Loader size={14} aria-hidden /> : undefined}
    />
  );
};

const ToggleField = ({ field, control, error, disabled, changed }: FieldProps) => {
  const props = {
    label: field.label,
    description: describe(field),
    required: field.required,
    disabled,
    name: control.name,
    ref: control.ref,
    checked: control.value === true,
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const checked = event.currentTarget.checked;
      control.onChange(checked);
      changed(checked);
    },
    onBlur: control.onBlur,
    error: error?.message,
  };
  return field.kind === "switch" ? <Switch {...props} /> : <Checkbox {...props} />;
};

const renderField = (props: FieldProps): ReactNode => {
  switch (props.field.kind) {
    case "phone":
      return <PhoneField {...props} />;
    case "select":
      return <SelectField {...props} />;
    case "autocomplete":
      return <AutocompleteField {...props} />;
    case "switch":
    case "checkbox":
      return <ToggleField {...props} />;
    default:
      return <TextField {...props} />;
  }
};

/** One field bound to the form; remembers the value it last asked a refresh for. */
const DynamicField = ({
  field,
  control,
  onRefreshField,
  disabled,
}: { field: FormField } & Omit<DynamicFormFieldsProps, "form">) => {
  const lastRefreshed = useRef<string | boolean | undefined>(undefined);
  return (
    <Controller
      control={control}
      name={field.key}
      render={({ field: bound, fieldState }) => {
        if (lastRefreshed.current === undefined) lastRefreshed.current = bound.value;
        const changed = (value: string | boolean) => {
          if (!field.refresh_on_change || !onRefreshField || value === lastRefreshed.current) return;
          lastRefreshed.current = value;
          onRefreshField(field.key, value);
        };
        return (
          <>
            {renderField({
              field,
              control: bound,
              error: fieldState.error,
              disabled: disabled ?? false,
              changed,
            })}
          </>
        );
      }}
    />
  );
};

/** Switches and checkboxes, and fields with a long help text, take the whole row. */
const isWide = (field: FormField) =>
  field.kind === "switch" || field.kind === "checkbox" || (field.help?.length ?? 0) > 80;

/**
 * The fields of a dynamic form (spec §3 field and input kinds), drawn with Mantine and bound to a
 * react-hook-form `control` whose resolver is `dynamicFormResolver(form)`: text, e-mail, number
 * and date inputs, selects with their own options or an endpoint's, autocompletes that search an
 * endpoint, a phone input with the country's prefix, switches and checkboxes. The example is the
 * placeholder, the help text the description. A field marked `refresh_on_change` calls
 * `onRefreshField` when its value changes (a choice, or text when it is left).
 */
export const DynamicFormFields = ({
  form,
  control,
  onRefreshField,
  disabled = false,
}: DynamicFormFieldsProps) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
    {form.fields.map((field) => (
      <div key={field.key} style={isWide(field) ? { gridColumn: "1 / -1" } : undefined}>
        <DynamicField field={field} control={control} onRefreshField={onRefreshField} disabled={disabled} />
      </div>
    ))}
  </SimpleGrid>
);
