import { Badge, Button, Card, Group, Pagination, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dateText } from "@vela/shared/dates";
import type { InvitationStatus, RecipientInvitation } from "@vela/shared/external-recipients";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { notifySuccess } from "@/shared/api/notify";
import { useLanguage } from "@/shared/i18n/use-language";
import { DividedList } from "@/shared/ui/divided-list";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { confirmInvitation } from "../api/confirm-invitation";
import { useInvitations } from "../api/get-invitations";
import { RECIPIENTS_QUERY_KEY } from "../api/get-recipients";
import classes from "./invitations-panel.module.css";

/**
 * Each status's badge: filled, with Mantine's autoContrast picking white or black text, so the
 * small bold capitals keep 4.5:1 (WCAG AA) in the light and the dark scheme alike (a light tint
 * with a dark shade as text fell under it, and vanished on the dark scheme). As OrderStatusBadge.
 */
export const INVITATION_BADGE_COLOR: Record<InvitationStatus, string> = {
  sent: "vela.7",
  expired: "gray.7",
  submitted: "yellow.4",
  confirmed: "teal.9",
  cancelled: "red.9",
};

/** The date a row shows: when the link stops working, was filled in, confirmed, or was sent. */
const rowDate = (invitation: RecipientInvitation) => {
  switch (invitation.status) {
    case "sent":
    case "expired":
      return invitation.expires_at;
    case "submitted":
      return invitation.submitted_at ?? invitation.created_at;
    case "confirmed":
      return invitation.confirmed_at ?? invitation.created_at;
    default:
      return invitation.created_at;
  }
};

const InvitationRow = ({
  invitation,
  onConfirm,
  confirming,
}: {
  invitation: RecipientInvitation;
  onConfirm: () => void;
  confirming: boolean;
}) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const date = dateText(rowDate(invitation), language);
  return (
    <li className={classes.row}>
      <div className={classes.who}>
        <Text fw={650} truncate>
          {invitation.name}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {invitation.email}
        </Text>
      </div>
      <Stack gap={4} className={classes.state}>
        <Badge
          color={INVITATION_BADGE_COLOR[invitation.status]}
          variant="filled"
          autoContrast
          maw="100%"
          w="fit-content"
        >
          {t(`recipientInvites.status.${invitation.status}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {t(`recipientInvites.dates.${invitation.status}`, { date })}
        </Text>
      </Stack>
      <div className={classes.action}>
        {invitation.status === "submitted" ? (
          <Button
            size="xs"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={confirming}
            onClick={onConfirm}
            aria-label={t("recipientInvites.panel.confirmNamed", { name: invitation.name })}
          >
            {t("recipientInvites.panel.confirm")}
          </Button>
        ) : null}
      </div>
    </li>
  );
};

/**
 * The owner's invitations (spec §7), 10 a page, newest first: where each link stands, and a
 * Confirm button on those the person has filled in. A confirm activates the recipient and
 * reloads the recipients list (and this panel with it).
 */
export const InvitationsPanel = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const invitations = useInvitations({ page });
  const data = invitations.data;

  // A page left beyond the last one (fewer invitations than before) gives way to the last page.
  const lastPage = data?.last_page ?? 1;
  useEffect(() => {
    if (data && page > Math.max(1, lastPage)) setPage(Math.max(1, lastPage));
  }, [data, page, lastPage]);

  const confirm = useMutation({
    mutationFn: (invitation: RecipientInvitation) => confirmInvitation(invitation.id),
    onSuccess: async (answer) => {
      notifySuccess(answer.message ?? t("recipientInvites.panel.confirmed"));
      await queryClient.invalidateQueries({ queryKey: RECIPIENTS_QUERY_KEY });
    },
  });

  // Nobody invited yet: the panel stays out of the way.
  if (data && data.total === 0) return null;

  return (
    <section aria-labelledby="invitations-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="invitations-title">
            {t("recipientInvites.panel.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("recipientInvites.panel.text")}
          </Text>
        </div>
        <Card withBorder padding={0} radius="lg" aria-busy={invitations.isFetching}>
          {invitations.isPending || isSessionExpiredError(invitations.error) ? (
            <Stack p="lg" gap="sm" role="status" aria-busy="true">
              <Skeleton height={14} width="45%" radius="sm" />
              <Skeleton height={12} width="30%" radius="sm" />
            </Stack>
          ) : null}
          {invitations.isError && !data && !isSessionExpiredError(invitations.error) ? (
            <LoadErrorAlert
              m="lg"
              text={t("recipientInvites.panel.loadError")}
              onRetry={() => void invitations.refetch()}
            />
          ) : null}
          {data && data.data.length > 0 ? (
            <DividedList label={t("recipientInvites.panel.label")}>
              {data.data.map((invitation) => (
                <InvitationRow
                  key={invitation.id}
                  invitation={invitation}
                  onConfirm={() => confirm.mutate(invitation)}
                  confirming={confirm.isPending && confirm.variables?.id === invitation.id}
                />
              ))}
            </DividedList>
          ) : null}
        </Card>
        {data && data.last_page > 1 ? (
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t("recipientInvites.panel.total", { count: data.total })}
            </Text>
            <Pagination
              total={data.last_page}
              value={data.current_page}
              onChange={setPage}
              getControlProps={(control) => ({
                "aria-label":
                  control === "next"
                    ? t("recipientInvites.panel.next")
                    : t("recipientInvites.panel.previous"),
              })}
              getItemProps={(item) => ({
                "aria-label": t("recipientInvites.panel.page", { page: item }),
              })}
            />
          </Group>
        ) : null}
      </Stack>
    </section>
  );
};
