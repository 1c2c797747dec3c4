import { Button, Group, SimpleGrid } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type personalData, personalDataRequest } from "@vela/shared/verification";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { notifySuccess } from "@/shared/api/notify";
import { CountryField } from "@/shared/forms/country-field";
import { FormTextInput } from "@/shared/forms/form-inputs";
import { formResolver } from "@/shared/forms/form-resolver";
import { FormStack } from "@/shared/forms/form-stack";
import { NameFields } from "@/shared/forms/name-fields";
import { setServerFieldErrors } from "@/shared/forms/server-field-errors";
import { PERSONAL_DATA_QUERY_KEY, savePersonalData } from "../api/personal-data";

type Saved = z.output<typeof personalData>;

const FIELDS = [
  "first_name",
  "last_name",
  "date_of_birth",
  "nationality_country_id",
  "document_number",
  "address",
  "city",
  "postal_code",
] as const;

const formValues = (saved: Saved | null) => ({
  first_name: saved?.first_name ?? "",
  last_name: saved?.last_name ?? "",
  date_of_birth: saved?.date_of_birth ?? "",
  nationality_country_id: saved?.nationality_country_id ?? null,
  // The API answers the saved number masked ("•••• 678Z"): it is typed again to save a change.
  document_number: "",
  address: saved?.address ?? "",
  city: saved?.city ?? "",
  postal_code: saved?.postal_code ?? "",
  document_id: saved?.document_id,
});

/**
 * The personal details the enhanced level checks the proof of address against (the contract's
 * `personalDataRequest`); the API's field errors go on their fields.
 */
export const PersonalDataForm = ({ saved }: { saved: Saved | null }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const methods = useForm({
    resolver: formResolver(personalDataRequest),
    defaultValues: formValues(saved),
  });
  const save = useMutation({
    mutationFn: savePersonalData,
    onSuccess: (data) => {
      queryClient.setQueryData(PERSONAL_DATA_QUERY_KEY, data);
      methods.reset(formValues(data));
      notifySuccess(t("verification.personal.saved"));
    },
    onError: (error) => setServerFieldErrors(error, FIELDS, methods.setError),
  });

  return (
    <FormStack
      methods={methods}
      onSubmit={methods.handleSubmit((values) => save.mutate(values))}
      aria-label={t("verification.personal.formLabel")}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NameFields />
        <FormTextInput
          name="date_of_birth"
          label={t("verification.personal.dateOfBirth")}
          type="date"
          autoComplete="bday"
          required
        />
        <CountryField name="nationality_country_id" label={t("verification.personal.nationality")} />
        <FormTextInput
          name="document_number"
          label={t("verification.personal.documentNumber")}
          description={
            saved ? t("verification.personal.documentSaved", { number: saved.document_number }) : undefined
          }
          autoComplete="off"
          required
        />
        <FormTextInput
          name="address"
          label={t("verification.personal.address")}
          autoComplete="street-address"
          required
        />
        <FormTextInput
          name="city"
          label={t("verification.personal.city")}
          autoComplete="address-level2"
          required
        />
        <FormTextInput
          name="postal_code"
          label={t("verification.personal.postalCode")}
          autoComplete="postal-code"
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          {t("verification.personal.save")}
        </Button>
      </Group>
    </FormStack>
  );
};
