import { Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue, useDocumentTitle } from "@mantine/hooks";
import { IconMailForward, IconSearch, IconUsers } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AddButton } from "@/shared/ui/add-button";
import { PageHeader } from "@/shared/ui/page-header";
import { PagedListBody, PagedListFooter } from "@/shared/ui/paged-list";
import { useRecipients } from "../api/get-recipients";
import type { Recipient, RecipientTypeFilter } from "../api/types";
import { InvitationsPanel } from "../components/invitations-panel";
import { InviteRecipientModal } from "../components/invite-recipient-modal";
import { RecipientDetails } from "../components/recipient-details";
import { RecipientFormModal } from "../components/recipient-form-modal";
import { RecipientRow } from "../components/recipient-row";
import classes from "../components/recipients.module.css";
import { useRecipientActions } from "../hooks/use-recipient-actions";

/** The recipients area's two views (spec §2). */
export type RecipientsView = "withdraw_recipients" | "withdraw_information";

const TYPE_FILTERS: readonly RecipientTypeFilter[] = ["", "customer", "business"];

const ListSkeleton = () => (
  <Stack gap={0} role="status" aria-busy="true">
    {[0, 1, 2].map((index) => (
      <Group key={index} p="lg" gap="md" wrap="nowrap">
        <Skeleton circle height={42} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={14} width="40%" radius="sm" />
          <Skeleton height={12} width="25%" radius="sm" />
        </Stack>
      </Group>
    ))}
  </Stack>
);

/**
 * `/account/recipients`: the recipients area (spec §2). The list (withdraw_recipients) with its
 * e-mail and type filters and pages of 10, and one recipient's details (withdraw_information,
 * `?recipient=<id>`); the form modal adds and edits; toggle and delete from either view.
 */
export const RecipientsRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("recipients.title")} · Vela`);
  const [search, setSearch] = useSearchParams();
  const shownId = Number(search.get("recipient")) || null;
  const view: RecipientsView = shownId === null ? "withdraw_recipients" : "withdraw_information";

  const [email, setEmail] = useState("");
  const [debouncedEmail] = useDebouncedValue(email, 400);
  const [type, setType] = useState<RecipientTypeFilter>("");
  const [page, setPage] = useState(1);
  const recipients = useRecipients({ email: debouncedEmail, type, page });

  // New filters start from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(1), [debouncedEmail, type]);
  // A page left empty (its last recipient deleted) gives way to the last page there is.
  const lastPage = recipients.data?.last_page ?? 1;
  const emptyPage = recipients.data !== undefined && recipients.data.data.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) setPage(Math.max(1, Math.min(page - 1, lastPage)));
  }, [emptyPage, page, lastPage]);

  const [modal, setModal] = useState<{ opened: boolean; recipient: Recipient | null }>({
    opened: false,
    recipient: null,
  });
  const closeModal = useCallback(() => setModal((current) => ({ ...current, opened: false })), []);
  const [inviting, setInviting] = useState(false);
  const closeInvite = useCallback(() => setInviting(false), []);
  const show = (recipient: Recipient | null) =>
    setSearch(recipient ? { recipient: String(recipient.id) } : {}, { replace: false });

  const actions = useRecipientActions({
    onDeleted: (recipient) => {
      if (recipient.id === shownId) show(null);
    },
  });

  const page_ = recipients.data;
  const filtered = debouncedEmail.trim() !== "" || type !== "";

  return (
    <Stack gap="lg" maw={980}>
      <PageHeader title={t("recipients.title")} text={t("recipients.text")}>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconMailForward size={18} aria-hidden />}
            onClick={() => setInviting(true)}
          >
            {t("recipientInvites.invite")}
          </Button>
          <AddButton onClick={() => setModal({ opened: true, recipient: null })}>
            {t("recipients.actions.add")}
          </AddButton>
        </Group>
      </PageHeader>

      {view === "withdraw_information" && shownId !== null ? (
        <RecipientDetails
          recipientId={shownId}
          onBack={() => show(null)}
          onEdit={(recipient) => setModal({ opened: true, recipient })}
          onToggle={actions.toggle}
          onDelete={actions.askDelete}
          toggling={actions.togglingId === shownId}
        />
      ) : (
        <>
          <search className={classes.filters}>
            <TextInput
              label={t("recipients.filters.email")}
              placeholder={t("recipients.filters.emailPlaceholder")}
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Stack gap={6}>
              <Text size="sm" fw={500} id="recipient-type-filter">
                {t("recipients.filters.type")}
              </Text>
              <SegmentedControl
                aria-labelledby="recipient-type-filter"
                value={type}
                onChange={(value) => setType(value as RecipientTypeFilter)}
                data={TYPE_FILTERS.map((value) => ({
                  value,
                  label: t(`recipients.filters.types.${value || "all"}`),
                }))}
              />
            </Stack>
          </search>

          <Card withBorder padding={0} radius="lg" aria-busy={recipients.isFetching}>
            <PagedListBody
              query={recipients}
              skeleton={<ListSkeleton />}
              loadErrorText={t("recipients.list.loadError")}
              empty={{
                icon: IconUsers,
                title: filtered ? t("recipients.list.noMatches") : t("recipients.list.emptyTitle"),
                text: filtered ? t("recipients.list.noMatchesText") : t("recipients.list.emptyText"),
              }}
              isLeavingPage={emptyPage}
              label={t("recipients.list.label")}
            >
              {(recipient) => (
                <RecipientRow
                  key={recipient.id}
                  recipient={recipient}
                  onOpen={() => show(recipient)}
                  onEdit={() => setModal({ opened: true, recipient })}
                  onToggle={() => actions.toggle(recipient)}
                  onDelete={() => actions.askDelete(recipient)}
                  toggling={actions.togglingId === recipient.id}
                />
              )}
            </PagedListBody>
          </Card>

          {page_ && page_.last_page > 1 ? (
            <PagedListFooter
              page={page_}
              totalText={t("recipients.list.total", { count: page_.total })}
              onPageChange={setPage}
            />
          ) : null}

          <InvitationsPanel />
        </>
      )}

      <RecipientFormModal
        opened={modal.opened}
        recipient={modal.recipient}
        onClose={closeModal}
        onShowRecipient={(recipient) => {
          closeModal();
          show(recipient);
        }}
      />
      <InviteRecipientModal opened={inviting} onClose={closeInvite} />
      {actions.confirmation}
    </Stack>
  );
};
