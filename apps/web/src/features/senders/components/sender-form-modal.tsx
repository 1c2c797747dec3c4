import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { Sender } from "@vela/shared/senders";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SenderForm } from "./sender-form";

/** A sender form's modal (full screen on a phone), titled for adding or editing; the form mounts when open. */
export const SenderModal = ({
  opened,
  editing,
  size,
  onClose,
  children,
}: {
  opened: boolean;
  editing: boolean;
  size: "lg" | "xl";
  onClose: () => void;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 36em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t("senders.editTitle") : t("senders.newTitle")}
      closeButtonProps={{ "aria-label": t("common.close") }}
      size={size}
      fullScreen={phone}
    >
      {opened ? children : null}
    </Modal>
  );
};

type SenderFormModalProps = {
  opened: boolean;
  /** The sender to edit; null to add one. */
  sender: Sender | null;
  onClose: () => void;
  onSaved?: (sender: Sender) => void;
};

/** The sender form in a modal (full screen on a phone). */
export const SenderFormModal = ({ opened, sender, onClose, onSaved }: SenderFormModalProps) => (
  <SenderModal opened={opened} editing={sender !== null} size="xl" onClose={onClose}>
    <SenderForm
      key={sender?.id ?? "new"}
      sender={sender}
      onCancel={onClose}
      onSaved={(saved) => {
        onSaved?.(saved);
        onClose();
      }}
    />
  </SenderModal>
);
