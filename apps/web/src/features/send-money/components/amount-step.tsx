import { Box, Button, NativeSelect, Stack } from "@mantine/core";
import { IconAlertCircle, IconArrowRight, IconTruckDelivery } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import { CountrySelect } from "@/shared/ui/country-select";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { useAmountSelection } from "../hooks/use-amount-selection";
import { useCorridorSelection } from "../hooks/use-corridor-selection";
import { type AmountSide, useSendMoneyStore } from "../stores/send-money-store";
import type { AmountSelection } from "../utils/send-money-search";
import { AmountField } from "./amount-field";
import { AmountStepLoading, FieldSkeleton } from "./amount-step-loading";
import { QuoteSummary } from "./quote-summary";

export type AmountStepProps = {
  /** The button's text: "Get started" on the home page, "Continue" inside the flow. */
  continueLabel: string;
  /** Called with the priced selection once it is complete and within limits; the host decides what follows. */
  onContinue: (selection: AmountSelection) => void;
};

/**
 * The send-money flow's AMOUNT step (spec §2), also the home page's calculator: origin and
 * destination, the currencies that follow them (a loaded list shows the person's default: their
 * country and its currency, or the browser's region, or a served one; never its first row), the
 * delivery method (`vela` by default), and either amount — the other follows from the public
 * calculator once typing pauses. Amounts left outside the limits are replaced as spec §5 says.
 * The person's choices live in the send-money store, so the rest of the flow starts from them;
 * the lists and the price live in TanStack Query.
 */
export const AmountStep = ({ continueLabel, onContinue }: AmountStepProps) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const { setCountryFrom, setCountryTo, setCurrencyFrom, setCurrencyTo, setShippingMethod } =
    useSendMoneyStore.getState();
  const corridor = useCorridorSelection();
  const amounts = useAmountSelection(corridor);
  const { methods, method } = corridor;

  const amountField = (side: AmountSide) => {
    const isSend = side === "send";
    const currencies = isSend ? corridor.currenciesFrom : corridor.currenciesTo;
    return (
      <AmountField
        side={side}
        amount={amounts.amountOf(side)}
        decimals={amounts.decimalsOf(side)}
        isUpdating={amounts.isUpdating(side)}
        hasError={amounts.hasLiveError(side)}
        message={amounts.messageFor(side)}
        currencies={currencies.data}
        currencyId={(isSend ? corridor.currencyFrom : corridor.currencyTo)?.id ?? null}
        areCurrenciesLoading={currencies.isLoading}
        onAmountChange={(amount) => amounts.type(side, amount)}
        onFocus={() => amounts.focus(side)}
        onBlur={() => amounts.leave(side)}
        onCurrencyChange={(chosen) => (isSend ? setCurrencyFrom(chosen.id) : setCurrencyTo(chosen.id))}
      />
    );
  };

  if (corridor.isLoading) return <AmountStepLoading continueLabel={continueLabel} />;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const selection = amounts.submit();
        if (selection) onContinue(selection);
      }}
    >
      {corridor.hasFailedList ? (
        <LoadErrorAlert
          radius="md"
          icon={<IconAlertCircle size={20} aria-hidden />}
          title={t("sendMoney.amountStep.loadError")}
          text={t("sendMoney.amountStep.loadErrorHint")}
          onRetry={corridor.retryFailedLists}
        />
      ) : (
        <Stack gap="sm">
          <CountrySelect
            label={t("sendMoney.amountStep.sendFrom")}
            countries={corridor.fromCountries.data ?? []}
            value={corridor.countryFrom?.id ?? null}
            onChange={(country) => setCountryFrom(country.id)}
          />
          {amountField("send")}
          <CountrySelect
            label={t("sendMoney.amountStep.receiveIn")}
            countries={corridor.toCountries.data ?? []}
            value={corridor.countryTo?.id ?? null}
            onChange={(country) => setCountryTo(country.id)}
          />
          {amountField("receiving")}
          {methods.isLoading ? (
            <FieldSkeleton />
          ) : (
            <NativeSelect
              label={t("sendMoney.amountStep.deliveryMethod")}
              data={
                methods.data?.length
                  ? methods.data.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))
                  : [{ value: "", label: t("sendMoney.amountStep.noDeliveryMethods") }]
              }
              value={method ? String(method.id) : ""}
              disabled={!methods.data?.length}
              leftSection={<IconTruckDelivery size={18} aria-hidden />}
              leftSectionPointerEvents="none"
              onChange={(event) => setShippingMethod(Number(event.currentTarget.value))}
            />
          )}
        </Stack>
      )}

      <QuoteSummary
        status={corridor.hasFailedList ? "invalid" : amounts.quoteStatus}
        calculation={amounts.calculation.data}
        method={method}
        fromDecimals={amounts.decimalsOf("send")}
        locale={locale}
        onRetry={() => void amounts.calculation.refetch()}
      />

      <Button
        type="submit"
        size="lg"
        fullWidth
        rightSection={<IconArrowRight size={20} aria-hidden />}
        disabled={corridor.hasFailedList || amounts.isUnavailable || !corridor.pricedCorridor}
      >
        {continueLabel}
      </Button>
    </Box>
  );
};
