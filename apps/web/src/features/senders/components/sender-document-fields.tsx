import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CountryField } from "@/shared/forms/country-field";
import { idValue } from "@/shared/forms/id-value";
import { useDocuments } from "../api/get-documents";

/** The identity document's fields, as both sender forms hold them (ids and text as the inputs give them). */
type DocumentValues = {
  document_type_id?: unknown;
  document_number?: unknown;
  document_country_id?: unknown;
  document_expires_on?: unknown;
};

/**
 * A sender's identity document: the issuing country, a document type of that country's list
 * (`/documents`), its number (with the type's example) and expiry. Inside the form's FormProvider.
 */
export const SenderDocumentFields = ({ required }: { required: boolean }) => {
  const { t } = useTranslation();
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<DocumentValues>();
  const documentCountryId = idValue(useWatch({ control, name: "document_country_id" }));
  const documentTypeId = idValue(useWatch({ control, name: "document_type_id" }));
  const documents = useDocuments(documentCountryId);
  const selectedDocument = documents.data?.find((document) => document.id === documentTypeId);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <CountryField
        name="document_country_id"
        label={t("senders.fields.documentCountry")}
        // Another country's list may not hold the chosen document.
        onCountryChange={() => setValue("document_type_id", null)}
        required={required}
      />
      <Controller
        control={control}
        name="document_type_id"
        render={({ field }) => (
          <Select
            label={t("senders.fields.documentType")}
            placeholder={
              documentCountryId === null ? t("senders.chooseDocumentCountry") : t("senders.chooseDocument")
            }
            required={required}
            disabled={documentCountryId === null || !documents.data}
            data={(documents.data ?? []).map((document) => ({
              value: String(document.id),
              label: document.name,
            }))}
            value={idValue(field.value) === null ? null : String(field.value)}
            onChange={(value) => field.onChange(value ? Number(value) : null)}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.document_type_id?.message}
            allowDeselect={!required}
          />
        )}
      />
      <TextInput
        label={t("senders.fields.documentNumber")}
        required={required}
        placeholder={selectedDocument?.example ?? undefined}
        description={
          selectedDocument?.example
            ? t("senders.documentExample", { example: selectedDocument.example })
            : undefined
        }
        error={errors.document_number?.message}
        {...register("document_number")}
      />
      <TextInput
        label={t("senders.fields.documentExpiresOn")}
        type="date"
        required={required}
        error={errors.document_expires_on?.message}
        {...register("document_expires_on")}
      />
    </SimpleGrid>
  );
};
