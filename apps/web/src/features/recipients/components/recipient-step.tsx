import { Alert, Button, Card, Group, Radio, Skeleton, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { StepHeading } from "@/shared/flow/review-shell";
import { AddButton } from "@/shared/ui/add-button";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { StepButtons } from "@/shared/ui/step-buttons";
import { useRecipients } from "../api/get-recipients";
import { addRecipientToQuotation } from "../api/mutate-recipient";
import type { Recipient, RecipientChoice, RecipientCorridor } from "../api/types";
import { methodLabel } from "../utils/recipient-labels";
import { RecipientFormModal } from "./recipient-form-modal";

type RecipientStepProps = {
  quotationId: number;
  /** The quotation's destination, currency and delivery method: a new recipient is added for them. */
  corridor: RecipientCorridor;
  /** The recipient already chosen on this quotation, if any. */
  recipientId: number | null;
  /** Spec §4: loading the list first clears the chosen recipient. */
  onListLoading: () => void;
  /** Spec §4: the quotation's answer once a recipient is chosen (send data and summary). */
  onChosen: (recipient: Recipient, choice: RecipientChoice) => void;
  onContinue: () => void;
  onBack: () => void;
};

/**
 * The send-money flow's RECIPIENT step (spec §2, §4): the recipients who can receive this
 * quotation (`GET /recipients?quotation_id=`), a new one through the recipients form modal preset
 * to the quotation's corridor, and the choice sent against the quotation (`PUT …/add-recipient`).
 */
export const RecipientStep = ({
  quotationId,
  corridor,
  recipientId,
  onListLoading,
  onChosen,
  onContinue,
  onBack,
}: RecipientStepProps) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [modalOpened, setModalOpened] = useState(false);

  // Spec §4: the list is loaded afresh, and the chosen recipient_id is cleared first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per quotation
  useEffect(() => {
    onListLoading();
  }, [quotationId]);
  const recipients = useRecipients({ email: "", type: "", page, quotation_id: quotationId });

  const choose = useMutation({
    mutationFn: (recipient: Recipient) => addRecipientToQuotation(quotationId, recipient.id),
    onSuccess: (choice, recipient) => onChosen(recipient, choice),
  });
  const pick = (recipient: Recipient) => choose.mutate(recipient);
  const closeModal = useCallback(() => setModalOpened(false), []);

  const list = recipients.data?.data ?? [];
  return (
    <Stack gap="lg">
      <StepHeading title={t("recipients.step.title")} text={t("recipients.step.text")} />

      {recipients.isPending || isSessionExpiredError(recipients.error) ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t("common.loading")}>
          <Skeleton height={64} radius="md" />
          <Skeleton height={64} radius="md" />
        </Stack>
      ) : null}
      {recipients.isError && !recipients.data && !isSessionExpiredError(recipients.error) ? (
        <LoadErrorAlert text={t("recipients.list.loadError")} onRetry={() => void recipients.refetch()} />
      ) : null}
      {recipients.data && list.length === 0 ? (
        <Alert color="vela" variant="light">
          {t("recipients.step.empty")}
        </Alert>
      ) : null}
      {list.length > 0 ? (
        <Radio.Group
          value={recipientId === null ? null : String(recipientId)}
          onChange={(value) => {
            const recipient = list.find((candidate) => String(candidate.id) === value);
            if (recipient) pick(recipient);
          }}
          label={t("recipients.list.label")}
        >
          <Stack gap="sm" mt="xs">
            {list.map((recipient) => (
              <Radio.Card
                key={recipient.id}
                value={String(recipient.id)}
                radius="md"
                p="md"
                disabled={choose.isPending}
                aria-label={t("recipients.step.choose", { name: recipient.name })}
              >
                <Group wrap="nowrap" align="center" gap="md">
                  <Radio.Indicator />
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={650} truncate>
                      {recipient.name}
                    </Text>
                    {recipient.email ? (
                      <Text size="sm" c="dimmed" truncate>
                        {recipient.email}
                      </Text>
                    ) : null}
                    <Text size="sm" c="dimmed" truncate>
                      {`${recipient.country_iso} · ${recipient.currency_iso} · ${methodLabel(recipient, t)}`}
                    </Text>
                  </div>
                  {recipient.id === recipientId ? (
                    <Text size="sm" fw={600} c="teal.9">
                      {t("recipients.step.chosen")}
                    </Text>
                  ) : null}
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {recipients.data && recipients.data.last_page > 1 ? (
        <Group gap="xs">
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("recipients.list.previous")}
          </Button>
          <Text size="sm" c="dimmed">
            {t("recipients.list.page", { page: recipients.data.current_page })}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={page >= recipients.data.last_page}
            onClick={() => setPage(page + 1)}
          >
            {t("recipients.list.next")}
          </Button>
        </Group>
      ) : null}

      <Card withBorder radius="md" padding="sm" bg="gray.0">
        <AddButton variant="subtle" onClick={() => setModalOpened(true)}>
          {t("recipients.step.add")}
        </AddButton>
      </Card>

      <StepButtons
        backLabel={t("recipients.step.back")}
        onBack={onBack}
        continueLabel={t("recipients.step.continue")}
        onContinue={onContinue}
        disabled={recipientId === null || choose.isPending}
        loading={choose.isPending}
      />

      <RecipientFormModal
        opened={modalOpened}
        onClose={closeModal}
        recipient={null}
        preset={{ quotationId, corridor }}
        // The recipient just added is the one the person means to send to: chosen at once.
        onSaved={pick}
      />
    </Stack>
  );
};
