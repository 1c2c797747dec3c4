import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import { completeAmount } from "@vela/shared/amount-text";
import { compareAmounts, isDecimalString } from "@vela/shared/decimal";
import { moneyText, rateText } from "@vela/shared/money";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { defaultCurrency, useDefaultCountry } from "@/shared/defaults/default-place";
import { StepHeading } from "@/shared/flow/review-shell";
import { SummaryLine, type SummaryLineProps } from "@/shared/flow/summary-list";
import { useLanguage } from "@/shared/i18n/use-language";
import { AmountInput } from "@/shared/ui/amount-input";
import { AmountRefusal, amountRefusalOf } from "@/shared/ui/amount-refusal";
import { CurrencySelect } from "@/shared/ui/currency-select";
import { useCalculation } from "../api/calculate";
import type { WalletMoneyService, WalletPriceRequest } from "../api/money-services";
import type { FlowCurrency } from "../api/types";
import type { WalletFlowStore } from "../stores/wallet-flow-store";

/** How long typing pauses before the amount is priced. */
const PRICE_DEBOUNCE_MS = 400;

type CurrencyChoice = {
  label: string;
  /** The list to choose from; undefined while it loads. A single fixed currency is shown as text. */
  currencies: FlowCurrency[] | undefined;
};

export type WalletAmountStepProps = {
  service: WalletMoneyService;
  store: WalletFlowStore;
  title: string;
  text: string;
  from: CurrencyChoice;
  to: CurrencyChoice;
  amountLabel: string;
  receiveLabel: string;
  /** What the service needs besides the currencies and amount (the receiving wallet, the account). */
  extra?: Partial<WalletPriceRequest>;
  /** The money the amount comes out of, when it is paid from a wallet: more is refused here already. */
  available?: { amount: string; iso: string } | null;
  /** Continue creates the quotation with the request (useCreateWalletQuotation); its failure shows here. */
  create: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    mutate: (request: WalletPriceRequest) => void;
  };
  /** Something to show above the fields (who receives). */
  header?: ReactNode;
  onBack?: () => void;
};

const Row = (props: SummaryLineProps) => <SummaryLine valueWeight={550} {...props} />;

/**
 * The calculator's `errors.send_amount` or message when it refused the amount (spec §5 messages);
 * a refusal past the person's limits (`errors.amount`) is shown with the way to raise them.
 */
const refusalOf = (error: unknown): string | null => {
  if (!isApiError(error) || error.status !== 422 || amountRefusalOf(error) !== null) return null;
  return error.errors?.send_amount?.[0] ?? error.serverMessage;
};

/**
 * AMOUNT of the wallet flows: the currencies (from, to), the amount, and the price the service's
 * calculator answers for it (fee, rate, total, what arrives) before anything is held. Continue
 * hands the priced request to the flow, which creates the quotation.
 */
