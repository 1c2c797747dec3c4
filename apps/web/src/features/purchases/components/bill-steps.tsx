import {
  Alert,
  Avatar,
  Button,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconArrowRight, IconSearch } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { dateText } from "@vela/shared/dates";
import { compareAmounts } from "@vela/shared/decimal";
import { moneyText } from "@vela/shared/money";
import type { BillPayer, BillPlan, BillProvider, PurchaseQuotation } from "@vela/shared/purchases";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { defaultCountry, SERVED_DESTINATION } from "@/shared/defaults/default-place";
import { StepHeading } from "@/shared/flow/review-shell";
import { SummaryList } from "@/shared/flow/summary-list";
import { useLanguage } from "@/shared/i18n/use-language";
import { AmountInput } from "@/shared/ui/amount-input";
import { AmountRefusal } from "@/shared/ui/amount-refusal";
import {
  billPlansQueryOptions,
  billProvidersQueryOptions,
  billServicesQueryOptions,
  lookUpBill,
  serviceCountriesQueryOptions,
} from "../api/catalogue";
import { useCreatePurchaseQuotation } from "../hooks/use-create-quotation";
import type { PurchaseFlowStore } from "../stores/purchase-flow-store";
import { PayInCurrencySelect, usePayInCurrencies } from "./pay-in-currency";

const StepButtons = ({
  onBack,
  onNext,
  canNext,
  nextLabel,
  isLoading = false,
}: {
  onBack?: () => void;
  onNext: () => void;
  canNext: boolean;
  nextLabel: string;
  isLoading?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Group justify={onBack ? "space-between" : "flex-end"} wrap="wrap" gap="sm">
      {onBack ? (
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
          {t("purchases.back")}
        </Button>
      ) : null}
      <Button
        rightSection={<IconArrowRight size={18} aria-hidden />}
        disabled={!canNext}
        loading={isLoading}
        onClick={onNext}
      >
        {nextLabel}
      </Button>
    </Group>
  );
};

/** A list of choices shown as cards, one of which is picked (a radio group). */
const ChoiceCards = <T,>({
  label,
  items,
  keyOf,
  value,
  onChange,
  render,
}: {
  label: string;
  items: readonly T[];
  keyOf: (item: T) => number;
  value: number | null;
  onChange: (id: number) => void;
  render: (item: T) => ReactNode;
}) => (
  <Radio.Group
    label={label}
    value={value === null ? null : String(value)}
    onChange={(id) => onChange(Number(id))}
  >
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
      {items.map((item) => (
        <Radio.Card key={keyOf(item)} value={String(keyOf(item))} radius="md" p="md">
          <Group wrap="nowrap" align="center" gap="sm">
            <Radio.Indicator />
            {render(item)}
          </Group>
        </Radio.Card>
      ))}
    </SimpleGrid>
  </Radio.Group>
);

