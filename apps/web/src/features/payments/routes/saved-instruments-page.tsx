import { Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { type UseQueryResult, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/shared/api/notify";
import { RowAction } from "@/shared/ui/row-action";

export type InstrumentRow = { id: number; title: string; detail: string };

/**
 * A list of saved payment instruments (cards or bank accounts), numbers only ever masked, with an
 * add form and a delete that asks first.
 */
export const SavedInstrumentsPage = ({
  title,
  text,
  emptyText,
  addLabel,
  query,
  rows,
  queryKey,
  remove,
  renderForm,
}: {
  title: string;
  text: string;
  emptyText: string;
  addLabel: string;
  query: UseQueryResult<unknown>;
  rows: InstrumentRow[];
  queryKey: readonly unknown[];
  remove: (id: number) => Promise<unknown>;
  renderForm: (close: () => void) => ReactNode;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<InstrumentRow | null>(null);
  const deletion = useMutation({
    mutationFn: (id: number) => remove(id),
    onSuccess: async () => {
      setDeleting(null);
      notifySuccess(t("savedInstruments.deleted"));
      await queryClient.invalidateQueries({ queryKey });
    },
    // A refusal is notified once, by the query client's mutation cache (shared/api/query-client.ts).
  });
  const close = () => {
    setIsAdding(false);
    void queryClient.invalidateQueries({ queryKey });
  };

  return (
    <Card withBorder padding="xl" component="section" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {text}
            </Text>
          </div>
          {isAdding ? null : (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsAdding(true)}>
              {addLabel}
            </Button>
          )}
        </Group>
        {isAdding ? (
          <Card withBorder radius="md" padding="md">
            {renderForm(close)}
          </Card>
        ) : null}
        {query.isPending ? (
          <Stack gap="xs">
            <Skeleton height={56} radius="md" />
            <Skeleton height={56} radius="md" />
          </Stack>
        ) : query.isError ? (
          <Text c="red.8" role="alert">
            {t("errors.unexpected")}
          </Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed">{emptyText}</Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }} aria-label={title}>
            {rows.map((row) => (
              <Card component="li" key={row.id} withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{row.title}</Text>
                    <Text size="sm" c="dimmed">
                      {row.detail}
                    </Text>
                  </div>
                  <RowAction
                    tooltip={t("savedInstruments.delete")}
                    label={t("savedInstruments.deleteLabel", { name: row.title })}
                    icon={IconTrash}
                    color="red"
                    onClick={() => setDeleting(row)}
                  />
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("savedInstruments.deleteTitle")}
      >
        <Stack gap="md">
          <Text>{t("savedInstruments.deleteText", { name: deleting?.title ?? "" })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t("payment.cancel")}
            </Button>
            <Button
              color="red"
              loading={deletion.isPending}
              onClick={() => {
                if (deleting) deletion.mutate(deleting.id);
              }}
            >
              {t("savedInstruments.delete")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
};
