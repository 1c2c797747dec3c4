import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { Sender } from "@vela/shared/senders";
import { useTranslation } from "react-i18next";
import type { PurchaseSenderService } from "../api/purchase-senders";
import { PurchaseSenderForm } from "./purchase-sender-form";

type PurchaseSenderFormModalProps = {
  service: PurchaseSenderService;
  opened: boolean;
  /** The sender to edit; null to add one. */
  sender: Sender | null;
  documentRequired?: boolean;
  onClose: () => void;
  onSaved?: (sender: Sender) => void;
};

/** The purchase sender form in a modal (full screen on a phone). */
export const PurchaseSenderFormModal = ({
  service,
  opened,
  sender,
  documentRequired = false,
  onClose,
  onSaved,
}: PurchaseSenderFormModalProps) => {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 36em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={sender ? t("senders.editTitle") : t("senders.newTitle")}
      closeButtonProps={{ "aria-label": t("common.close") }}
      size="lg"
      fullScreen={phone}
    >
      {opened ? (
        <PurchaseSenderForm
          key={sender?.id ?? "new"}
          service={service}
          sender={sender}
          documentRequired={documentRequired}
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
