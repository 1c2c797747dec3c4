import { Alert, Box, Button, Group, Loader, NativeSelect, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconArrowRight, IconInfoCircle, IconTruckDelivery } from "@tabler/icons-react";
import { completeAmount, inputDecimals, isCutOnCompletion } from "@vela/shared/amount-text";
import { formatMoney } from "@vela/shared/money";
import type { Currency } from "@vela/shared/reference";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/shared/api/api-error";
import { useLanguage } from "@/shared/i18n/use-language";
import { AmountInput } from "@/shared/ui/amount-input";
import { CountrySelect } from "@/shared/ui/country-select";
import { CurrencySelect } from "@/shared/ui/currency-select";
import type { Corridor } from "../api/corridor";
import { useCurrenciesFrom } from "../api/get-currencies-from";
import { useCurrenciesTo } from "../api/get-currencies-to";
import { type HomeCalculationRequest, useHomeCalculation } from "../api/get-home-calculation";
import { useHomeCountries } from "../api/get-home-countries";
import { useLimits } from "../api/get-limits";
import { useShippingMethods } from "../api/get-shipping-methods";
import { type AmountCorrection, type AmountSide, useSendMoneyStore } from "../stores/send-money-store";
import { amountFieldError, limitCorrection, serverLimitCorrection } from "../utils/amount-limits";
import { defaultCorridorCountryId, defaultCorridorCurrencyId } from "../utils/corridor-defaults";
import { type AmountSelection, amountSelectionOf } from "../utils/send-money-search";
import classes from "./amount-step.module.css";
import { type QuoteStatus, QuoteSummary } from "./quote-summary";

/** How long typing must pause before the other amount is asked for: one request per pause, not per key. */
export const AMOUNT_DEBOUNCE_MS = 400;

/** Fields of the calculator's 422 that mean "this corridor or method is not offered", not "fix the amount". */
const CORRIDOR_FIELDS = [
  "country_from_id",
  "country_to_id",
  "currency_from_id",
  "currency_to_id",
  "shipping_method_id",
] as const;

export type AmountStepProps = {
  /** The button's text: "Get started" on the home page, "Continue" inside the flow. */
  continueLabel: string;
  /** Called with the priced selection once it is complete and within limits; the host decides what follows. */
  onContinue: (selection: AmountSelection) => void;
};

const idsOf = (items: readonly { id: number }[]) => items.map((item) => item.id);

const findById = <T extends { id: number }>(items: readonly T[] | undefined, id: number | null) =>
  id === null ? undefined : items?.find((item) => item.id === id);

const FieldSkeleton = () => (
  <Stack gap={6}>
    <Skeleton height={14} width={110} radius="sm" />
    <Skeleton height={42} radius="md" />
  </Stack>
);

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

/**
 * The AMOUNT step while the countries are not known yet: skeletons where the fields will be, the
 * price box waiting and the button disabled. It is also what the prerendered home page shows until
 * the step has its data (see PreparedAmountStep), so both render this same markup.
 */
export const AmountStepLoading = ({ continueLabel }: Pick<AmountStepProps, "continueLabel">) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  return (
    <Box component="form" noValidate onSubmit={(event) => event.preventDefault()}>
      <Stack gap="md" role="status" aria-busy="true" aria-label={t("common.loading")}>
        <FieldSkeleton />
        <FieldSkeleton />
        <FieldSkeleton />
        <FieldSkeleton />
        <FieldSkeleton />
      </Stack>
      <QuoteSummary
        status="loading"
        calculation={undefined}
        method={undefined}
        fromDecimals={2}
        locale={locale}
        onRetry={() => undefined}
      />
      <Button
        type="submit"
        size="lg"
        fullWidth
        rightSection={<IconArrowRight size={20} aria-hidden />}
        disabled
      >
        {continueLabel}
      </Button>
    </Box>
  );
};

/**
 * The send-money flow's AMOUNT step (spec §2), also the home page's calculator: origin and
 * destination, the currencies that follow them (a loaded list selects the person's default:
 * their country and its currency, or the browser's region, or a served one; never its first row),
 * the delivery method (`vela` by default), and either amount — the other follows from the public
 * calculator once typing pauses. Amounts left outside the limits are replaced as spec §5 says.
 * The selection lives in the send-money store, so the rest of the flow starts from it.
 */
