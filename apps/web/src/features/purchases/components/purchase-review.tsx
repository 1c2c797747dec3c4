import { Avatar, Divider, Group, Stack, Text } from "@mantine/core";
import { moneyText, rateText } from "@vela/shared/money";
import type {
  PurchaseConfirmation,
  PurchaseItem,
  PurchaseQuotation,
  PurchaseService,
} from "@vela/shared/purchases";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ReviewShell, useFlowTransaction } from "@/shared/flow/review-shell";
import { SummaryList } from "@/shared/flow/summary-list";
import { useLanguage } from "@/shared/i18n/use-language";
import { createPurchaseTransaction } from "../api/orders";
import { noteSenderRefusal } from "../hooks/use-create-quotation";
import type { PurchaseFlowStore } from "../stores/purchase-flow-store";

/** What was bought, in rows: the operator and number, the card and its recipient, or the bill. */
export const useItemRows = (item: PurchaseItem): [string, ReactNode][] => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const face = moneyText(item.face_value, item.face_currency_iso, locale);
  switch (item.service) {
    case "reload-phones":
      return [
        [t("purchases.item.operator"), item.provider_name],
        [t("purchases.item.phone"), item.account],
        [t("purchases.item.product"), item.product_name],
        [t("purchases.item.topupValue"), face],
      ];
    case "gift-cards":
      return [
        [t("purchases.item.card"), `${item.provider_name} · ${item.product_name}`],
        [t("purchases.item.cardValue"), face],
        [
          t("purchases.item.recipient"),
          item.recipient_name ? `${item.recipient_name} (${item.account})` : item.account,
        ],
      ];
    case "prepaid-pay-bills":
      return [
        [t("purchases.item.provider"), item.provider_name],
        [t("purchases.item.reference"), item.account],
        [t("purchases.item.plan"), item.product_name],
        ...(item.recipient_name
          ? ([[t("purchases.item.payer"), item.recipient_name]] as [string, string][])
          : []),
        [t("purchases.item.billValue"), face],
      ];
  }
};

/** The price rows of a purchase: what it costs, the fee, the rate and the total. */
export const usePriceRows = (quotation: {
  send_amount: string;
  vela_fee_amount: string;
  discount: string;
  amount_paid: string;
  rate: string;
  currency_from_iso: string;
  currency_to_iso: string;
}): [string, ReactNode][] => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const from = quotation.currency_from_iso;
  const to = quotation.currency_to_iso;
  const rate = rateText(from, to, quotation.rate, locale);
  return [
    [t("purchases.price.amount"), moneyText(quotation.send_amount, from, locale)],
    [t("purchases.price.fee"), moneyText(quotation.vela_fee_amount, from, locale)],
    ...(quotation.discount && Number(quotation.discount) !== 0
      ? ([[t("purchases.price.discount"), `−${moneyText(quotation.discount, from, locale)}`]] as [
          string,
          string,
        ][])
      : []),
    ...(rate ? ([[t("purchases.price.rate"), rate]] as [string, string][]) : []),
    [t("purchases.price.total"), moneyText(quotation.amount_paid, from, locale)],
  ];
};

const ItemHeader = ({ item }: { item: PurchaseItem }) => (
  <Group gap="sm" wrap="nowrap">
    <Avatar src={item.logo_url} alt="" radius="sm" color="vela">
      {item.provider_name.charAt(0)}
    </Avatar>
    <div>
      <Text fw={650}>{item.provider_name}</Text>
      <Text size="sm" c="dimmed">
        {item.product_name}
      </Text>
    </div>
  </Group>
);

/**
 * SEND: the quotation once more (what is bought, the price, how it is paid) and Confirm, which
 * places the purchase (POST /{service}/transaction) with the attempt's Idempotency-Key.
 */
export const PurchaseReviewStep = ({
  service,
  store,
  quotation,
  paymentText,
  paymentId,
  onConfirmed,
  onBack,
}: {
  service: PurchaseService;
  store: PurchaseFlowStore;
  quotation: PurchaseQuotation;
  paymentText: string | null;
  /** The payment made on PAYMENT; null when the wallet pays. */
  paymentId: number | null;
  onConfirmed: (record: PurchaseConfirmation) => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const itemRows = useItemRows(quotation.item);
  const priceRows = usePriceRows(quotation);
  const transaction = useFlowTransaction({
    store,
    place: (key) =>
      createPurchaseTransaction(
        service,
        paymentId === null
          ? { quotation_id: quotation.id }
          : { quotation_id: quotation.id, payment_id: paymentId },
        key,
      ).catch((error: unknown) => {
        // The customer's day grew since the quotation (another agent): back to SENDER with why.
        noteSenderRefusal(store, error);
        throw error;
      }),
    meta: { notifyOnError: false },
    onSuccess: onConfirmed,
  });
  return (
    <ReviewShell
      title={t(`purchases.review.${service}`)}
      text={t("purchases.review.text")}
      backLabel={t("purchases.back")}
      onBack={onBack}
      confirmLabel={t("purchases.review.confirm", {
        amount: moneyText(quotation.amount_paid, quotation.currency_from_iso, locale),
      })}
      transaction={transaction}
      buttonGap="sm"
    >
      <ItemHeader item={quotation.item} />
      <SummaryList label={t("purchases.review.item")} rows={itemRows} />
      <Divider />
      <SummaryList label={t("purchases.review.price")} rows={priceRows} />
      <Divider />
      <SummaryList
        label={t("purchases.review.payment")}
        rows={[[t("purchases.review.paidWith"), paymentText ?? "—"]]}
      />
    </ReviewShell>
  );
};

/** The purchase being prepared, for the account layout's right panel and summary drawer. */
export const PurchaseSummary = ({
  quotation,
  paymentText,
}: {
  quotation: PurchaseQuotation;
  paymentText: string | null;
}) => {
  const { t } = useTranslation();
  const itemRows = useItemRows(quotation.item);
  const priceRows = usePriceRows(quotation);
  return (
    <Stack gap="sm" role="region" aria-label={t("purchases.summary")}>
      <Text fw={650}>{t("purchases.summary")}</Text>
      <SummaryList rows={itemRows} />
      <Divider />
      <SummaryList
        rows={[
          ...priceRows,
          ...(paymentText ? ([[t("purchases.review.paidWith"), paymentText]] as [string, string][]) : []),
        ]}
      />
    </Stack>
  );
};
