import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { Sender } from "@vela/shared/senders";
import { useTranslation } from "react-i18next";
import { SenderForm } from "./sender-form";

type SenderFormModalProps = {
  opened: boolean;
  /** The sender to edit; null to add one. */
  sender: Sender | null;
  onClose: () => void;
  onSaved?: (sender: Sender) => void;
};

/** The sender form in a modal (full screen on a phone). */
export const SenderFormModal = ({ opened, sender, onClose, onSaved }: SenderFormModalProps) => {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 36em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={sender ? t("senders.editTitle") : t("senders.newTitle")}
      closeButtonProps={{ "aria-label": t("common.close") }}
      size="xl"
      fullScreen={phone}
    >
      {opened ? (
        <SenderForm
          key={sender?.id ?? "new"}
          sender={sender}
          onCancel={onClose}
          onSaved={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
};
