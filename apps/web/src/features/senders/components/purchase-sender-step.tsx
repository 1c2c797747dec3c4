import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertTriangle, IconSearch } from "@tabler/icons-react";
import type { Sender } from "@vela/shared/senders";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { StepHeading } from "@/shared/flow/review-shell";
import { AddButton } from "@/shared/ui/add-button";
import { QueryNotices } from "@/shared/ui/query-notices";
import { StepButtons } from "@/shared/ui/step-buttons";
import { type PurchaseSenderService, usePurchaseSenders } from "../api/purchase-senders";
import { PurchaseSenderFormModal } from "./purchase-sender-form-modal";
import { SenderChoice } from "./sender-choice";

export type PurchaseSenderStepProps = {
  service: PurchaseSenderService;
  /** The sender chosen so far (the flow's store keeps it). */
  senderId: number | null;
  /**
   * Why the API refused this sender (422 on `sender_id`, `senderRefusalOf`): shown here with a
   * button that opens the sender's form with its identity document asked for.
   */
  refusal: string | null;
  onChoose: (senderId: number) => void;
  /** The sender was changed after a refusal: the flow may clear it and quote again. */
  onSenderSaved?: (sender: Sender) => void;
  onContinue: () => void;
  onBack: () => void;
};

/**
 * An agent's SENDER step in a purchase (top-up, gift card, bill): the walk-in customer who pays, picked
 * from the service's senders or added with the short form. A refusal of the sender comes back here.
 */
export const PurchaseSenderStep = ({
  service,
  senderId,
  refusal,
  onChoose,
  onSenderSaved,
  onContinue,
  onBack,
}: PurchaseSenderStepProps) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ sender: Sender | null; documentRequired: boolean } | null>(null);
  const senders = usePurchaseSenders(service, { page, search: debouncedSearch });
  const rows = senders.data?.data ?? [];
  const chosen = rows.find((sender) => sender.id === senderId) ?? null;

  return (
    <Stack gap="lg">
      <StepHeading title={t("senders.purchaseStep.title")} text={t("senders.purchaseStep.text")} />
      {refusal ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t("senders.purchaseStep.refusedTitle")}
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{refusal}</Text>
            {chosen ? (
              <Button
                size="sm"
                variant="light"
                color="red"
                onClick={() => setEditing({ sender: chosen, documentRequired: true })}
              >
                {t("senders.purchaseStep.editSender", { name: chosen.full_name })}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <QueryNotices
        query={senders}
        loading={<Skeleton height={160} radius="lg" />}
        errorText={t("senders.loadError")}
      />
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label={t("senders.search")}
          placeholder={t("senders.searchPlaceholder")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          style={{ flex: 1, minWidth: 200 }}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <AddButton variant="light" onClick={() => setEditing({ sender: null, documentRequired: false })}>
          {t("senders.new")}
        </AddButton>
      </Group>
      {senders.data && rows.length === 0 ? (
        <Text c="dimmed">{debouncedSearch ? t("senders.noMatches") : t("senders.purchaseStep.none")}</Text>
      ) : null}
      <SenderChoice
        rows={rows}
        chosenId={senderId}
        onChoose={onChoose}
        pages={senders.data}
        onPage={setPage}
      />
      <PurchaseSenderFormModal
        service={service}
        opened={editing !== null}
        sender={editing?.sender ?? null}
        documentRequired={editing?.documentRequired ?? false}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          onChoose(saved.id);
          onSenderSaved?.(saved);
        }}
      />
      <StepButtons
        backLabel={t("senders.step.back")}
        onBack={onBack}
        continueLabel={t("senders.step.continue")}
        onContinue={onContinue}
        disabled={senderId === null || refusal !== null}
      />
    </Stack>
  );
};
