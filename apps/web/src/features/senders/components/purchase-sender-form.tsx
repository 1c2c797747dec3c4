import { Button, Collapse, Group, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import {
  type BasicSenderForm,
  basicSenderRequest,
  SENDER_DOCUMENT_FIELDS,
  type Sender,
} from "@vela/shared/senders";
import { useId, useMemo, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notifyApiError, notifySuccess } from "@/shared/api/notify";
import { formResolver } from "@/shared/forms/form-resolver";
import { NameFields } from "@/shared/forms/name-fields";
import { PhoneNumberFields } from "@/shared/forms/phone-number-fields";
import { setServerFieldErrors } from "@/shared/forms/server-field-errors";
import { SENDERS_QUERY_KEY } from "../api/get-senders";
import {
  createPurchaseSender,
  type PurchaseSenderService,
  updatePurchaseSender,
} from "../api/purchase-senders";
import { SenderDocumentFields } from "./sender-document-fields";

const FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone_prefix",
  "phone_number",
  ...SENDER_DOCUMENT_FIELDS,
] as const;

const formValues = (sender: Sender | null): BasicSenderForm => ({
  first_name: sender?.first_name ?? "",
  last_name: sender?.last_name ?? "",
  email: sender?.email ?? "",
  phone_prefix: sender?.phone_prefix ?? "",
  phone_number: sender?.phone_number ?? "",
  document_type_id: sender?.document_type_id ?? null,
  document_number: sender?.document_number ?? "",
  document_country_id: sender?.document_country_id ?? sender?.country_id ?? null,
  document_expires_on: sender?.document_expires_on ?? "",
});

/** The API's own words when the document is missing a part (translated by the form resolver). */
const INCOMPLETE = "Complete the identity document.";

type PurchaseSenderFormProps = {
  service: PurchaseSenderService;
  /** The sender to edit; null to add one. */
  sender: Sender | null;
  /** The API asked for the customer's identity document: the section is open and its fields required. */
  documentRequired?: boolean;
  onSaved: (sender: Sender) => void;
  onCancel: () => void;
};

/**
 * A purchase's sender (top-ups, gift cards, bills): a name and an e-mail or phone, and the customer's
 * identity document in a collapsed section, optional until the day's amount asks for it (issue 20).
 */
export const PurchaseSenderForm = ({
  service,
  sender,
  documentRequired = false,
  onSaved,
  onCancel,
}: PurchaseSenderFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sectionId = useId();
  const [prefixIso2, setPrefixIso2] = useState<string | null>(null);
  const [documentOpen, setDocumentOpen] = useState(documentRequired || !!sender?.document_number);
  const schema = useMemo(
    () =>
      documentRequired
        ? basicSenderRequest.superRefine((value, context) => {
            for (const field of SENDER_DOCUMENT_FIELDS) {
              if (value[field] === undefined)
                context.addIssue({ code: "custom", path: [field], message: INCOMPLETE });
            }
          })
        : basicSenderRequest,
    [documentRequired],
  );
  const methods = useForm({ resolver: formResolver(schema), defaultValues: formValues(sender) });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = methods;
  const documentHasError = SENDER_DOCUMENT_FIELDS.some((field) => errors[field]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = sender
        ? await updatePurchaseSender(service, sender.id, values)
        : await createPurchaseSender(service, values);
      await queryClient.invalidateQueries({ queryKey: SENDERS_QUERY_KEY });
      notifySuccess(t("senders.saved"));
      onSaved(saved);
    } catch (error) {
      notifyApiError(error);
      setServerFieldErrors(error, FIELDS, setError);
      if (SENDER_DOCUMENT_FIELDS.some((field) => field in ((error as { errors?: object }).errors ?? {})))
        setDocumentOpen(true);
    }
  });

  return (
    <FormProvider {...methods}>
      <form
        onSubmit={(event) => {
          // A closed section with a mistake in it is opened so the message can be seen.
          void submit(event).then(() => {
            if (SENDER_DOCUMENT_FIELDS.some((field) => methods.getFieldState(field).error))
              setDocumentOpen(true);
          });
        }}
        noValidate
        aria-label={sender ? t("senders.editTitle") : t("senders.newTitle")}
      >
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NameFields />
            <TextInput
              label={t("senders.fields.email")}
              type="email"
              autoComplete="off"
              error={errors.email?.message}
              {...register("email")}
            />
            <PhoneNumberFields
              numberLabel={t("senders.fields.phone")}
              prefixIso2={prefixIso2}
              onPrefixIso2Change={setPrefixIso2}
              required={false}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <UnstyledButton
              onClick={() => setDocumentOpen((open) => !open)}
              aria-expanded={documentOpen}
              aria-controls={sectionId}
            >
              <Group gap="xs" wrap="nowrap">
                {documentOpen ? (
                  <IconChevronDown size={18} aria-hidden />
                ) : (
                  <IconChevronRight size={18} aria-hidden />
                )}
                <Text fw={600}>{t("senders.documentTitle")}</Text>
                <Text size="sm" c={documentRequired || documentHasError ? "red" : "dimmed"}>
                  {documentRequired ? t("senders.walkIn.required") : t("senders.walkIn.optional")}
                </Text>
              </Group>
            </UnstyledButton>
            <Collapse expanded={documentOpen} id={sectionId}>
              <Stack gap="sm" pt="xs">
                <Text size="sm" c="dimmed">
                  {documentRequired ? t("senders.walkIn.requiredText") : t("senders.walkIn.optionalText")}
                </Text>
                <SenderDocumentFields required={documentRequired} />
              </Stack>
            </Collapse>
          </Stack>
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
