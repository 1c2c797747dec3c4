import { Alert, Button, Group, SegmentedControl, Select, Skeleton, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconArrowLeft, IconArrowRight, IconInfoCircle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { DynamicForm, FormValues } from "@vela/shared/dynamic-form";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notifyApiError, notifySuccess } from "@/shared/api/notify";
import { DynamicFormFields } from "@/shared/forms/dynamic-form-fields";
import {
  dynamicFormResolver,
  dynamicFormValues,
  setDynamicFormErrors,
} from "@/shared/forms/dynamic-form-resolver";
import { ResponsiveModal } from "@/shared/ui/responsive-modal";
import { useRecipientByEmail } from "../api/find-recipient-by-email";
import {
  useDeliveryMethods,
  useDestinationCountries,
  useDestinationCurrencies,
} from "../api/get-receiving-options";
import { type RecipientFormRequest, useRecipientForm } from "../api/get-recipient-form";
import { RECIPIENTS_QUERY_KEY } from "../api/get-recipients";
import { saveRecipient } from "../api/mutate-recipient";
import type {
  Recipient,
  RecipientCorridor,
  RecipientTarget,
  RecipientType,
  WithdrawTarget,
} from "../api/types";

/** The quotation a recipient is added for: its corridor is fixed, only the type is asked. */
export type QuotationPreset = { quotationId: number; corridor: RecipientCorridor };

/**
 * The account a wallet withdrawal pays into (spec §7 withdraw form: currency_to_id and
 * withdrawal_method_id): the currency and payout method are fixed, only the type is asked.
 */
export type WithdrawPreset = { withdraw: WithdrawTarget };

export type RecipientFormPreset = QuotationPreset | WithdrawPreset;

const isWithdrawPreset = (preset: RecipientFormPreset | undefined): preset is WithdrawPreset =>
  preset !== undefined && "withdraw" in preset;

type RecipientFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The recipient being edited; null adds a new one. */
  recipient: Recipient | null;
  preset?: RecipientFormPreset;
  onSaved?: (recipient: Recipient) => void;
  /** Opens a saved recipient the e-mail lookup found. */
  onShowRecipient?: (recipient: Recipient) => void;
};

type Where = {
  type: RecipientType;
  country_to_id: number | null;
  currency_to_id: number | null;
  shipping_method_id: number | null;
};

const whereOf = (recipient: Recipient | null, preset: QuotationPreset | undefined): Where => {
  if (preset) return { type: recipient?.type ?? "customer", ...preset.corridor };
  if (recipient) {
    return {
      type: recipient.type,
      country_to_id: recipient.country_id,
      currency_to_id: recipient.currency_id,
      shipping_method_id: recipient.shipping_method_id,
    };
  }
  return { type: "customer", country_to_id: null, currency_to_id: null, shipping_method_id: null };
};

const completeCorridor = (where: Where): RecipientCorridor | null =>
  where.country_to_id !== null && where.currency_to_id !== null && where.shipping_method_id !== null
    ? {
        country_to_id: where.country_to_id,
        currency_to_id: where.currency_to_id,
        shipping_method_id: where.shipping_method_id,
      }
    : null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const TypeControl = ({
  value,
  onChange,
}: {
  value: RecipientType;
  onChange: (type: RecipientType) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="recipient-type-label">
        {t("recipients.fields.type")}
      </Text>
      <SegmentedControl
        aria-labelledby="recipient-type-label"
        fullWidth
        value={value}
        onChange={(next) => onChange(next as RecipientType)}
        data={[
          { value: "customer", label: t("recipients.types.customer") },
          { value: "business", label: t("recipients.types.business") },
        ]}
      />
    </Stack>
  );
};

