import { Divider, Stack, Text } from "@mantine/core";
import type { Quotation } from "@vela/shared/pricing";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SummaryList } from "@/shared/flow/summary-list";
import { useQuotationRows } from "./wallet-review-step";

/** The held price of a wallet flow, for the account layout's right panel and summary drawer. */
export const WalletQuoteSummary = ({
  quotation,
  receiveLabel,
  details = [],
}: {
  quotation: Quotation;
  receiveLabel: string;
  details?: [string, ReactNode][];
}) => {
  const { t } = useTranslation();
  const rows = useQuotationRows(quotation, receiveLabel);
  return (
    <Stack gap="sm" role="region" aria-label={t("wallets.summary.title")}>
      <Text fw={650}>{t("wallets.summary.title")}</Text>
      <SummaryList rows={rows} />
      {details.length > 0 ? (
        <>
          <Divider />
          <SummaryList rows={details} />
        </>
      ) : null}
    </Stack>
  );
};
