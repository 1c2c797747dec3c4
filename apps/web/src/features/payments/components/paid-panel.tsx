import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { moneyText } from "@vela/shared/money";
import type { Payment } from "@vela/shared/payments";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import { TransferInstructions } from "./transfer-instructions";

/** What was paid, in words: the card held or charged, the account debited, or the payment as a whole. */
const usePaymentSentence = (payment: Payment) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const amount = moneyText(payment.amount, payment.currency, locale);
  if (payment.card) {
    const card = { brand: payment.card.brand, last4: payment.card.last4, amount };
    return payment.status === "succeeded"
      ? t("payment.paid.cardCharged", card)
      : t("payment.paid.cardAuthorized", card);
  }
  if (payment.bank)
    return t("payment.paid.bankDebit", { bank: payment.bank.bank_name, last4: payment.bank.last4, amount });
  return t("payment.paid.other", { amount });
};

export type PaidPanelProps = {
  payment: Payment;
  /** On to the review: the payment stands, nothing is paid again. */
  onContinue: () => void;
  /** The way out: the quotation's terms are frozen (issue 18), another method needs a new quotation. */
  onStartOver: () => void;
};

/**
 * The PAYMENT step once the quotation has a live payment (authorized card, pending debit, transfer
 * instructions issued): the payment shown as chosen and done, no method to switch to (the API
 * refuses it with 409), Continue to the review, and a new quotation to pay another way.
 */
export const PaidPanel = ({ payment, onContinue, onStartOver }: PaidPanelProps) => {
  const { t } = useTranslation();
  const sentence = usePaymentSentence(payment);
  return (
    <Stack gap="md" data-testid="paid-panel">
      <Title order={3} size="h4">
        {t("payment.paid.title")}
      </Title>
      {payment.instructions ? (
        <TransferInstructions instructions={payment.instructions} />
      ) : (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCircleCheck
            size={22}
            color="var(--mantine-color-teal-7)"
            aria-hidden
            style={{ flexShrink: 0 }}
          />
          <Text fw={600}>{sentence}</Text>
        </Group>
      )}
      <Alert color="gray" variant="light">
        {t("payment.paid.frozen")}
      </Alert>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {/* A link-styled button: its long label wraps on a phone instead of being cut. */}
        <Anchor component="button" type="button" fw={600} ta="left" onClick={onStartOver}>
          {t("payment.paid.startOver")}
        </Anchor>
        <Button onClick={onContinue}>
          {/* A transfer is still to be sent by the payer: its button says they will. */}
          {t(payment.instructions ? "payment.transfer.continue" : "payment.paid.continue")}
        </Button>
      </Group>
    </Stack>
  );
};
