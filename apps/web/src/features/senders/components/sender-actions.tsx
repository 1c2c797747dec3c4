import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Sender } from "@vela/shared/senders";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/shared/api/notify";
import { deleteSender } from "../api/delete-sender";
import { SENDERS_QUERY_KEY } from "../api/get-senders";
import { toggleSender } from "../api/toggle-sender";

/** Edit, enable or disable, and delete (after asking) one sender. The lists reload after a change. */
export const SenderActions = ({ sender, onEdit }: { sender: Sender; onEdit: (sender: Sender) => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SENDERS_QUERY_KEY });
  const toggle = useMutation({
    mutationFn: () => toggleSender(sender.id),
    onSuccess: async (saved) => {
      notifySuccess(saved.is_active ? t("senders.enabled") : t("senders.disabled"));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteSender(sender.id),
    onSuccess: async () => {
      setConfirming(false);
      notifySuccess(t("senders.deleted"));
      await refresh();
    },
  });
  const name = sender.full_name;
  // The row's three actions, each with its short text and, for assistive technology, the sender it acts on.
  const actions: { text: string; label: string; onClick: () => void; loading?: boolean; color?: string }[] = [
    { text: t("senders.edit"), label: t("senders.editOf", { name }), onClick: () => onEdit(sender) },
    {
      text: sender.is_active ? t("senders.disable") : t("senders.enable"),
      label: sender.is_active ? t("senders.disableOf", { name }) : t("senders.enableOf", { name }),
      onClick: () => toggle.mutate(),
      loading: toggle.isPending,
    },
    {
      text: t("senders.delete"),
      label: t("senders.deleteOf", { name }),
      onClick: () => setConfirming(true),
      color: "red.8",
    },
  ];
  return (
    <>
      <Group gap={4} wrap="nowrap" justify="flex-end">
        {actions.map((action) => (
          <Button
            key={action.label}
            size="compact-sm"
            variant="subtle"
            color={action.color}
            loading={action.loading}
            onClick={action.onClick}
            aria-label={action.label}
          >
            {action.text}
          </Button>
        ))}
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("senders.deleteTitle")}
        closeButtonProps={{ "aria-label": t("common.close") }}
        centered
      >
        <Stack gap="lg">
          <Text>{t("senders.deleteText", { name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("senders.cancel")}
            </Button>
            <Button color="red.8" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t("senders.confirmDelete")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};
