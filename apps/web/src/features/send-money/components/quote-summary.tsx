import { Alert, Paper, Skeleton, Text } from "@mantine/core";
import { IconAlertCircle, IconClockHour4, IconRouteOff, IconShieldCheck } from "@tabler/icons-react";
import { compareAmounts } from "@vela/shared/decimal";
import { formatMoney, type MoneyLocale, rateText } from "@vela/shared/money";
import type { Calculation, ShippingMethod } from "@vela/shared/pricing";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import classes from "./amount-step.module.css";

/**
 * Where the price stands: `empty` while no amount is typed, `loading` while one is worked out,
 * `ready` with a calculation, `invalid` while the amount is refused (its field says why),
 * `unavailable` when the corridor is not offered, `error` when the price could not be asked.
 */
export type QuoteStatus = "empty" | "loading" | "ready" | "invalid" | "unavailable" | "error";

type QuoteSummaryProps = {
  status: QuoteStatus;
  calculation: Calculation | undefined;
  /** The chosen delivery method: its transfer time and rate guarantee are known before any price. */
  method: ShippingMethod | undefined;
  fromDecimals: number;
  locale: MoneyLocale;
  onRetry: () => void;
};

const Row = ({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) => (
  <div className={strong ? `${classes.quoteRow} ${classes.quoteTotal}` : classes.quoteRow}>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

const ValueSkeleton = ({ width }: { width: number }) => (
  <Skeleton height={14} width={width} radius="sm" display="inline-block" />
);

/**
 * The price of the transfer, as the calculator answers it: our fee, the rate ("1 USD = 20.2224
 * MXN"), when it arrives and whether the rate is guaranteed, and the total to pay. Amounts go
 * through the one money formatter; skeletons stand in for values still being worked out.
 */
export const QuoteSummary = ({
  status,
  calculation,
  method,
  fromDecimals,
  locale,
  onRetry,
}: QuoteSummaryProps) => {
  const { t } = useTranslation();

  if (status === "unavailable") {
    return (
      <Alert
        className={classes.quote}
        classNames={{ title: classes.unavailableTitle, icon: classes.unavailableTitle }}
        color="orange"
        variant="light"
        radius="md"
        icon={<IconRouteOff size={20} aria-hidden />}
        title={t("sendMoney.amountStep.unavailableTitle")}
      >
        <Text size="sm">{t("sendMoney.amountStep.unavailableHint")}</Text>
      </Alert>
    );
  }
  if (status === "error") {
    return (
      <LoadErrorAlert
        className={classes.quote}
        radius="md"
        icon={<IconAlertCircle size={20} aria-hidden />}
        title={t("sendMoney.amountStep.quoteError")}
        text={t("sendMoney.amountStep.loadErrorHint")}
        onRetry={onRetry}
      />
    );
  }

  const ready = status === "ready" && calculation !== undefined ? calculation : null;
  const money = (amount: string) =>
    ready
      ? formatMoney(amount, { currencyIso: ready.currency_from_iso, decimals: fromDecimals, locale })
      : "";
  const value = (text: string | undefined, width: number) =>
    status === "loading" ? <ValueSkeleton width={width} /> : (text ?? "—");
  const hasDiscount = ready !== null && compareAmounts(ready.discount, "0") > 0;

  return (
    <Paper
      className={classes.quote}
      radius="md"
      component="section"
      aria-label={t("sendMoney.amountStep.quoteTitle")}
      aria-busy={status === "loading"}
    >
      {status === "loading" && (
        <Text className={classes.visuallyHidden} role="status">
          {t("sendMoney.amountStep.calculating")}
        </Text>
      )}
      <dl className={classes.quoteList}>
        <Row label={t("sendMoney.amountStep.fee")}>
          {value(ready ? money(ready.vela_fee_amount) : undefined, 72)}
        </Row>
        {hasDiscount && <Row label={t("sendMoney.amountStep.discount")}>−{money(ready.discount)}</Row>}
        <Row label={t("sendMoney.amountStep.rate")}>
          {value(
            ready
              ? (rateText(ready.currency_from_iso, ready.currency_to_iso, ready.rate, locale) ?? undefined)
              : undefined,
            150,
          )}
        </Row>
        <Row label={t("sendMoney.amountStep.transferTime")}>{method?.transfer_time ?? "—"}</Row>
        <Row label={t("sendMoney.amountStep.rateKind")}>
          {method ? (
            <span className={method.guaranteed_rate ? classes.rateGuaranteed : classes.rateEstimated}>
              {method.guaranteed_rate ? (
                <IconShieldCheck size={16} aria-hidden />
              ) : (
                <IconClockHour4 size={16} aria-hidden />
              )}
              {method.guaranteed_rate
                ? t("sendMoney.amountStep.guaranteedRate")
                : t("sendMoney.amountStep.estimatedRate")}
            </span>
          ) : (
            "—"
          )}
        </Row>
        <Row label={t("sendMoney.amountStep.total")} strong>
          {value(ready ? money(ready.amount_paid) : undefined, 96)}
        </Row>
      </dl>
      <Text size="xs" c="dimmed" mt={10}>
        {status === "empty" ? t("sendMoney.amountStep.enterAmount") : t("sendMoney.amountStep.noCharge")}
      </Text>
    </Paper>
  );
};