export const AmountStep = ({ continueLabel, onContinue }: AmountStepProps) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const store = useSendMoneyStore();
  // The last keystroke not yet committed for pricing: the debounce in progress. A new object per
  // keystroke, so each one restarts the wait.
  const [pending, setPending] = useState<{ side: AmountSide; amount: string } | null>(null);
  const pendingSide = pending?.side ?? null;
  // The field with the focus: a limit the server reports while someone types is shown, not yet applied.
  const [focusedSide, setFocusedSide] = useState<AmountSide | null>(null);

  const fromCountries = useHomeCountries("from");
  const toCountries = useHomeCountries("to");
  const currenciesFrom = useCurrenciesFrom(store.country_from_id);
  const currenciesTo = useCurrenciesTo(store.country_to_id);
  const { countriesLoaded, currenciesLoaded, shippingMethodsLoaded, limitsLoaded, calculationLoaded } = store;

  // Each list, once loaded, starts on the person's default (shared/defaults), not on its first row.
  useEffect(() => {
    if (fromCountries.data)
      countriesLoaded(
        "from",
        idsOf(fromCountries.data),
        defaultCorridorCountryId("from", fromCountries.data),
      );
  }, [fromCountries.data, countriesLoaded]);
  useEffect(() => {
    if (toCountries.data)
      countriesLoaded("to", idsOf(toCountries.data), defaultCorridorCountryId("to", toCountries.data));
  }, [toCountries.data, countriesLoaded]);
  const countryFromId = store.country_from_id;
  const countryToId = store.country_to_id;
  useEffect(() => {
    if (currenciesFrom.data)
      currenciesLoaded(
        "from",
        idsOf(currenciesFrom.data),
        defaultCorridorCurrencyId(currenciesFrom.data, fromCountries.data, countryFromId),
      );
  }, [currenciesFrom.data, currenciesLoaded, fromCountries.data, countryFromId]);
  useEffect(() => {
    if (currenciesTo.data)
      currenciesLoaded(
        "to",
        idsOf(currenciesTo.data),
        defaultCorridorCurrencyId(currenciesTo.data, toCountries.data, countryToId),
      );
  }, [currenciesTo.data, currenciesLoaded, toCountries.data, countryToId]);

  const currencyFrom = findById(currenciesFrom.data, store.currency_from_id);
  const currencyTo = findById(currenciesTo.data, store.currency_to_id);
  const fromDecimals = currencyFrom?.decimals ?? 2;
  const toDecimals = currencyTo?.decimals ?? 2;
  const { completeAmounts } = store;
  useEffect(() => {
    completeAmounts(fromDecimals, toDecimals);
  }, [fromDecimals, toDecimals, completeAmounts]);

  const corridor: Corridor | null =
    store.country_from_id !== null && store.country_to_id !== null && currencyFrom && currencyTo
      ? {
          country_from_id: store.country_from_id,
          country_to_id: store.country_to_id,
          currency_from_id: currencyFrom.id,
          currency_to_id: currencyTo.id,
        }
      : null;
  const methods = useShippingMethods(corridor);
  useEffect(() => {
    if (methods.data) shippingMethodsLoaded(methods.data);
  }, [methods.data, shippingMethodsLoaded]);
  const method = findById(methods.data, store.shipping_method_id);
  const pricedCorridor = corridor && method ? { ...corridor, shipping_method_id: method.id } : null;

  const limits = useLimits(pricedCorridor);
  useEffect(() => {
    if (limits.data) limitsLoaded(limits.data);
    // Spec §5: "Fallback limits when absent".
    else if (limits.isError) limitsLoaded(null);
  }, [limits.data, limits.isError, limitsLoaded]);
  // The calculator is asked once the method's limits are known (or could not be read), so that an
  // amount outside them is replaced here instead of being refused by the server.
  const areLimitsSettled = limits.data !== undefined || limits.isError;

  // The calculator is asked with the committed amount of the side the person typed, completed to
  // the currency's digits ("12." is priced as 12.00); an empty field asks nothing.
  const committedSend = completeAmount(store.send_amount, fromDecimals);
  const committedReceiving = completeAmount(store.receiving_amount, toDecimals);
  const pricedAmount = store.amountSide === "send" ? committedSend : committedReceiving;
  // Spec §5 against the limits this page already holds: an amount outside them is never sent to
  // the calculator (it would only answer 422); its message shows by the field and leaving the
  // field replaces it. The side not typed is checked too once a rate is known.
  const localCorrection =
    pricedCorridor && pricedAmount && limits.data
      ? limitCorrection({
          side: store.amountSide,
          sendAmount: committedSend,
          receivingAmount: committedReceiving,
          rate: store.calculationData?.rate ?? null,
          limits: limits.data,
          fromDecimals,
          toDecimals,
          locale,
        })
      : null;
  const calculationRequest: HomeCalculationRequest | null =
    pricedCorridor && pricedAmount && areLimitsSettled && localCorrection === null
      ? store.amountSide === "send"
        ? { ...pricedCorridor, send_amount: pricedAmount }
        : { ...pricedCorridor, receiving_amount: pricedAmount }
      : null;
  const calculation = useHomeCalculation(calculationRequest);

  // The amount not typed follows the answer, unless the person is typing again.
  useEffect(() => {
    if (calculation.data && pendingSide === null) calculationLoaded(calculation.data);
  }, [calculation.data, pendingSide, calculationLoaded]);

  const calculationError = calculation.error instanceof ApiError ? calculation.error : null;
  const calculationErrors = calculationError?.status === 422 ? calculationError.errors : null;
  const isUnavailable =
    (methods.data !== undefined && methods.data.length === 0) ||
    (currenciesFrom.data !== undefined && currenciesFrom.data.length === 0) ||
    (currenciesTo.data !== undefined && currenciesTo.data.length === 0) ||
    CORRIDOR_FIELDS.some((field) => calculationErrors?.[field] !== undefined);

  // Spec §5 for an amount outside the limits, found here or refused by the server: applied at once
  // unless the person is still typing (then the message shows by the field, and leaving the field
  // applies the rule). Each replacement is applied once per typed amount, so limits that contradict
  // each other (a send maximum below what the receiving maximum needs) cannot bounce for ever.
  const { applyCorrection } = store;
  const appliedCorrections = useRef(new Set<string>());
  const correctionKey = (correction: AmountCorrection) =>
    `${JSON.stringify(pricedCorridor)} ${correction.field} ${correction.amount}`;
  const autoCorrection = localCorrection ?? serverLimitCorrection(calculationError, fromDecimals, toDecimals);
  const autoCorrectionKey = autoCorrection ? correctionKey(autoCorrection) : null;
  const autoCorrectionRef = useRef(autoCorrection);
  autoCorrectionRef.current = autoCorrection;
  useEffect(() => {
    const correction = autoCorrectionRef.current;
    if (focusedSide !== null || pendingSide !== null || !correction || autoCorrectionKey === null) return;
    if (appliedCorrections.current.has(autoCorrectionKey)) return;
    appliedCorrections.current.add(autoCorrectionKey);
    applyCorrection(correction);
  }, [autoCorrectionKey, focusedSide, pendingSide, applyCorrection]);

  // Typing pauses: the typed amount is committed and priced.
  const { commitAmount } = store;
  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => {
      commitAmount(pending.side);
      setPending(null);
    }, AMOUNT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pending, commitAmount]);

  const decimalsOf = (side: AmountSide) => (side === "send" ? fromDecimals : toDecimals);
  const currencyIsoOf = (side: AmountSide) => (side === "send" ? currencyFrom?.iso : currencyTo?.iso) ?? "";

  /** Says which amount is used when the typed one has more decimals than its currency takes. */
  const cutMessage = (side: AmountSide, typed: string): string | null => {
    const decimals = decimalsOf(side);
    if (!isCutOnCompletion(typed, decimals)) return null;
    const currency = currencyIsoOf(side);
    const amount = formatMoney(completeAmount(typed, decimals), {
      decimals: inputDecimals(decimals),
      locale,
      currencyIso: currency,
    });
    return decimals === 0
      ? t("sendMoney.amountStep.cutNoDecimals", { currency, amount })
      : t("sendMoney.amountStep.cutDecimals", { currency, amount, digits: inputDecimals(decimals) });
  };

  /** Commits a field now (it was left, or the form sent) and applies spec §5 to what it holds. */
  const settleAmounts = (side: AmountSide | null): boolean => {
    const state = useSendMoneyStore.getState();
    // Only a field the person typed in is completed and committed: leaving the amount that follows
    // (worked out by the calculator, in the currency's own digits) changes nothing.
    if (side !== null && (pendingSide === side || state.amountSide === side)) {
      const typed = side === "send" ? state.sendAmount : state.receivingAmount;
      const priced = side === "send" ? state.send_amount : state.receiving_amount;
      const completed = completeAmount(typed, decimalsOf(side));
      const cut = cutMessage(side, typed);
      if (completed !== typed) state.typeAmount(side, completed);
      if (completed !== priced || pendingSide === side) state.commitAmount(side);
      // Typed decimals the currency does not take were cut: the field keeps saying so.
      if (cut) state.applyCorrection({ field: side, amount: completed, message: cut });
      setPending((current) => (current?.side === side ? null : current));
    }
    // Limits still on their way are not judged by the fallback: the check runs once they arrive.
    if (!areLimitsSettled) return true;
    const settled = useSendMoneyStore.getState();
    const correction = limitCorrection({
      side: settled.amountSide,
      sendAmount: settled.sendAmount,
      receivingAmount: settled.receivingAmount,
      rate: settled.calculationData?.rate ?? null,
      limits: settled.limits,
      fromDecimals,
      toDecimals,
      locale,
    });
    if (correction) settled.applyCorrection(correction);
    return correction === null;
  };

  const typeAmount = (side: AmountSide, amount: string) => {
    const state = useSendMoneyStore.getState();
    if ((side === "send" ? state.sendAmount : state.receivingAmount) === amount) return;
    appliedCorrections.current.clear();
    state.typeAmount(side, amount);
    setPending({ side, amount });
  };

  const submit = () => {
    const isWithinLimits = settleAmounts(pendingSide ?? focusedSide);
    const selection = amountSelectionOf(useSendMoneyStore.getState());
    // A replaced amount stops here, so the person sees the new amount and its message first.
    if (!isWithinLimits || !selection || isUnavailable) return;
    onContinue(selection);
  };

  const countriesFailed = fromCountries.isError || toCountries.isError;
  const listsFailed = countriesFailed || currenciesFrom.isError || currenciesTo.isError || methods.isError;
  const isLoadingCountries = fromCountries.isPending || toCountries.isPending;
  const retryLists = () => {
    for (const query of [fromCountries, toCountries, currenciesFrom, currenciesTo, methods]) {
      if (query.isError) void query.refetch();
    }
  };

  const quoteStatus = ((): QuoteStatus => {
    if (isUnavailable) return "unavailable";
    // Limit refusals are shown by their field; any other failure is the price box's to show.
    if (calculationError && !calculationErrors) return "error";
    if (!pricedCorridor) return "loading";
    if (!pricedAmount) return "empty";
    if (localCorrection || calculationErrors) return "invalid";
    if (pendingSide !== null || !areLimitsSettled || calculation.isFetching || !calculation.data) {
      return "loading";
    }
    return "ready";
  })();

  /** Why the committed amount cannot be priced, to show by the field it concerns. */
  const refusalFor = (side: AmountSide) =>
    (localCorrection?.field === side ? localCorrection.message : null) ??
    amountFieldError(calculationErrors, side);
  const typedAmountOf = (side: AmountSide) => (side === "send" ? store.sendAmount : store.receivingAmount);
  const messageFor = (side: AmountSide) =>
    store.limitNotice?.field === side
      ? store.limitNotice.message
      : (cutMessage(side, typedAmountOf(side)) ?? refusalFor(side));
  // The amount that follows the typed one shows only a value worked out for what is typed now:
  // while typing pauses, while the price is asked, or when the amount is refused, it is empty
  // (with a spinner and "Updating…" while a price is on its way), never the previous answer.
  const followerSide: AmountSide = (pendingSide ?? store.amountSide) === "send" ? "receiving" : "send";
  const isFollowerLoading = quoteStatus === "loading";
  const followerAmount =
    quoteStatus === "ready" && calculation.data
      ? followerSide === "send"
        ? calculation.data.send_amount
        : calculation.data.receiving_amount
      : "";

  const amountField = (
    side: AmountSide,
    currencies: Currency[] | undefined,
    currency: Currency | undefined,
  ) => {
    const isSend = side === "send";
    const currenciesPending = isSend ? currenciesFrom.isLoading : currenciesTo.isLoading;
    const isFollower = followerSide === side;
    const liveError = focusedSide === side || pendingSide === side ? refusalFor(side) : null;
    return (
      <div>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <AmountInput
            label={isSend ? t("sendMoney.amountStep.sendAmount") : t("sendMoney.amountStep.receiveAmount")}
            amount={isFollower ? followerAmount : typedAmountOf(side)}
            placeholder={isFollower && isFollowerLoading ? t("sendMoney.amountStep.updating") : undefined}
            aria-busy={isFollower && isFollowerLoading}
            onAmountChange={(amount) => typeAmount(side, amount)}
            onFocus={() => setFocusedSide(side)}
            onBlur={() => {
              setFocusedSide(null);
              settleAmounts(side);
            }}
            decimals={decimalsOf(side)}
            locale={locale}
            error={liveError !== null}
            rightSection={isFollower && isFollowerLoading ? <Loader size={16} aria-hidden /> : undefined}
            className={classes.amount}
            classNames={{ input: classes.amountInput }}
          />
          {currenciesPending ? (
            <Stack gap={6} w={120}>
              <Skeleton height={14} width={70} radius="sm" />
              <Skeleton height={42} radius="md" />
            </Stack>
          ) : (
            <CurrencySelect
              label={t("sendMoney.amountStep.currency")}
              ariaLabel={
                isSend ? t("sendMoney.amountStep.sendCurrency") : t("sendMoney.amountStep.receiveCurrency")
              }
              currencies={currencies ?? []}
              value={currency?.id ?? null}
              compact
              w={120}
              onChange={(chosen) =>
                isSend ? store.setCurrencyFrom(chosen.id) : store.setCurrencyTo(chosen.id)
              }
            />
          )}
        </Group>
        <AmountMessage message={messageFor(side)} />
      </div>
    );
  };

  if (isLoadingCountries) return <AmountStepLoading continueLabel={continueLabel} />;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {listsFailed ? (
        <Alert
          color="red"
          variant="light"
          radius="md"
          icon={<IconAlertCircle size={20} aria-hidden />}
          title={t("sendMoney.amountStep.loadError")}
        >
          <Text size="sm">{t("sendMoney.amountStep.loadErrorHint")}</Text>
          <Button size="xs" variant="default" mt="sm" onClick={retryLists}>
            {t("common.retry")}
          </Button>
        </Alert>
      ) : (
        <Stack gap="sm">
          <CountrySelect
            label={t("sendMoney.amountStep.sendFrom")}
            countries={fromCountries.data ?? []}
            value={store.country_from_id}
            onChange={(country) => store.setCountryFrom(country.id)}
          />
          {amountField("send", currenciesFrom.data, currencyFrom)}
          <CountrySelect
            label={t("sendMoney.amountStep.receiveIn")}
            countries={toCountries.data ?? []}
            value={store.country_to_id}
            onChange={(country) => store.setCountryTo(country.id)}
          />
          {amountField("receiving", currenciesTo.data, currencyTo)}
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
              onChange={(event) => {
                const chosen = findById(methods.data, Number(event.currentTarget.value));
                if (chosen) store.setShippingMethod(chosen);
              }}
            />
          )}
        </Stack>
      )}

      <QuoteSummary
        status={listsFailed ? "invalid" : quoteStatus}
        calculation={calculation.data}
        method={method}
        fromDecimals={fromDecimals}
        locale={locale}
        onRetry={() => void calculation.refetch()}
      />

      <Button
        type="submit"
        size="lg"
        fullWidth
        rightSection={<IconArrowRight size={20} aria-hidden />}
        disabled={listsFailed || isUnavailable || !pricedCorridor}
      >
        {continueLabel}
      </Button>
    </Box>
  );
};
