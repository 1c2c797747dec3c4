import { Alert, Button, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconCheck } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { moneyText, rateText } from "@vela/shared/money";
import type { ConfirmationRecord } from "@vela/shared/orders";
import type { Quotation } from "@vela/shared/pricing";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";
import { useLanguage } from "@/shared/i18n/use-language";
import { createWalletTransaction, type WalletTransactionBody } from "../api/create-transaction";
import { WALLETS_QUERY_KEY } from "../api/get-wallets";
import type { WalletMoneyService } from "../api/money-services";
import type { WalletFlowStore } from "../stores/wallet-flow-store";
import { SummaryList } from "./summary-list";

/** A failure that is the answer to this attempt (not a lost connection): the next try is a new attempt. */
export const isFinalAnswer = (error: unknown) =>
  isApiError(error) &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 409 &&
  error.status !== 429;

/** The price rows of a wallet quotation: what is paid, the fee, the rate and what arrives. */
export const useQuotationRows = (quotation: Quotation, receiveLabel: string): [string, ReactNode][] => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const from = quotation.currency_from_iso;
  const to = quotation.currency_to_iso;
  return [
    [t("wallets.summary.amount"), moneyText(quotation.send_amount, from, locale)],
    [t("wallets.summary.fee"), moneyText(quotation.vela_fee_amount, from, locale)],
    [t("wallets.summary.total"), moneyText(quotation.amount_paid, from, locale)],
    // One currency has no rate worth a line.
    ...(from === to
      ? []
      : ([[t("wallets.summary.rate"), rateText(from, to, quotation.rate, locale)]] as [string, ReactNode][])),
    [receiveLabel, moneyText(quotation.receiving_amount, to, locale)],
  ];
};

/**
 * SEND (the review) of the wallet flows: the held price once more, then the transaction. Its
 * Idempotency-Key is made once per attempt and kept in the flow's store across a double click, a
 * retry after a lost answer and a reload, so the money moves once.
 */
export const WalletReviewStep = ({
  service,
  store,
  quotation,
  title,
  text,
  receiveLabel,
  details = [],
  body,
  confirmLabel,
  notice,
  onConfirmed,
  onBack,
}: {
  service: WalletMoneyService;
  store: WalletFlowStore;
  quotation: Quotation;
  title: string;
  text: string;
  receiveLabel: string;
  /** Who receives, how it is paid. */
  details?: [string, ReactNode][];
  body: WalletTransactionBody;
  confirmLabel: string;
  notice?: string;
  onConfirmed: (record: ConfirmationRecord) => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rows = useQuotationRows(quotation, receiveLabel);
  const transaction = useMutation({
    mutationFn: () => createWalletTransaction(service, body, store.getState().ensureTransactionKey()),
    onSuccess: async (record) => {
      // The balances, the chart and the transactions all moved.
      await queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
      onConfirmed(record);
    },
    onError: (error) => {
      if (isFinalAnswer(error)) store.getState().forgetTransactionKey();
      notifyApiError(error);
    },
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed" mt={4}>
          {text}
        </Text>
      </div>
      <SummaryList label={t("wallets.summary.price")} rows={rows} />
      {details.length > 0 ? (
        <>
          <Divider />
          <SummaryList label={t("wallets.summary.details")} rows={details} />
        </>
      ) : null}
      {notice ? (
        <Alert color="blue" variant="light">
          {notice}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
          {t("sendFlow.back")}
        </Button>
        <Button
          rightSection={<IconCheck size={18} aria-hidden />}
          loading={transaction.isPending}
          onClick={() => {
            if (!transaction.isPending) transaction.mutate();
          }}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
};
