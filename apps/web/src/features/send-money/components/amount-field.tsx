import { Group, Loader } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { Currency } from "@vela/shared/reference";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import { AmountInput } from "@/shared/ui/amount-input";
import { CurrencySelect } from "@/shared/ui/currency-select";
import type { AmountSide } from "../stores/send-money-store";
import classes from "./amount-step.module.css";
import { FieldSkeleton } from "./amount-step-loading";

/** The §5 message by an amount field. A live region, so a replaced amount is announced as it happens. */
const AmountMessage = ({ message }: { message: string | null }) => (
  <div role="status" className={classes.amountMessage}>
    {message && (
      <>
        <IconInfoCircle size={16} aria-hidden className={classes.amountMessageIcon} />
        <span>{message}</span>
      </>
    )}
  </div>
);

type AmountFieldProps = {
  side: AmountSide;
  amount: string;
  decimals: number;
  /** The amount follows a price still on its way: empty, marked "Updating…". */
  isUpdating: boolean;
  hasError: boolean;
  message: string | null;
  currencies: Currency[] | undefined;
  currencyId: number | null;
  areCurrenciesLoading: boolean;
  onAmountChange: (amount: string) => void;
  onFocus: () => void;
  onBlur: () => void;
  onCurrencyChange: (currency: Currency) => void;
};

/** One amount of the AMOUNT step (what is sent or what arrives), its currency and its message. */
export const AmountField = ({
  side,
  amount,
  decimals,
  isUpdating,
  hasError,
  message,
  ...props
}: AmountFieldProps) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const isSend = side === "send";
  return (
    <div>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <AmountInput
          label={isSend ? t("sendMoney.amountStep.sendAmount") : t("sendMoney.amountStep.receiveAmount")}
          amount={amount}
          placeholder={isUpdating ? t("sendMoney.amountStep.updating") : undefined}
          aria-busy={isUpdating}
          onAmountChange={props.onAmountChange}
          onFocus={props.onFocus}
          onBlur={props.onBlur}
          decimals={decimals}
          locale={locale}
          error={hasError}
          rightSection={isUpdating ? <Loader size={16} aria-hidden /> : undefined}
          className={classes.amount}
          classNames={{ input: classes.amountInput }}
        />
        {props.areCurrenciesLoading ? (
          <FieldSkeleton width={120} labelWidth={70} />
        ) : (
          <CurrencySelect
            label={t("sendMoney.amountStep.currency")}
            ariaLabel={
              isSend ? t("sendMoney.amountStep.sendCurrency") : t("sendMoney.amountStep.receiveCurrency")
            }
            currencies={props.currencies ?? []}
            value={props.currencyId}
            compact
            w={120}
            onChange={props.onCurrencyChange}
          />
        )}
      </Group>
      <AmountMessage message={message} />
    </div>
  );
};