/** Step one: who receives, where, in what currency and how (the dynamic form's parameters). */
const WhereStage = ({
  where,
  onChange,
  onContinue,
}: {
  where: Where;
  onChange: (where: Where) => void;
  onContinue: () => void;
}) => {
  const { t } = useTranslation();
  const countries = useDestinationCountries();
  const currencies = useDestinationCurrencies(where.country_to_id);
  const methods = useDeliveryMethods(where.country_to_id, where.currency_to_id);
  // A list that arrives picks its first item when nothing (or something it lacks) is chosen.
  useEffect(() => {
    const ids = currencies.data?.map((currency) => currency.id);
    if (
      ids &&
      (where.currency_to_id === null || !ids.includes(where.currency_to_id)) &&
      ids[0] !== undefined
    ) {
      onChange({ ...where, currency_to_id: ids[0], shipping_method_id: null });
    }
  }, [currencies.data, where, onChange]);
  useEffect(() => {
    const ids = methods.data?.map((method) => method.id);
    if (ids && where.shipping_method_id !== null && !ids.includes(where.shipping_method_id)) {
      onChange({ ...where, shipping_method_id: null });
    }
  }, [methods.data, where, onChange]);

  return (
    <Stack gap="md">
      <TypeControl value={where.type} onChange={(type) => onChange({ ...where, type })} />
      <Select
        label={t("recipients.fields.country")}
        placeholder={t("dynamicForm.choose")}
        required
        searchable
        data={(countries.data ?? []).map((country) => ({ value: String(country.id), label: country.name }))}
        disabled={!countries.data}
        value={where.country_to_id === null ? null : String(where.country_to_id)}
        onChange={(value) =>
          onChange({
            ...where,
            country_to_id: value ? Number(value) : null,
            currency_to_id: null,
            shipping_method_id: null,
          })
        }
        nothingFoundMessage={t("dynamicForm.nothingFound")}
      />
      <Group grow align="flex-start" wrap="wrap" gap="md">
        <Select
          label={t("recipients.fields.currency")}
          placeholder={t("dynamicForm.choose")}
          required
          miw={160}
          data={(currencies.data ?? []).map((currency) => ({
            value: String(currency.id),
            label: `${currency.iso} · ${currency.name}`,
          }))}
          disabled={!currencies.data}
          value={where.currency_to_id === null ? null : String(where.currency_to_id)}
          onChange={(value) =>
            onChange({ ...where, currency_to_id: value ? Number(value) : null, shipping_method_id: null })
          }
        />
        <Select
          label={t("recipients.fields.deliveryMethod")}
          placeholder={t("dynamicForm.choose")}
          required
          miw={160}
          data={(methods.data ?? []).map((method) => ({ value: String(method.id), label: method.name }))}
          disabled={!methods.data?.length}
          value={where.shipping_method_id === null ? null : String(where.shipping_method_id)}
          onChange={(value) => onChange({ ...where, shipping_method_id: value ? Number(value) : null })}
        />
      </Group>
      {methods.data && methods.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("recipients.form.noMethods")}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button
          onClick={onContinue}
          disabled={completeCorridor(where) === null}
          rightSection={<IconArrowRight size={18} aria-hidden />}
        >
          {t("recipients.form.continue")}
        </Button>
      </Group>
    </Stack>
  );
};

