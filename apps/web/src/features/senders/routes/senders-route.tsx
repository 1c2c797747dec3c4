import {
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue, useDocumentTitle } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import type { Sender } from "@vela/shared/senders";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddButton } from "@/shared/ui/add-button";
import { PageHeader } from "@/shared/ui/page-header";
import { QueryNotices } from "@/shared/ui/query-notices";
import { StatusBadge } from "@/shared/ui/status-badge";
import { useAgentSenders } from "../api/get-senders";
import { SenderActions } from "../components/sender-actions";
import { SenderDetails } from "../components/sender-details";
import { SenderFormModal } from "../components/sender-form-modal";

const Status = ({ sender }: { sender: Sender }) => {
  const { t } = useTranslation();
  return (
    <StatusBadge isPositive={sender.is_active} size="sm">
      {sender.is_active ? t("senders.active") : t("senders.inactive")}
    </StatusBadge>
  );
};

const documentOf = (sender: Sender) => sender.document_number ?? "—";

/**
 * The agent's senders (`/account/senders`): the walk-in customers it sends for, searched and paged
 * 10 at a time, added and edited in a modal, enabled or disabled, deleted after a confirmation.
 */
export const SendersRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("senders.title")} · Vela`);
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ sender: Sender | null } | null>(null);
  const senders = useAgentSenders({ page, search: debouncedSearch });
  const rows = senders.data?.data ?? [];

  return (
    <Stack gap="lg" maw={1040}>
      <PageHeader title={t("senders.title")} text={t("senders.text")}>
        <AddButton onClick={() => setEditing({ sender: null })}>{t("senders.new")}</AddButton>
      </PageHeader>
      <TextInput
        label={t("senders.search")}
        placeholder={t("senders.searchPlaceholder")}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maw={420}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <QueryNotices
        query={senders}
        loading={<Skeleton height={240} radius="lg" />}
        errorText={t("senders.loadError")}
      />
      {senders.data && rows.length === 0 ? (
        <Card withBorder padding="xl">
          <Text c="dimmed">{debouncedSearch ? t("senders.noMatches") : t("senders.empty")}</Text>
        </Card>
      ) : null}
      {rows.length > 0 ? (
        <>
          <Card withBorder padding={0} visibleFrom="sm">
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("senders.columns.sender")}</Table.Th>
                  <Table.Th>{t("senders.columns.document")}</Table.Th>
                  <Table.Th>{t("senders.columns.status")}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t("senders.columns.actions")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((sender) => (
                  <Table.Tr key={sender.id}>
                    <Table.Td maw={320}>
                      <SenderDetails sender={sender} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{documentOf(sender)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Status sender={sender} />
                    </Table.Td>
                    <Table.Td>
                      <SenderActions sender={sender} onEdit={(chosen) => setEditing({ sender: chosen })} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Stack gap="sm" hiddenFrom="sm">
            {rows.map((sender) => (
              <Card key={sender.id} withBorder padding="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <SenderDetails sender={sender} />
                  <Status sender={sender} />
                </Group>
                <Text size="sm" mt="xs">
                  {t("senders.columns.document")}: {documentOf(sender)}
                </Text>
                <Group justify="flex-end" mt="xs">
                  <SenderActions sender={sender} onEdit={(chosen) => setEditing({ sender: chosen })} />
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      ) : null}
      {senders.data && senders.data.last_page > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t("senders.total", { count: senders.data.total })}
          </Text>
          <Pagination
            total={senders.data.last_page}
            value={senders.data.current_page}
            onChange={setPage}
            getControlProps={(control) => ({ "aria-label": t(`senders.pagination.${control}`) })}
          />
        </Group>
      ) : null}
      <SenderFormModal
        opened={editing !== null}
        sender={editing?.sender ?? null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
};
