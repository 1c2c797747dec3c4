import type { Sender } from "@vela/shared/senders";
import type { PurchaseSenderService } from "../api/purchase-senders";
import { PurchaseSenderForm } from "./purchase-sender-form";
import { SenderModal } from "./sender-form-modal";

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
}: PurchaseSenderFormModalProps) => (
  <SenderModal opened={opened} editing={sender !== null} size="lg" onClose={onClose}>
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
  </SenderModal>
);
