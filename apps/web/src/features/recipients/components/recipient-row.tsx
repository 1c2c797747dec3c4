import { Avatar, Badge, Group, Switch, Text, UnstyledButton } from "@mantine/core";
import { IconBuildingBank, IconPencil, IconTrash, IconUser } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { RowAction } from "@/shared/ui/row-action";
import type { Recipient } from "../api/types";
import { methodLabel } from "../utils/recipient-labels";
import classes from "./recipients.module.css";

type RecipientRowProps = {
  recipient: Recipient;
  onOpen: () => void;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
  toggling: boolean;
};

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");

/** One recipient in the list: who, where and how they receive, whether active, and what can be done. */
export const RecipientRow = ({
  recipient,
  onOpen,
  onEdit,
  onToggle,
  onDelete,
  toggling,
}: RecipientRowProps) => {
  const { t } = useTranslation();
  const contact =
    recipient.email ??
    (recipient.phone_number ? `${recipient.phone_prefix ?? ""} ${recipient.phone_number}`.trim() : null);
  return (
    <li className={classes.row}>
      <UnstyledButton
        className={classes.who}
        onClick={onOpen}
        aria-label={t("recipients.actions.openNamed", { name: recipient.name })}
      >
        <Avatar color={recipient.type === "business" ? "ink" : "vela"} radius="xl" size={42}>
          {recipient.type === "business" ? (
            <IconBuildingBank size={20} aria-hidden />
          ) : (
            initialsOf(recipient.name) || <IconUser size={20} aria-hidden />
          )}
        </Avatar>
        <div className={classes.whoText}>
          <Text fw={650} truncate>
            {recipient.name}
          </Text>
          {contact ? (
            <Text size="sm" c="dimmed" truncate>
              {contact}
            </Text>
          ) : null}
        </div>
      </UnstyledButton>
      <div className={classes.tags}>
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" color="gray" radius="sm" style={{ flex: "none" }}>
            {recipient.country_iso} · {recipient.currency_iso}
          </Badge>
          <Text size="sm" c="dimmed" truncate>
            {methodLabel(recipient, t)}
          </Text>
        </Group>
        {recipient.type === "business" || (recipient.source === "link" && !recipient.is_active) ? (
          <Group gap={6} mt={6}>
            {recipient.type === "business" ? (
              <Badge variant="light" color="ink" radius="sm">
                {t("recipients.types.business")}
              </Badge>
            ) : null}
            {recipient.source === "link" && !recipient.is_active ? (
              <Badge variant="light" color="yellow" radius="sm">
                {t("recipients.list.awaitingConfirmation")}
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </div>
      <Group gap="xs" wrap="nowrap" className={classes.actions}>
        <Switch
          size="sm"
          checked={recipient.is_active}
          disabled={toggling}
          onChange={onToggle}
          label={recipient.is_active ? t("recipients.status.active") : t("recipients.status.inactive")}
          styles={{ labelWrapper: { minWidth: 64 } }}
          aria-label={t("recipients.actions.toggleNamed", { name: recipient.name })}
        />
        <Group gap={4} wrap="nowrap">
          <RowAction
            tooltip={t("recipients.actions.edit")}
            label={t("recipients.actions.editNamed", { name: recipient.name })}
            icon={IconPencil}
            onClick={onEdit}
          />
          <RowAction
            tooltip={t("recipients.actions.delete")}
            label={t("recipients.actions.deleteNamed", { name: recipient.name })}
            icon={IconTrash}
            color="red"
            onClick={onDelete}
          />
        </Group>
      </Group>
    </li>
  );
};