/** The e-mail lookup (spec §7, §8): a recipient already saved with the typed e-mail is pointed out. */
const DuplicateEmailNotice = ({
  email,
  editingId,
  onShowRecipient,
}: {
  email: string | null;
  editingId: number | null;
  onShowRecipient?: (recipient: Recipient) => void;
}) => {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(email && EMAIL.test(email.trim()) ? email.trim() : null, 500);
  const found = useRecipientByEmail(debounced);
  const existing = found.data && found.data.id !== editingId ? found.data : null;
  if (!existing) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t("recipients.form.emailTaken", { name: existing.name })}</Text>
        {onShowRecipient ? (
          <Button size="xs" variant="subtle" onClick={() => onShowRecipient(existing)}>
            {t("recipients.actions.view")}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
};

/** Step two: the dynamic form's fields, validated like the API validates them, and the save. */
const FieldsStage = ({
  form,
  refreshing,
  recipient,
  target,
  onRefreshField,
  onBack,
  onSaved,
  onShowRecipient,
}: {
  form: DynamicForm;
  refreshing: boolean;
  recipient: Recipient | null;
  /** Where the recipient goes: the save body's keys beside the form's values. */
  target: RecipientTarget;
  onRefreshField: (key: string, value: string | boolean) => void;
  onBack?: () => void;
  onSaved: (recipient: Recipient) => void;
  onShowRecipient?: (recipient: Recipient) => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The resolver reads the form of the moment: a refreshed form validates its own fields.
  const formRef = useRef(form);
  formRef.current = form;
  const resolver = useMemo(
    () =>
      ((values, context, options) =>
        dynamicFormResolver(formRef.current)(values, context, options)) as ReturnType<
        typeof dynamicFormResolver
      >,
    [],
  );
  const { control, handleSubmit, reset, getValues, setError, formState } = useForm<FormValues>({
    resolver,
    defaultValues: dynamicFormValues(form, recipient?.details),
  });
  // A refreshed form keeps what was typed in the fields it still has.
  const fieldKeys = form.fields.map((field) => field.key).join(",");
  const shownKeys = useRef(fieldKeys);
  useEffect(() => {
    if (shownKeys.current === fieldKeys) return;
    shownKeys.current = fieldKeys;
    reset(dynamicFormValues(formRef.current, getValues()));
  }, [fieldKeys, reset, getValues]);

  // A withdrawal account is the user's own: it is saved as an account, not as a recipient.
  const isWithdrawalAccount = "withdrawal_method_id" in target;
  const emailKey = form.fields.find((field) => field.kind === "email")?.key ?? "__none__";
  const email = useWatch({ control, name: emailKey });

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await saveRecipient({ ...target, ...values }, recipient?.id ?? null);
      // Spec §8: a saved recipient is announced with the server's message.
      notifySuccess(
        answer.message ?? t(isWithdrawalAccount ? "recipients.form.accountSaved" : "recipients.form.saved"),
      );
      await queryClient.invalidateQueries({ queryKey: RECIPIENTS_QUERY_KEY });
      onSaved(answer.data);
    } catch (error) {
      setDynamicFormErrors(form, error, setError);
      notifyApiError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={form.title}>
      <Stack gap="md">
        <Text fw={650}>{form.title}</Text>
        {recipient ? null : (
          <DuplicateEmailNotice
            email={typeof email === "string" ? email : null}
            editingId={null}
            onShowRecipient={onShowRecipient}
          />
        )}
        <div aria-busy={refreshing}>
          <DynamicFormFields form={form} control={control} onRefreshField={onRefreshField} />
        </div>
        <Group justify={onBack ? "space-between" : "flex-end"} gap="sm">
          {onBack ? (
            <Button variant="default" onClick={onBack} leftSection={<IconArrowLeft size={18} aria-hidden />}>
              {t("recipients.form.back")}
            </Button>
          ) : null}
          <Button type="submit" loading={formState.isSubmitting} disabled={refreshing}>
            {recipient
              ? t("recipients.form.saveChanges")
              : t(isWithdrawalAccount ? "recipients.form.saveAccount" : "recipients.form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const FormSkeleton = () => {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t("common.loading")}>
      <Skeleton height={18} width={200} radius="sm" />
      {[0, 1, 2, 3].map((index) => (
        <Stack key={index} gap={6}>
          <Skeleton height={14} width={120} radius="sm" />
          <Skeleton height={38} radius="md" />
        </Stack>
      ))}
    </Stack>
  );
};

/**
 * The recipients form modal (spec §2, shown or hidden): first who receives and where (type,
 * destination, currency, delivery method), then the fields the API's dynamic form asks for
 * there. A failed form load closes the modal without a message (spec §8).
 */
export const RecipientFormModal = (props: RecipientFormModalProps) => {
  const { t } = useTranslation();
  const title = props.recipient
    ? t("recipients.form.editTitle")
    : isWithdrawPreset(props.preset)
      ? t("recipients.form.withdrawTitle")
      : t("recipients.form.newTitle");
  return (
    <ResponsiveModal opened={props.opened} onClose={props.onClose} title={title} size="lg">
      {props.opened ? <RecipientFormBody {...props} /> : null}
    </ResponsiveModal>
  );
};

const RecipientFormBody = (props: RecipientFormModalProps) =>
  isWithdrawPreset(props.preset) ? (
    <WithdrawFormBody {...props} withdraw={props.preset.withdraw} />
  ) : (
    <CorridorFormBody {...props} preset={props.preset} />
  );

/** A withdrawal account: the type, then the withdraw form's fields for the currency and method. */
const WithdrawFormBody = ({
  onClose,
  recipient,
  withdraw,
  onSaved,
}: RecipientFormModalProps & { withdraw: WithdrawTarget }) => {
  const [type, setType] = useState<RecipientType>(recipient?.type ?? "customer");
  const [refresh, setRefresh] = useState<Record<string, string | boolean>>({});
  const form = useRecipientForm({ type, withdraw, refresh });
  // Spec §8: the loading flag goes and the modal closes, without a message.
  const failed = form.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  return (
    <Stack gap="md">
      <TypeControl
        value={type}
        onChange={(next) => {
          setRefresh({});
          setType(next);
        }}
      />
      {form.data ? (
        <FieldsStage
          key={type}
          form={form.data}
          refreshing={form.isFetching}
          recipient={recipient}
          target={{ type, ...withdraw }}
          onRefreshField={(key, value) => setRefresh((current) => ({ ...current, [key]: value }))}
          onSaved={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
        />
      ) : (
        <FormSkeleton />
      )}
    </Stack>
  );
};

const CorridorFormBody = ({
  onClose,
  recipient,
  preset,
  onSaved,
  onShowRecipient,
}: RecipientFormModalProps & { preset: QuotationPreset | undefined }) => {
  const [where, setWhere] = useState<Where>(() => whereOf(recipient, preset));
  const corridor = completeCorridor(where);
  const [stage, setStage] = useState<"where" | "fields">(
    corridor && (preset || recipient) ? "fields" : "where",
  );
  const [refresh, setRefresh] = useState<Record<string, string | boolean>>({});

  const request: RecipientFormRequest | null =
    stage !== "fields" || !corridor
      ? null
      : preset
        ? { type: where.type, quotation_id: preset.quotationId, refresh }
        : { type: where.type, ...corridor, refresh };
  const form = useRecipientForm(request);

  // Spec §8: the loading flag goes and the modal closes, without a message.
  const failed = form.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  if (stage === "where" || !corridor) {
    return (
      <WhereStage
        where={where}
        onChange={setWhere}
        onContinue={() => {
          setRefresh({});
          setStage("fields");
        }}
      />
    );
  }
  return (
    <Stack gap="md">
      {preset ? (
        <TypeControl
          value={where.type}
          onChange={(type) => {
            setRefresh({});
            setWhere({ ...where, type });
          }}
        />
      ) : null}
      {form.data ? (
        <FieldsStage
          key={where.type}
          form={form.data}
          refreshing={form.isFetching}
          recipient={recipient}
          target={{
            type: where.type,
            ...corridor,
            ...(preset ? { quotation_id: preset.quotationId } : {}),
          }}
          onRefreshField={(key, value) => setRefresh((current) => ({ ...current, [key]: value }))}
          onBack={preset ? undefined : () => setStage("where")}
          onSaved={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
          onShowRecipient={onShowRecipient}
        />
      ) : (
        <FormSkeleton />
      )}
    </Stack>
  );
};
