import { Button, Checkbox, Group, SimpleGrid, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type BeneficialOwner, OWNER_ROLES, ownerRequest } from "@vela/shared/kyb";
import { useController, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/shared/api/notify";
import { CountryField } from "@/shared/forms/country-field";
import { FormTextInput } from "@/shared/forms/form-inputs";
import { FormNativeSelect } from "@/shared/forms/form-native-select";
import { FormStack } from "@/shared/forms/form-stack";
import { NameFields } from "@/shared/forms/name-fields";
import { setServerFieldErrors } from "@/shared/forms/server-field-errors";
import { ResponsiveModal } from "@/shared/ui/responsive-modal";
import { addOwner, KYB_QUERY_KEY, updateOwner } from "../api/business-verification";
import { kybResolver } from "./kyb-resolver";

const FIELDS = [
  "first_name",
  "last_name",
  "date_of_birth",
  "nationality_country_id",
  "email",
  "role",
  "role_detail",
  "ownership_percent",
  "is_controlling",
] as const;

const formValues = (owner: BeneficialOwner | null) => ({
  first_name: owner?.first_name ?? "",
  last_name: owner?.last_name ?? "",
  date_of_birth: owner?.date_of_birth ?? "",
  nationality_country_id: owner?.nationality_country_id ?? null,
  email: owner?.email ?? "",
  role: owner?.role ?? "shareholder",
  role_detail: owner?.role_detail ?? "",
  ownership_percent: owner?.ownership_percent ?? "",
  is_controlling: owner?.is_controlling ?? false,
});

const ControllingField = () => {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name: "is_controlling" });
  return (
    <Checkbox
      label={t("kyb.owners.form.controlling")}
      checked={field.value === true}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      error={fieldState.error?.message}
    />
  );
};

type OwnerFormModalProps = {
  opened: boolean;
  /** The person to edit, or null to add one. */
  owner: BeneficialOwner | null;
  onClose: () => void;
};

/** Adds or edits a beneficial owner or the controlling person (the contract's `ownerRequest`). */
export const OwnerFormModal = ({ opened, owner, onClose }: OwnerFormModalProps) => {
  const { t } = useTranslation();
  return (
    <ResponsiveModal
      opened={opened}
      onClose={onClose}
      title={owner ? t("kyb.owners.form.editTitle") : t("kyb.owners.form.addTitle")}
      size="lg"
    >
      {opened ? <OwnerForm key={owner?.id ?? "new"} owner={owner} onDone={onClose} /> : null}
    </ResponsiveModal>
  );
};

const OwnerForm = ({ owner, onDone }: { owner: BeneficialOwner | null; onDone: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const methods = useForm({
    resolver: kybResolver(ownerRequest),
    defaultValues: formValues(owner) as never,
  });
  const role = useWatch({ control: methods.control, name: "role" });
  const locked = owner?.identity_locked ?? false;
  const save = useMutation({
    mutationFn: (body: Parameters<typeof addOwner>[0]) =>
      owner ? updateOwner({ id: owner.id, body }) : addOwner(body),
    onSuccess: async () => {
      notifySuccess(owner ? t("kyb.owners.form.saved") : t("kyb.owners.form.added"));
      await queryClient.invalidateQueries({ queryKey: KYB_QUERY_KEY });
      onDone();
    },
    onError: (error) => setServerFieldErrors(error, FIELDS, methods.setError),
  });
  return (
    <FormStack
      methods={methods}
      onSubmit={methods.handleSubmit((values) => save.mutate(values))}
      aria-label={t("kyb.owners.form.formLabel")}
    >
      {locked ? (
        <Text size="sm" c="dimmed">
          {t("kyb.owners.form.locked")}
        </Text>
      ) : null}
      <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0 }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NameFields />
          <FormTextInput name="date_of_birth" label={t("kyb.owners.form.dateOfBirth")} type="date" required />
          <CountryField name="nationality_country_id" label={t("kyb.owners.form.nationality")} />
        </SimpleGrid>
      </fieldset>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput name="email" label={t("kyb.owners.form.email")} type="email" required />
        <FormNativeSelect
          name="role"
          label={t("kyb.owners.form.role")}
          required
          data={OWNER_ROLES.map((value) => ({ value, label: t(`kyb.owners.roles.${value}`) }))}
        />
        {role === "other" ? (
          <FormTextInput name="role_detail" label={t("kyb.owners.form.roleDetail")} />
        ) : null}
        <FormTextInput
          name="ownership_percent"
          label={t("kyb.owners.form.ownership")}
          description={t("kyb.owners.form.ownershipHint")}
          inputMode="decimal"
        />
      </SimpleGrid>
      <ControllingField />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t("kyb.owners.form.cancel")}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t("kyb.owners.form.save")}
        </Button>
      </Group>
    </FormStack>
  );
};
