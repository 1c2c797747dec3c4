import { Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconPencil, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { FormField } from "@vela/shared/dynamic-form";
import { useTranslation } from "react-i18next";
import { fieldOptionsQueryOptions } from "@/shared/forms/dynamic-form-fields";
import { useLanguage } from "@/shared/i18n/use-language";
import { QueryNotices } from "@/shared/ui/query-notices";
import { useDestinationCountries } from "../api/get-receiving-options";
import { useRecipient } from "../api/get-recipient";
import { useRecipientForm } from "../api/get-recipient-form";
import type { Recipient } from "../api/types";
import { humanize, methodLabel } from "../utils/recipient-labels";
import classes from "./recipients.module.css";

type RecipientDetailsProps = {
  recipientId: number;
  onBack: () => void;
  onEdit: (recipient: Recipient) => void;
  onToggle: (recipient: Recipient) => void;
  onDelete: (recipient: Recipient) => void;
  toggling: boolean;
};

/**
 * A detail's value as the form showed it: yes/no for switches, an option's label, or the name
 * its endpoint gives the saved id (a bank, a pickup network).
 */
const DetailValue = ({ value, field }: { value: string | boolean; field: FormField | undefined }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const endpoint = field && !field.options && typeof value === "string" ? field.options_endpoint : null;
  const loaded = useQuery(fieldOptionsQueryOptions(endpoint, null, language));
  if (typeof value === "boolean")
    return <>{value ? t("recipients.details.yes") : t("recipients.details.no")}</>;
  const options = field?.options ?? loaded.data;
  return <>{options?.find((option) => option.value === value)?.label ?? value}</>;
};

/** The withdraw_information view (spec §2): one recipient, everything saved about them. */
export const RecipientDetails = ({
  recipientId,
  onBack,
  onEdit,
  onToggle,
  onDelete,
  toggling,
}: RecipientDetailsProps) => {
  const { t } = useTranslation();
  const recipient = useRecipient(recipientId);
  const data = recipient.data;
  // The form names the saved values; without it (a form since changed) the keys are made readable.
  const form = useRecipientForm(
    data && data.shipping_method_id !== null
      ? {
          type: data.type,
          country_to_id: data.country_id,
          currency_to_id: data.currency_id,
          shipping_method_id: data.shipping_method_id,
          refresh: {},
        }
      : null,
  );
  const countries = useDestinationCountries();
  const fieldOf = (key: string) => form.data?.fields.find((field) => field.key === key);

  return (
    <Stack gap="lg">
      <Group>
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={onBack}
          px={0}
        >
          {t("recipients.details.back")}
        </Button>
      </Group>
      <QueryNotices
        query={recipient}
        loading={<Skeleton height={260} radius="lg" />}
        errorText={t("recipients.details.loadError")}
      />
      {data ? (
        <Card withBorder padding="xl" radius="lg">
          <Stack gap="lg">
            <Group justify="space-between" align="flex-start" gap="md">
              <div>
                <Title order={2} size="h3">
                  {data.name}
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(`recipients.types.${data.type}`)}
                </Text>
              </div>
              <Group gap="sm">
                <Switch
                  checked={data.is_active}
                  disabled={toggling}
                  onChange={() => onToggle(data)}
                  label={t("recipients.status.activeLabel")}
                />
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => onEdit(data)}
                >
                  {t("recipients.actions.edit")}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => onDelete(data)}
                >
                  {t("recipients.actions.delete")}
                </Button>
              </Group>
            </Group>
            <dl className={classes.detailsGrid}>
              <div>
                <dt>{t("recipients.fields.country")}</dt>
                <dd>
                  {countries.data?.find((country) => country.id === data.country_id)?.name ??
                    data.country_iso}
                </dd>
              </div>
              <div>
                <dt>{t("recipients.fields.currency")}</dt>
                <dd>{data.currency_iso}</dd>
              </div>
              <div>
                <dt>{t("recipients.fields.deliveryMethod")}</dt>
                <dd>{methodLabel(data, t)}</dd>
              </div>
              {data.email ? (
                <div>
                  <dt>{t("recipients.fields.email")}</dt>
                  <dd>{data.email}</dd>
                </div>
              ) : null}
              {Object.entries(data.details)
                .filter(([key]) => key !== "email")
                .map(([key, value]) => (
                  <div key={key}>
                    <dt>{fieldOf(key)?.label ?? humanize(key)}</dt>
                    <dd>
                      <DetailValue value={value} field={fieldOf(key)} />
                    </dd>
                  </div>
                ))}
            </dl>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
};
