import { Button, Card, Group, SimpleGrid, Stack, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type BusinessDetails, businessDetailsRequest, LEGAL_FORMS } from "@vela/shared/kyb";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/shared/api/notify";
import { CountryField } from "@/shared/forms/country-field";
import { FormTextInput } from "@/shared/forms/form-inputs";
import { FormNativeSelect } from "@/shared/forms/form-native-select";
import { FormStack } from "@/shared/forms/form-stack";
import { setServerFieldErrors } from "@/shared/forms/server-field-errors";
import { KYB_QUERY_KEY, saveDetails } from "../api/business-verification";
import { kybResolver } from "./kyb-resolver";

const FIELDS = [
  "legal_name",
  "registration_number",
  "country_id",
  "incorporation_date",
  "legal_form",
  "registered_address",
  "website",
  "nature_of_business",
] as const;

const formValues = (details: BusinessDetails) => ({
  legal_name: details.legal_name,
  registration_number: details.registration_number ?? "",
  country_id: details.country_id,
  incorporation_date: details.incorporation_date ?? "",
  legal_form: details.legal_form ?? "",
  registered_address: details.registered_address ?? "",
  website: details.website ?? "",
  nature_of_business: details.nature_of_business ?? "",
});

/** The business's registration details (the contract's `businessDetailsRequest`). */
export const DetailsForm = ({ details, disabled }: { details: BusinessDetails; disabled: boolean }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const methods = useForm({
    resolver: kybResolver(businessDetailsRequest),
    // The select starts empty ("choose"), which the schema refuses until a form is chosen.
    defaultValues: formValues(details) as never,
  });
  const save = useMutation({
    mutationFn: saveDetails,
    onSuccess: async () => {
      notifySuccess(t("kyb.details.saved"));
      await queryClient.invalidateQueries({ queryKey: KYB_QUERY_KEY });
    },
    onError: (error) => setServerFieldErrors(error, FIELDS, methods.setError),
  });
  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby="kyb-details-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="kyb-details-title">
          {t("kyb.details.title")}
        </Title>
        <FormStack
          methods={methods}
          onSubmit={methods.handleSubmit((values) => save.mutate(values))}
          aria-label={t("kyb.details.formLabel")}
        >
          <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <FormTextInput
                name="legal_name"
                label={t("kyb.details.legalName")}
                description={t("kyb.details.legalNameHint")}
                autoComplete="organization"
                required
              />
              <FormTextInput
                name="registration_number"
                label={t("kyb.details.registrationNumber")}
                autoComplete="off"
                required
              />
              <CountryField name="country_id" label={t("kyb.details.country")} />
              <FormTextInput
                name="incorporation_date"
                label={t("kyb.details.incorporationDate")}
                type="date"
                required
              />
              <FormNativeSelect
                name="legal_form"
                label={t("kyb.details.legalForm")}
                required
                data={[
                  { value: "", label: t("kyb.details.chooseLegalForm") },
                  ...LEGAL_FORMS.map((form) => ({ value: form, label: t(`kyb.details.legalForms.${form}`) })),
                ]}
                error={methods.formState.errors.legal_form?.message}
              />
              <FormTextInput
                name="registered_address"
                label={t("kyb.details.registeredAddress")}
                autoComplete="street-address"
                required
              />
              <FormTextInput name="website" label={t("kyb.details.website")} type="url" autoComplete="url" />
              <FormTextInput name="nature_of_business" label={t("kyb.details.natureOfBusiness")} required />
            </SimpleGrid>
          </fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={disabled}>
              {t("kyb.details.save")}
            </Button>
          </Group>
        </FormStack>
      </Stack>
    </Card>
  );
};
