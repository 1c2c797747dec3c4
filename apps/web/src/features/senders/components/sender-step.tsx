import { Card, Group, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { QuotationSelection } from "@vela/shared/senders";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { getAuthSnapshot } from "@/shared/api/auth-source";
import { StepHeading } from "@/shared/flow/review-shell";
import { AddButton } from "@/shared/ui/add-button";
import { QueryNotices } from "@/shared/ui/query-notices";
import { StatusBadge } from "@/shared/ui/status-badge";
import { StepButtons } from "@/shared/ui/step-buttons";
import { addSenderToQuotation } from "../api/add-sender";
import { useConsignmentSenders } from "../api/get-senders";
import { SenderChoice } from "./sender-choice";
import { SenderDetails } from "./sender-details";
import { SenderFormModal } from "./sender-form-modal";

export type SenderStepProps = {
  quotationId: number;
  /** Called with what naming the sender answered (send_data carries sender_id and sender_name). */
  onContinue: (selection?: QuotationSelection) => void;
  onBack: () => void;
};

/**
 * The send-money flow's SENDER step. A client sends as themselves: their profile is the sender.
 * An agent picks one of its senders, or adds one, for the customer at the counter. Continuing names
 * the sender on the quotation (add-sender); the flow moves on once the API has accepted it.
 */
export const SenderStep = ({ quotationId, onContinue, onBack }: SenderStepProps) => {
  const { t } = useTranslation();
  const isClient = getAuthSnapshot().type === "client";
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const senders = useConsignmentSenders({
    page: isClient ? 1 : page,
    search: isClient ? "" : debouncedSearch,
  });
  const rows = senders.data?.data ?? [];
  const self = rows.find((sender) => sender.is_self) ?? null;
  const senderId = isClient ? (self?.id ?? null) : chosenId;

  const addSender = useMutation({
    mutationFn: (id: number) => addSenderToQuotation(quotationId, id),
    onSuccess: (selection) => onContinue(selection),
  });

  return (
    <Stack gap="lg">
      <StepHeading
        title={t("senders.step.title")}
        text={isClient ? t("senders.step.clientText") : t("senders.step.agentText")}
      />
      <QueryNotices
        query={senders}
        loading={<Skeleton height={160} radius="lg" />}
        errorText={t("senders.loadError")}
      />
      {isClient && self ? (
        <Card withBorder padding="lg" aria-label={t("senders.step.you")}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <SenderDetails sender={self} />
            <StatusBadge isPositive size="sm" style={{ flex: "none" }}>
              {t("senders.step.you")}
            </StatusBadge>
          </Group>
          <Text size="sm" c="dimmed" mt="sm">
            {t("senders.step.profileHint")}
          </Text>
        </Card>
      ) : null}
      {isClient ? null : (
        <>
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
            <AddButton variant="light" onClick={() => setCreating(true)}>
              {t("senders.new")}
            </AddButton>
          </Group>
          {senders.data && rows.length === 0 ? (
            <Text c="dimmed">{debouncedSearch ? t("senders.noMatches") : t("senders.step.none")}</Text>
          ) : null}
          <SenderChoice
            rows={rows}
            chosenId={chosenId}
            onChoose={(id) => setChosenId(id)}
            pages={senders.data}
            onPage={setPage}
          />
          <SenderFormModal
            opened={creating}
            sender={null}
            onClose={() => setCreating(false)}
            onSaved={(saved) => setChosenId(saved.id)}
          />
        </>
      )}
      <StepButtons
        backLabel={t("senders.step.back")}
        onBack={onBack}
        continueLabel={t("senders.step.continue")}
        onContinue={() => {
          if (senderId !== null) addSender.mutate(senderId);
        }}
        disabled={senderId === null}
        loading={addSender.isPending}
      />
    </Stack>
  );
};
