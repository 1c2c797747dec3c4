import { Alert, Divider } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { moneyText, rateText } from "@vela/shared/money";
import type { ConfirmationRecord } from "@vela/shared/orders";
import type { Quotation } from "@vela/shared/pricing";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ReviewShell, useFlowTransaction } from "@/shared/flow/review-shell";
import { SummaryList } from "@/shared/flow/summary-list";
import { useLanguage } from "@/shared/i18n/use-language";
import { createWalletTransaction, type WalletTransactionBody } from "../api/create-transaction";
import { WALLETS_QUERY_KEY } from "../api/get-wallets";
import type { WalletMoneyService } from "../api/money-services";
import type { WalletFlowStore } from "../stores/wallet-flow-store";

/** The price rows of a wallet quotation (or of the order placed on it): what is paid, the fee, the rate and what arrives. */
export const useQuotationRows = (
  quotation: Quotation | ConfirmationRecord,
  receiveLabel: string,
): [string, ReactNode][] => {
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
 * SEND (the review) of the wallet flows: the held price once more, then the transaction, placed
 * once per attempt (the flow kit's transaction key).
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
  const transaction = useFlowTransaction({
    store,
    place: (key) => createWalletTransaction(service, body, key),
    onSuccess: async (record) => {
      // The balances, the chart and the transactions all moved.
      await queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
      onConfirmed(record);
    },
  });

  return (
    <ReviewShell
      title={title}
      text={text}
      backLabel={t("sendFlow.back")}
      onBack={onBack}
      confirmLabel={confirmLabel}
      transaction={transaction}
    >
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
    </ReviewShell>
  );
};
