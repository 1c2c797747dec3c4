import {
  ActionIcon,
  Button,
  Card,
  Collapse,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconChevronDown, IconSend, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import {
  MAX_INVITATIONS_PER_REQUEST,
  type SendLinkRequest,
  sendLinkRequest,
} from "@vela/shared/external-recipients";
import { useState } from "react";
import { type Control, Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { isApiError } from "@/shared/api/api-error";
import { notifyApiError, notifySuccess } from "@/shared/api/notify";
import { formResolver } from "@/shared/forms/form-resolver";
import { AddButton } from "@/shared/ui/add-button";
import { ResponsiveModal } from "@/shared/ui/responsive-modal";
import {
  useDeliveryMethods,
  useDestinationCountries,
  useDestinationCurrencies,
} from "../api/get-receiving-options";
import { RECIPIENTS_QUERY_KEY } from "../api/get-recipients";
import { sendInvitationLinks } from "../api/send-invitation-links";

/** What the form holds (ids may be left out) and what it hands over once the schema passes. */
type InviteFormValues = z.input<typeof sendLinkRequest>;
type InviteControl = Control<InviteFormValues, unknown, SendLinkRequest>;
type Person = InviteFormValues["recipients"][number];

const emptyPerson = (): Person => ({ name: "", email: "" });

const idValue = (value: unknown) => (typeof value === "number" ? String(value) : null);
const idOf = (value: string | null) => (value ? Number(value) : undefined);

/**
 * Where one person receives, if the owner already knows (optional): the destinations, currencies
 * and delivery methods the recipient form offers. Whatever is left empty the person chooses on the
 * link's page.
 */
const DestinationFields = ({
  control,
  index,
  setValue,
}: {
  control: InviteControl;
  index: number;
  setValue: (field: "currency_to_id" | "shipping_method_id", value: undefined) => void;
}) => {
  const { t } = useTranslation();
  const person = useWatch({ control, name: `recipients.${index}` });
  const countryId = typeof person?.country_to_id === "number" ? person.country_to_id : null;
  const currencyId = typeof person?.currency_to_id === "number" ? person.currency_to_id : null;
  const countries = useDestinationCountries();
  const currencies = useDestinationCurrencies(countryId);
  const methods = useDeliveryMethods(countryId, currencyId);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Controller
        control={control}
        name={`recipients.${index}.country_to_id`}
        render={({ field, fieldState }) => (
          <Select
            label={t("recipientInvites.form.country")}
            placeholder={t("recipientInvites.form.theyChoose")}
            searchable
            clearable
            data={(countries.data ?? []).map((country) => ({
              value: String(country.id),
              label: country.name,
            }))}
            value={idValue(field.value)}
            onChange={(value) => {
              field.onChange(idOf(value));
              setValue("currency_to_id", undefined);
              setValue("shipping_method_id", undefined);
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            nothingFoundMessage={t("dynamicForm.nothingFound")}
          />
        )}
      />
      <Controller
        control={control}
        name={`recipients.${index}.currency_to_id`}
        render={({ field, fieldState }) => (
          <Select
            label={t("recipientInvites.form.currency")}
            placeholder={t("recipientInvites.form.theyChoose")}
            clearable
            disabled={countryId === null || !currencies.data}
            data={(currencies.data ?? []).map((currency) => ({
              value: String(currency.id),
              label: `${currency.iso} · ${currency.name}`,
            }))}
            value={idValue(field.value)}
            onChange={(value) => {
              field.onChange(idOf(value));
              setValue("shipping_method_id", undefined);
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name={`recipients.${index}.shipping_method_id`}
        render={({ field, fieldState }) => (
          <Select
            label={t("recipientInvites.form.method")}
            placeholder={t("recipientInvites.form.theyChoose")}
            clearable
            disabled={currencyId === null || !methods.data?.length}
            data={(methods.data ?? []).map((method) => ({ value: String(method.id), label: method.name }))}
            value={idValue(field.value)}
            onChange={(value) => field.onChange(idOf(value))}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </SimpleGrid>
  );
};

/** One person to invite: name and e-mail, and optionally where they receive. */
const PersonRow = ({
  control,
  index,
  count,
  onRemove,
  setValue,
}: {
  control: InviteControl;
  index: number;
  count: number;
  onRemove: () => void;
  setValue: (field: "currency_to_id" | "shipping_method_id", value: undefined) => void;
}) => {
  const { t } = useTranslation();
  const destination = useWatch({ control, name: `recipients.${index}.country_to_id` });
  const [showDestination, setShowDestination] = useState(destination !== undefined);
  const label = t("recipientInvites.form.person", { number: index + 1 });
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={650} size="sm">
            {label}
          </Text>
          {count > 1 ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onRemove}
              aria-label={t("recipientInvites.form.remove", { number: index + 1 })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name={`recipients.${index}.name`}
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label={t("recipientInvites.form.name")}
                autoComplete="off"
                required
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name={`recipients.${index}.email`}
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                type="email"
                label={t("recipientInvites.form.email")}
                autoComplete="off"
                required
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          w="fit-content"
          onClick={() => setShowDestination((shown) => !shown)}
          aria-expanded={showDestination}
          rightSection={
            <IconChevronDown
              size={16}
              aria-hidden
              style={{ transform: showDestination ? "rotate(180deg)" : undefined }}
            />
          }
        >
          {t("recipientInvites.form.destinationToggle")}
        </Button>
        <Collapse expanded={showDestination}>
          {showDestination ? <DestinationFields control={control} index={index} setValue={setValue} /> : null}
        </Collapse>
      </Stack>
    </Card>
  );
};

const InviteForm = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setError, setValue, formState } = useForm({
    resolver: formResolver(sendLinkRequest),
    defaultValues: { recipients: [emptyPerson()] },
  });
  const people = useFieldArray({ control, name: "recipients" });

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await sendInvitationLinks(values);
      notifySuccess(
        answer.message ??
          (values.recipients.length === 1
            ? t("recipientInvites.form.sentOne")
            : t("recipientInvites.form.sentMany")),
      );
      await queryClient.invalidateQueries({ queryKey: RECIPIENTS_QUERY_KEY });
      onClose();
    } catch (error) {
      // Spec §8: the server's field errors go on their rows (keys like `recipients.1.email`), and
      // are announced as well.
      if (isApiError(error) && error.errors) {
        let first = true;
        for (const [key, messages] of Object.entries(error.errors)) {
          const match =
            /^recipients\.(\d+)\.(name|email|country_to_id|currency_to_id|shipping_method_id)$/.exec(key);
          if (!match || Number(match[1]) >= values.recipients.length) continue;
          setError(
            key as `recipients.${number}.name`,
            { type: "server", message: messages.join(" ") },
            { shouldFocus: first },
          );
          first = false;
        }
      }
      notifyApiError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t("recipientInvites.form.title")}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("recipientInvites.form.text")}
        </Text>
        {people.fields.map((person, index) => (
          <PersonRow
            key={person.id}
            control={control}
            index={index}
            count={people.fields.length}
            onRemove={() => people.remove(index)}
            setValue={(field, value) =>
              setValue(`recipients.${index}.${field}`, value, { shouldValidate: false })
            }
          />
        ))}
        <Group justify="space-between" gap="sm">
          <AddButton
            variant="default"
            disabled={people.fields.length >= MAX_INVITATIONS_PER_REQUEST}
            onClick={() => people.append(emptyPerson())}
          >
            {t("recipientInvites.form.addPerson")}
          </AddButton>
          <Button
            type="submit"
            loading={formState.isSubmitting}
            leftSection={<IconSend size={18} aria-hidden />}
          >
            {people.fields.length === 1
              ? t("recipientInvites.form.submitOne")
              : t("recipientInvites.form.submitMany", { count: people.fields.length })}
          </Button>
        </Group>
        {people.fields.length >= MAX_INVITATIONS_PER_REQUEST ? (
          <Text size="sm" c="dimmed">
            {t("recipientInvites.form.max", { max: MAX_INVITATIONS_PER_REQUEST })}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
};

/**
 * "Invite a recipient" (spec §7): the owner types the name and e-mail of one to ten people; each
 * gets a single-use link (7 days) to fill in their own details, which the owner then confirms in
 * the invitations panel.
 */
export const InviteRecipientModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  // The shared modal names its close button (axe button-name) and goes full screen on a phone.
  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={t("recipientInvites.form.title")} size="lg">
      {opened ? <InviteForm onClose={onClose} /> : null}
    </ResponsiveModal>
  );
};