/** SERVICE: the bill's country and its kind of service (electricity, water…). */
export const BillServiceStep = ({
  store,
  userCountryId,
  onNext,
}: {
  store: PurchaseFlowStore;
  userCountryId: number | null;
  onNext: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const state = store();
  const countries = useQuery(serviceCountriesQueryOptions("prepaid-pay-bills", locale));
  const services = useQuery(billServicesQueryOptions(state.country_id, locale));
  const list = countries.data ?? [];
  useEffect(() => {
    if (state.country_id !== null || list.length === 0) return;
    // The shared default: the user's country when served, else the browser's region, else a served one.
    const own = defaultCountry(list, SERVED_DESTINATION, userCountryId);
    if (own) store.getState().billCountryChosen(own.id);
  }, [state.country_id, list, userCountryId, store]);
  return (
    <Stack gap="lg">
      <StepHeading title={t("purchases.bills.serviceTitle")} text={t("purchases.bills.serviceText")} />
      <NativeSelect
        label={t("purchases.bills.country")}
        data={list.map((country) => ({
          value: String(country.id),
          label: `${country.flag} ${country.name}`,
        }))}
        value={state.country_id === null ? "" : String(state.country_id)}
        onChange={(event) => store.getState().billCountryChosen(Number(event.currentTarget.value))}
      />
      {services.isPending && state.country_id !== null ? (
        <Skeleton height={120} radius="md" aria-busy />
      ) : services.data && services.data.length === 0 ? (
        <Text c="dimmed" role="status">
          {t("purchases.bills.noServices")}
        </Text>
      ) : services.data ? (
        <ChoiceCards
          label={t("purchases.bills.service")}
          items={services.data}
          keyOf={(service) => service.service_type_id}
          value={state.service_type_id}
          onChange={(id) => store.getState().billServiceChosen(id)}
          render={(service) => <Text fw={600}>{service.service}</Text>}
        />
      ) : null}
      <StepButtons
        onNext={onNext}
        canNext={state.country_id !== null && state.service_type_id !== null}
        nextLabel={t("purchases.continue")}
      />
    </Stack>
  );
};

const ProviderCard = ({ provider }: { provider: BillProvider }) => (
  <Group gap="sm" wrap="nowrap">
    <Avatar src={provider.logo_url} alt="" radius="sm" color="vela">
      {provider.name.charAt(0)}
    </Avatar>
    <Text fw={600}>{provider.name}</Text>
  </Group>
);

/** The chosen provider (for the steps after PROVIDER). */
export const useBillProvider = (store: PurchaseFlowStore) => {
  const locale = useLanguage();
  const { country_id, service_type_id, provider_id } = store();
  const providers = useQuery(billProvidersQueryOptions(country_id, service_type_id, locale));
  return {
    providers,
    provider: providers.data?.find((candidate) => candidate.id === provider_id) ?? null,
  };
};

/** PROVIDER: who the bill is from. */
export const BillProviderStep = ({
  store,
  onNext,
  onBack,
}: {
  store: PurchaseFlowStore;
  onNext: (provider: BillProvider) => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const state = store();
  const { providers, provider } = useBillProvider(store);
  return (
    <Stack gap="lg">
      <StepHeading title={t("purchases.bills.providerTitle")} text={t("purchases.bills.providerText")} />
      {providers.isPending ? (
        <Skeleton height={120} radius="md" aria-busy />
      ) : (providers.data ?? []).length === 0 ? (
        <Text c="dimmed" role="status">
          {t("purchases.bills.noProviders")}
        </Text>
      ) : (
        <ChoiceCards
          label={t("purchases.bills.provider")}
          items={providers.data ?? []}
          keyOf={(item) => item.id}
          value={state.provider_id}
          onChange={(id) => store.getState().billProviderChosen(id)}
          render={(item) => <ProviderCard provider={item} />}
        />
      )}
      <StepButtons
        onBack={onBack}
        onNext={() => provider && onNext(provider)}
        canNext={provider !== null}
        nextLabel={t("purchases.continue")}
      />
    </Stack>
  );
};

/** PLAN: one of the provider's plans (a fixed pack, or the bill's balance). */
export const BillPlanStep = ({
  store,
  onNext,
  onBack,
}: {
  store: PurchaseFlowStore;
  onNext: () => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const state = store();
  const plans = useQuery(billPlansQueryOptions(state.provider_id, locale));
  return (
    <Stack gap="lg">
      <StepHeading title={t("purchases.bills.planTitle")} text={t("purchases.bills.planText")} />
      {plans.isPending ? (
        <Skeleton height={120} radius="md" aria-busy />
      ) : (
        <ChoiceCards
          label={t("purchases.bills.plan")}
          items={plans.data ?? []}
          keyOf={(plan) => plan.id}
          value={state.plan_id}
          onChange={(id) => store.getState().billPlanChosen(id)}
          render={(plan) => (
            <div>
              <Text fw={600}>{plan.name}</Text>
              <Text size="sm">
                {plan.amount === null
                  ? t("purchases.bills.planBalance")
                  : moneyText(plan.amount, plan.currency_iso, locale)}
              </Text>
              <Text size="xs" c="dimmed">
                {plan.description}
              </Text>
            </div>
          )}
        />
      )}
      <StepButtons
        onBack={onBack}
        onNext={onNext}
        canNext={state.plan_id !== null}
        nextLabel={t("purchases.continue")}
      />
    </Stack>
  );
};

/** RECIPIENT: the reference finds the bill; the amount, the payer and the pay-in currency hold the price. */
export const BillRecipientStep = ({
  store,
  userCountryId,
  payerDefaults,
  onCreated,
  onBack,
}: {
  store: PurchaseFlowStore;
  userCountryId: number | null;
  payerDefaults: { first_name: string; last_name: string; email: string };
  onCreated: (quotation: PurchaseQuotation) => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const state = store();
  const { provider, providers } = useBillProvider(store);
  const plans = useQuery({
    ...billPlansQueryOptions(provider?.has_plans ? state.provider_id : null, locale),
  });
  const plan: BillPlan | null = plans.data?.find((candidate) => candidate.id === state.plan_id) ?? null;
  const [reference, setReference] = useState("");
  const [bill, setBill] = useState<BillPayer | null>(null);
  const [amount, setAmount] = useState("");
  const [firstName, setFirstName] = useState(payerDefaults.first_name);
  const [lastName, setLastName] = useState(payerDefaults.last_name);
  const [email, setEmail] = useState(payerDefaults.email);
  const [phone, setPhone] = useState("");
  const [currencyFromId, setCurrencyFromId] = useState<number | null>(null);
  const payIn = usePayInCurrencies(userCountryId);
  const create = useCreatePurchaseQuotation("prepaid-pay-bills", onCreated);
  const lookup = useMutation({
    mutationFn: lookUpBill,
    meta: { notifyOnError: false },
    onSuccess: (found) => {
      setBill(found);
      setAmount(plan?.amount ?? found.balance);
    },
    onError: () => setBill(null),
  });

  if (providers.isPending || (provider?.has_plans && plans.isPending))
    return <Skeleton height={200} radius="md" aria-busy />;
  if (!provider)
    return (
      <Alert color="red" variant="light" role="alert">
        {t("purchases.bills.providerLost")}
      </Alert>
    );

  const fixedAmount = plan?.amount ?? null;
  const isEditable = fixedAmount === null && provider.partial_payment;
  const referenceError = (() => {
    const error = lookup.error;
    if (!error) return null;
    if (isApiError(error))
      return error.errors?.reference_number?.[0] ?? error.serverMessage ?? t("purchases.bills.lookupFailed");
    return t("purchases.bills.lookupFailed");
  })();
  const isPaid = bill !== null && compareAmounts(bill.balance, "0") <= 0 && fixedAmount === null;
  const amountError = (() => {
    if (!bill || !amount || fixedAmount !== null) return null;
    if (compareAmounts(amount, "0") <= 0) return t("purchases.bills.amountPositive");
    if (compareAmounts(amount, bill.balance) > 0)
      return t("purchases.bills.aboveBalance", {
        balance: moneyText(bill.balance, bill.balance_currency_iso, locale),
      });
    return null;
  })();
  const canContinue =
    bill !== null &&
    !isPaid &&
    amount !== "" &&
    amountError === null &&
    firstName.trim() !== "" &&
    lastName.trim() !== "" &&
    currencyFromId !== null;

  const find = (event: FormEvent) => {
    event.preventDefault();
    const value = reference.trim();
    if (value.length < 3) return;
    lookup.mutate({ service_provider_id: provider.id, reference_number: value });
  };

  return (
    <Stack gap="lg">
      <StepHeading
        title={t("purchases.bills.recipientTitle")}
        text={t("purchases.bills.recipientText", { provider: provider.name })}
      />
      <form onSubmit={find} aria-label={t("purchases.bills.lookupForm")}>
        <TextInput
          label={provider.reference_label}
          description={t("purchases.bills.referenceExample", { example: provider.reference_example })}
          placeholder={provider.reference_example}
          autoComplete="off"
          inputMode="text"
          value={reference}
          onChange={(event) => {
            setReference(event.currentTarget.value);
            setBill(null);
          }}
          error={referenceError}
        />
        <Group justify="flex-end" mt="sm">
          <Button
            type="submit"
            variant="light"
            leftSection={<IconSearch size={16} aria-hidden />}
            loading={lookup.isPending}
            disabled={reference.trim().length < 3}
          >
            {t("purchases.bills.findBill")}
          </Button>
        </Group>
      </form>

      {bill ? (
        <Stack gap="md">
          <SummaryList
            label={t("purchases.bills.billLabel")}
            rows={[
              [t("purchases.bills.provider"), bill.service_provider],
              [t("purchases.bills.customer"), bill.customer_name],
              [t("purchases.bills.balance"), moneyText(bill.balance, bill.balance_currency_iso, locale)],
              [t("purchases.bills.dueDate"), bill.due_date ? dateText(bill.due_date, locale) : "—"],
              ...(plan ? ([[t("purchases.bills.plan"), plan.name]] as [string, string][]) : []),
            ]}
          />
          {isPaid ? (
            <Alert color="yellow" variant="light" role="status">
              {t("purchases.bills.nothingToPay")}
            </Alert>
          ) : isEditable ? (
            <AmountInput
              label={t("purchases.amountIn", { currency: bill.balance_currency_iso })}
              description={t("purchases.bills.partialHint")}
              amount={amount}
              onAmountChange={setAmount}
              decimals={2}
              locale={locale}
              error={amountError ?? create.fieldError("amount")}
            />
          ) : (
            <Text size="sm" role="status">
              {fixedAmount !== null
                ? t("purchases.bills.planAmount", {
                    amount: moneyText(fixedAmount, plan?.currency_iso ?? bill.balance_currency_iso, locale),
                  })
                : t("purchases.bills.fullBalance", {
                    amount: moneyText(bill.balance, bill.balance_currency_iso, locale),
                  })}
            </Text>
          )}

          <Title order={3} size="h5">
            {t("purchases.bills.payerTitle")}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t("purchases.bills.firstName")}
              required
              autoComplete="given-name"
              value={firstName}
              onChange={(event) => setFirstName(event.currentTarget.value)}
              error={create.fieldError("payer.first_name")}
            />
            <TextInput
              label={t("purchases.bills.lastName")}
              required
              autoComplete="family-name"
              value={lastName}
              onChange={(event) => setLastName(event.currentTarget.value)}
              error={create.fieldError("payer.last_name")}
            />
            <TextInput
              label={t("purchases.bills.email")}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={create.fieldError("payer.email")}
            />
            <TextInput
              label={t("purchases.bills.phone")}
              description={bill.mobile_prefix}
              type="tel"
              autoComplete="tel-national"
              value={phone}
              onChange={(event) => setPhone(event.currentTarget.value)}
              error={create.fieldError("payer.phone_number")}
            />
          </SimpleGrid>
          <PayInCurrencySelect currencies={payIn} value={currencyFromId} onChange={setCurrencyFromId} />
        </Stack>
      ) : null}

      <AmountRefusal error={create.error} />
      <StepButtons
        onBack={onBack}
        canNext={canContinue}
        isLoading={create.isPending}
        nextLabel={t("purchases.continue")}
        onNext={() => {
          if (!canContinue || !bill || currencyFromId === null) return;
          const digits = phone.replace(/\D/g, "");
          create.mutate({
            currency_from_id: currencyFromId,
            service_provider_id: provider.id,
            reference_number: bill.reference_number,
            ...(plan ? { product_id: plan.id } : {}),
            ...(fixedAmount === null ? { amount } : {}),
            payer: {
              first_name: firstName.trim(),
              last_name: lastName.trim(),
              ...(email.trim() ? { email: email.trim().toLowerCase() } : {}),
              ...(digits ? { phone_prefix: bill.mobile_prefix, phone_number: digits } : {}),
            },
          });
        }}
      />
    </Stack>
  );
};
