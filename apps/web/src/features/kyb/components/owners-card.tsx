import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BeneficialOwner, OwnerVerificationState } from "@vela/shared/kyb";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/shared/api/notify";
import { sdkAddress } from "@/shared/flow/verification-path";
import { KYB_QUERY_KEY, ownerAccessToken, removeOwner } from "../api/business-verification";
import { OwnerFormModal } from "./owner-form-modal";

const VERIFICATION_COLOR: Record<OwnerVerificationState, string> = {
  not_started: "gray",
  started: "blue",
  pending: "blue",
  approved: "teal",
  retry: "orange",
  rejected: "red",
};

const canVerify = (owner: BeneficialOwner) =>
  owner.verification === "not_started" || owner.verification === "started" || owner.verification === "retry";

type OwnerRowProps = {
  owner: BeneficialOwner;
  editable: boolean;
  onEdit: (owner: BeneficialOwner) => void;
};

const OwnerRow = ({ owner, editable, onEdit }: OwnerRowProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = `${owner.first_name} ${owner.last_name}`;
  const remove = useMutation({
    mutationFn: () => removeOwner(owner.id),
    onSuccess: async () => {
      notifySuccess(t("kyb.owners.removed"));
      await queryClient.invalidateQueries({ queryKey: KYB_QUERY_KEY });
    },
  });
  const verify = useMutation({
    mutationFn: async () => {
      const token = await ownerAccessToken(owner.id);
      const address = sdkAddress(token.sdk_url);
      if (address === null) throw new Error("The verification page's address is not a web page.");
      return address;
    },
    onSuccess: (address) => window.location.assign(address),
  });
  return (
    <Card withBorder padding="md" radius="md" component="li" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={650}>{name}</Text>
          <Badge variant="light" color={VERIFICATION_COLOR[owner.verification]}>
            {t(`kyb.owners.verification.${owner.verification}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[
            t(`kyb.owners.roles.${owner.role}`),
            owner.ownership_percent === null
              ? t("kyb.owners.noShare")
              : t("kyb.owners.share", { percent: owner.ownership_percent }),
            owner.is_controlling ? t("kyb.owners.controlling") : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </Text>
        {owner.verification_message ? <Text size="sm">{owner.verification_message}</Text> : null}
        <Group gap="xs" wrap="wrap">
          {canVerify(owner) ? (
            <Button
              size="sm"
              onClick={() => verify.mutate()}
              loading={verify.isPending || verify.isSuccess}
              aria-label={t("kyb.owners.verifyLabel", { name })}
            >
              {t("kyb.owners.verify")}
            </Button>
          ) : null}
          {editable ? (
            <>
              <Button
                size="sm"
                variant="light"
                onClick={() => onEdit(owner)}
                aria-label={t("kyb.owners.editLabel", { name })}
              >
                {t("kyb.owners.edit")}
              </Button>
              <Button
                size="sm"
                variant="subtle"
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate()}
                aria-label={t("kyb.owners.removeLabel", { name })}
              >
                {t("kyb.owners.remove")}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
};

type OwnersCardProps = { owners: BeneficialOwner[]; total: string; editable: boolean };

/** The people who own or control the business, each with their identity check, and the form to add one. */
export const OwnersCard = ({ owners, total, editable }: OwnersCardProps) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<BeneficialOwner | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (owner: BeneficialOwner | null) => {
    setEditing(owner);
    setOpened(true);
  };
  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby="kyb-owners-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="kyb-owners-title">
            {t("kyb.owners.title")}
          </Title>
          {editable ? <Button onClick={() => open(null)}>{t("kyb.owners.add")}</Button> : null}
        </Group>
        <Text c="dimmed" size="sm">
          {t("kyb.owners.text")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("kyb.owners.verifyHint")}
        </Text>
        {owners.length === 0 ? (
          <Text>{t("kyb.owners.empty")}</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} aria-label={t("kyb.owners.listLabel")}>
            {owners.map((owner) => (
              <OwnerRow key={owner.id} owner={owner} editable={editable} onEdit={open} />
            ))}
          </Stack>
        )}
        <Text size="sm">{t("kyb.owners.total", { total })}</Text>
      </Stack>
      <OwnerFormModal opened={opened} owner={editing} onClose={() => setOpened(false)} />
    </Card>
  );
};