export const WalletAmountStep = (props: WalletAmountStepProps) => {
  const { service, store, from, to, extra, available } = props;
  const { t } = useTranslation();
  const locale = useLanguage();
  const state = store();
  const { currenciesLoaded, setCurrency, typeAmount, commitAmount } = state;
  const fromIds = from.currencies?.map((currency) => currency.id).join(",");
  const toIds = to.currencies?.map((currency) => currency.id).join(",");
  // A loaded list selects a default when none (or one it lacks) is selected: "You pay in" starts in
  // the currency of the user's country (or the browser's region, or a served one), not its first row.
  const home = useDefaultCountry();
  const fromDefaultId =
    home === undefined
      ? undefined
      : from.currencies && defaultCurrency(from.currencies, home ?? undefined)?.id;
  useEffect(() => {
    if (fromIds === undefined || fromDefaultId === undefined) return;
    currenciesLoaded("from", fromIds ? fromIds.split(",").map(Number) : [], fromDefaultId);
  }, [fromIds, fromDefaultId, currenciesLoaded]);
  useEffect(() => {
    if (toIds !== undefined) currenciesLoaded("to", toIds ? toIds.split(",").map(Number) : []);
  }, [toIds, currenciesLoaded]);

  const fromCurrency = from.currencies?.find((currency) => currency.id === state.currency_from_id) ?? null;
  const toCurrency = to.currencies?.find((currency) => currency.id === state.currency_to_id) ?? null;
  const decimals = fromCurrency?.decimals ?? 2;

  // The typed amount is priced once typing pauses.
  // Only a value that is still the typed one is committed: leaving the field commits at once, and
  // the debounced value that arrives afterwards is an older one.
  const [settled] = useDebouncedValue(state.sendAmount, PRICE_DEBOUNCE_MS);
  useEffect(() => {
    if (settled === state.sendAmount && settled !== state.send_amount) commitAmount(settled);
  }, [settled, state.sendAmount, state.send_amount, commitAmount]);

  const isSameCurrency =
    state.currency_from_id !== null &&
    state.currency_from_id === state.currency_to_id &&
    service === "convert-money";
  const amount = state.send_amount;
  const isAmountGiven = isDecimalString(amount) && compareAmounts(amount, "0") > 0;
  const isOverAvailable = available != null && isAmountGiven && compareAmounts(amount, available.amount) > 0;
  const request: WalletPriceRequest | null =
    fromCurrency && toCurrency && isAmountGiven && !isSameCurrency
      ? {
          currency_from_id: fromCurrency.id,
          currency_to_id: toCurrency.id,
          send_amount: completeAmount(amount, decimals),
          ...extra,
        }
      : null;
  const price = useCalculation(service, request);
  const calculation = request ? price.data : undefined;
  const refusal = request ? refusalOf(price.error) : null;
  const isPriceFailed =
    request !== null && price.isError && refusal === null && amountRefusalOf(price.error) === null;

  let amountError: string | null = null;
  if (isOverAvailable && available)
    amountError = t("wallets.amount.overAvailable", {
      amount: moneyText(available.amount, available.iso, locale),
    });
  else if (refusal) amountError = refusal;

  // What is typed but not priced yet would be lost when the price it waits for arrives.
  const isTypingPending = state.sendAmount !== state.send_amount;
  const canContinue =
    request !== null &&
    calculation !== undefined &&
    !price.isFetching &&
    !isTypingPending &&
    amountError === null;

  const currencyField = (choice: CurrencyChoice, direction: "from" | "to", value: number | null) => {
    if (!choice.currencies) return <Skeleton height={58} radius="md" />;
    if (choice.currencies.length === 0)
      return (
        <Alert color="gray" variant="light">
          {t("wallets.amount.noCurrencies")}
        </Alert>
      );
    return (
      <CurrencySelect
        label={choice.label}
        currencies={choice.currencies}
        value={value}
        onChange={(currency) => setCurrency(direction, currency.id)}
      />
    );
  };

  return (
    <Stack gap="lg">
      <StepHeading title={props.title} text={props.text} />
      {props.header}
      <AmountRefusal error={props.create.error} />
      {request ? <AmountRefusal error={price.error} /> : null}
      {props.create.isError && amountRefusalOf(props.create.error) === null ? (
        <Alert color="red" variant="light" role="alert">
          {t("wallets.flows.quotationError")}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {currencyField(from, "from", state.currency_from_id)}
        {currencyField(to, "to", state.currency_to_id)}
      </SimpleGrid>
      {isSameCurrency ? (
        <Alert color="yellow" variant="light">
          {t("wallets.amount.sameCurrency")}
        </Alert>
      ) : null}
      <AmountInput
        label={props.amountLabel}
        amount={state.sendAmount}
        onAmountChange={typeAmount}
        onBlur={() => commitAmount(completeAmount(state.sendAmount, decimals))}
        decimals={decimals}
        locale={locale}
        rightSection={
          <Text size="sm" fw={600} c="dimmed">
            {fromCurrency?.iso ?? ""}
          </Text>
        }
        rightSectionWidth={52}
        error={amountError}
        description={
          available
            ? t("wallets.amount.available", { amount: moneyText(available.amount, available.iso, locale) })
            : undefined
        }
        size="md"
      />
      <Paper withBorder radius="md" p="md" bg="gray.0" aria-busy={price.isFetching}>
        {isPriceFailed ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="red.9" role="alert">
              {t("wallets.amount.priceError")}
            </Text>
            <Button size="xs" variant="default" onClick={() => void price.refetch()}>
              {t("common.retry")}
            </Button>
          </Stack>
        ) : (
          <Stack component="dl" gap={8} m={0} aria-label={t("wallets.amount.price")}>
            <Row label={t("wallets.summary.fee")}>
              {calculation ? (
                moneyText(calculation.vela_fee_amount, calculation.currency_from_iso, locale)
              ) : (
                <PriceValue isLoading={price.isFetching} />
              )}
            </Row>
            {fromCurrency && fromCurrency.id === toCurrency?.id ? null : (
              <Row label={t("wallets.summary.rate")}>
                {calculation ? (
                  rateText(
                    calculation.currency_from_iso,
                    calculation.currency_to_iso,
                    calculation.rate,
                    locale,
                  )
                ) : (
                  <PriceValue isLoading={price.isFetching} />
                )}
              </Row>
            )}
            <Row label={t("wallets.summary.total")} strong>
              {calculation ? (
                moneyText(calculation.amount_paid, calculation.currency_from_iso, locale)
              ) : (
                <PriceValue isLoading={price.isFetching} />
              )}
            </Row>
            <Row label={props.receiveLabel} strong>
              {calculation ? (
                moneyText(calculation.receiving_amount, calculation.currency_to_iso, locale)
              ) : (
                <PriceValue isLoading={price.isFetching} />
              )}
            </Row>
          </Stack>
        )}
      </Paper>
      <Group justify={props.onBack ? "space-between" : "flex-end"}>
        {props.onBack ? (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            onClick={props.onBack}
          >
            {t("sendFlow.back")}
          </Button>
        ) : null}
        <Button
          rightSection={<IconArrowRight size={18} aria-hidden />}
          disabled={!canContinue}
          loading={props.create.isPending}
          onClick={() => {
            if (request && calculation) props.create.mutate(request);
          }}
        >
          {t("sendFlow.continue")}
        </Button>
      </Group>
    </Stack>
  );
};

const PriceValue = ({ isLoading }: { isLoading: boolean }) =>
  isLoading ? <Skeleton height={14} width={90} radius="sm" display="inline-block" /> : "—";
