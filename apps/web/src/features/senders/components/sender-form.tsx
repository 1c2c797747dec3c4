import { Button, Group, SimpleGrid, Stack, TextInput, type TextInputProps, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type ConsignmentSenderForm, consignmentSenderRequest, type Sender } from "@vela/shared/senders";
import { useState } from "react";
import { FormProvider, useForm, useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notifyApiError, notifySuccess } from "@/shared/api/notify";
import { CountryField } from "@/shared/forms/country-field";
import { formResolver } from "@/shared/forms/form-resolver";
import { idValue } from "@/shared/forms/id-value";
import { NameFields } from "@/shared/forms/name-fields";
import { PhoneNumberFields } from "@/shared/forms/phone-number-fields";
import { setServerFieldErrors } from "@/shared/forms/server-field-errors";
import { createSender } from "../api/create-sender";
import { SENDERS_QUERY_KEY } from "../api/get-senders";
import { updateSender } from "../api/update-sender";
import { SenderDocumentFields } from "./sender-document-fields";

const FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone_prefix",
  "phone_number",
  "country_id",
  "state_id",
  "city",
  "address",
  "postal_code",
  "date_of_birth",
  "occupation",
  "document_type_id",
  "document_number",
  "document_country_id",
  "document_expires_on",
] as const;

/** The form holds text and ids as the inputs give them; the contract's schema reads them. */
const formValues = (sender: Sender | null): ConsignmentSenderForm => ({
  first_name: sender?.first_name ?? "",
  last_name: sender?.last_name ?? "",
  email: sender?.email ?? "",
  phone_prefix: sender?.phone_prefix ?? "",
  phone_number: sender?.phone_number ?? "",
  country_id: sender?.country_id ?? null,
  city: sender?.city ?? "",
  address: sender?.address ?? "",
  postal_code: sender?.postal_code ?? "",
  date_of_birth: sender?.date_of_birth ?? "",
  occupation: sender?.occupation ?? "",
  document_type_id: sender?.document_type_id ?? null,
  document_number: sender?.document_number ?? "",
  document_country_id: sender?.document_country_id ?? sender?.country_id ?? null,
  document_expires_on: sender?.document_expires_on ?? "",
});

/** One of the form's text fields, registered under its name and showing the form's error for it. */
const SenderTextInput = ({
  name,
  ...inputProps
}: { name: keyof ConsignmentSenderForm } & Omit<TextInputProps, "name" | "error">) => {
  const {
    register,
    formState: { errors },
  } = useFormContext<ConsignmentSenderForm>();
  return <TextInput error={errors[name]?.message} {...inputProps} {...register(name)} />;
};

type SenderFormProps = {
  /** The sender to edit; null to add one. */
  sender: Sender | null;
  onSaved: (sender: Sender) => void;
  onCancel: () => void;
};

/**
 * A sender's details with the identity document the agent checked: the consignments form, validated
 * with the shared contract's schema (the API checks age, expiry and the document's format again).
 */
export const SenderForm = ({ sender, onSaved, onCancel }: SenderFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [prefixIso2, setPrefixIso2] = useState<string | null>(null);
  const methods = useForm({
    resolver: formResolver(consignmentSenderRequest),
    defaultValues: formValues(sender),
  });
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { isSubmitting },
  } = methods;
  const documentCountryId = idValue(useWatch({ control, name: "document_country_id" }));

  const submit = handleSubmit(async (values) => {
    try {
      const saved = sender ? await updateSender(sender.id, values) : await createSender(values);
      await queryClient.invalidateQueries({ queryKey: SENDERS_QUERY_KEY });
      notifySuccess(t("senders.saved"));
      onSaved(saved);
    } catch (error) {
      notifyApiError(error);
      setServerFieldErrors(error, FIELDS, setError);
    }
  });

  return (
    <FormProvider {...methods}>
      <form onSubmit={submit} noValidate aria-label={sender ? t("senders.editTitle") : t("senders.newTitle")}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NameFields />
            <SenderTextInput name="email" label={t("senders.fields.email")} type="email" autoComplete="off" />
            <PhoneNumberFields
              numberLabel={t("senders.fields.phone")}
              prefixIso2={prefixIso2}
              onPrefixIso2Change={setPrefixIso2}
              required={false}
            />
            <SenderTextInput
              name="date_of_birth"
              label={t("senders.fields.dateOfBirth")}
              type="date"
              required
            />
            <SenderTextInput name="occupation" label={t("senders.fields.occupation")} />
          </SimpleGrid>
          <Title order={3} size="h5">
            {t("senders.addressTitle")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CountryField
              onCountryChange={(country) => {
                // The document is most often issued where the sender lives.
                if (country && documentCountryId === null) setValue("document_country_id", country.id);
              }}
            />
            <SenderTextInput name="city" label={t("senders.fields.city")} required />
            <SenderTextInput name="address" label={t("senders.fields.address")} required />
            <SenderTextInput name="postal_code" label={t("senders.fields.postalCode")} />
          </SimpleGrid>
          <Title order={3} size="h5">
            {t("senders.documentTitle")}
          </Title>
          <SenderDocumentFields required />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t("senders.cancel")}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t("senders.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
};
