import { Divider, Stack, Text } from "@mantine/core";
import { moneyText, rateText } from "@vela/shared/money";
import type { Quotation } from "@vela/shared/pricing";
import { useTranslation } from "react-i18next";
import { SummaryLine, type SummaryLineProps } from "@/shared/flow/summary-list";
import { useLanguage } from "@/shared/i18n/use-language";

const Row = (props: SummaryLineProps) => <SummaryLine valueWeight={500} {...props} />;

/**
 * The transfer being prepared, for the account layout's panels while the send-money flow runs:
 * what is sent and paid, the rate, what arrives and how, and the recipient once chosen.
 */
export const TransferSummary = ({
  quotation,
  recipientName,
  senderName = null,
  paymentText = null,
  statusText = null,
}: {
  quotation: Quotation;
  recipientName: string | null;
  senderName?: string | null;
  /** How it is paid, once a payment is made ("Visa •••• 4242"). */
  paymentText?: string | null;
  /** The order's status once the transfer is confirmed. */
  statusText?: string | null;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const money = (amount: string, currencyIso: string) => moneyText(amount, currencyIso, locale);
  const from = quotation.currency_from_iso;
  const to = quotation.currency_to_iso;
  const rate = rateText(from, to, quotation.rate, locale);
  return (
    <Stack gap="sm" aria-label={t("sendFlow.summary.title")} role="region">
      <Text fw={650}>{t("sendFlow.summary.title")}</Text>
      <Stack component="dl" gap={8} m={0}>
        <Row label={t("sendFlow.summary.send")}>{money(quotation.send_amount, from)}</Row>
        <Row label={t("sendFlow.summary.fee")}>{money(quotation.vela_fee_amount, from)}</Row>
        <Row label={t("sendFlow.summary.total")} strong>
          {money(quotation.amount_paid, from)}
        </Row>
      </Stack>
      <Divider />
      <Stack component="dl" gap={8} m={0}>
        {rate ? <Row label={t("sendFlow.summary.rate")}>{rate}</Row> : null}
        <Row label={t("sendFlow.summary.receive")} strong>
          {money(quotation.receiving_amount, to)}
        </Row>
        <Row label={t("sendFlow.summary.method")}>{quotation.shipping_method.name}</Row>
        {senderName ? <Row label={t("sendFlow.summary.sender")}>{senderName}</Row> : null}
        {recipientName ? <Row label={t("sendFlow.summary.recipient")}>{recipientName}</Row> : null}
        {paymentText ? <Row label={t("sendFlow.summary.payment")}>{paymentText}</Row> : null}
        {statusText ? <Row label={t("sendFlow.summary.status")}>{statusText}</Row> : null}
      </Stack>
    </Stack>
  );
};
