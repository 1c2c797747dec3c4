import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "@/shared/api/notify";
import { RECIPIENTS_QUERY_KEY } from "../api/get-recipients";
import { deleteRecipient, toggleRecipient } from "../api/mutate-recipient";
import type { Recipient } from "../api/types";

/**
 * Toggle and delete, shared by the list and the details view. Delete asks first; once it is
 * done the recipients list loads again (spec §4) and `onDeleted` runs.
 */
export const useRecipientActions = ({ onDeleted }: { onDeleted?: (recipient: Recipient) => void } = {}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<Recipient | null>(null);

  const toggle = useMutation({
    mutationFn: (recipient: Recipient) => toggleRecipient(recipient.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: RECIPIENTS_QUERY_KEY });
    },
  });

  const remove = useMutation({
    mutationFn: (recipient: Recipient) => deleteRecipient(recipient.id),
    onSuccess: async (answer, recipient) => {
      notifySuccess(answer.message ?? t("recipients.delete.done"));
      setToDelete(null);
      onDeleted?.(recipient);
      // Spec §4: deleting a recipient reloads the recipients list.
      await queryClient.invalidateQueries({ queryKey: RECIPIENTS_QUERY_KEY });
    },
  });

  const confirmation: ReactNode = (
    <Modal
      opened={toDelete !== null}
      onClose={() => setToDelete(null)}
      title={t("recipients.delete.title")}
      closeButtonProps={{ "aria-label": t("common.close") }}
      centered
      radius="lg"
    >
      <Stack gap="lg">
        <Text>{t("recipients.delete.text", { name: toDelete?.name ?? "" })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setToDelete(null)}>
            {t("recipients.delete.cancel")}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => toDelete && remove.mutate(toDelete)}>
            {t("recipients.delete.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );

  return {
    toggle: (recipient: Recipient) => toggle.mutate(recipient),
    togglingId: toggle.isPending ? (toggle.variables?.id ?? null) : null,
    askDelete: setToDelete,
    confirmation,
  };
};
