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
  Tabs,
  Text,
  TextInput,
} from "@mantine/core";
import { IconArrowRight, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { moneyText } from "@vela/shared/money";
import { splitPhone } from "@vela/shared/phone";
import type { Operator, PurchaseQuotation, TopupProduct } from "@vela/shared/purchases";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { defaultCountry, SERVED_DESTINATION } from "@/shared/defaults/default-place";
import { StepHeading } from "@/shared/flow/review-shell";
import { useLanguage } from "@/shared/i18n/use-language";
import { AmountRefusal } from "@/shared/ui/amount-refusal";
import { operatorsQueryOptions, serviceCountriesQueryOptions } from "../api/catalogue";
import { useCreatePurchaseQuotation } from "../hooks/use-create-quotation";
import { PayInCurrencySelect, usePayInCurrencies } from "./pay-in-currency";
import { RangeAmountInput, rangeError, rangeText } from "./range";

/** The digits of a national number as typed ("55 1234-5678" → "5512345678"). */
const digitsOf = (value: string) => value.replace(/\D/g, "");

/**
 * AMOUNT of a phone top-up: the number (country code and national number) finds its operator
 * (GET /reload-phones/operators?phone=; another operator of the country can be picked), whose
 * products are fixed amounts or a range; continue holds the price (POST /reload-phones/quotation).
 */
export const TopupAmountStep = ({
  userCountryId,
  onCreated,
}: {
  userCountryId: number | null;
  onCreated: (quotation: PurchaseQuotation) => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const countries = useQuery(serviceCountriesQueryOptions("reload-phones", locale));
  const [countryIso, setCountryIso] = useState<string | null>(null);
  const [national, setNational] = useState("");
  const [phone, setPhone] = useState<string | null>(null);
  const operators = useQuery(operatorsQueryOptions(phone, locale));
  const [operatorId, setOperatorId] = useState<number | null>(null);
  const [kind, setKind] = useState<"airtime" | "data">("airtime");
  const [productId, setProductId] = useState<number | null>(null);
  const [amount, setAmount] = useState("");
  const [currencyFromId, setCurrencyFromId] = useState<number | null>(null);
  const payIn = usePayInCurrencies(userCountryId);
  const create = useCreatePurchaseQuotation("reload-phones", onCreated);

  const countryList = countries.data ?? [];
  const country = countryList.find((candidate) => candidate.iso2 === countryIso) ?? null;
  useEffect(() => {
    if (countryIso !== null || countryList.length === 0) return;
    // The shared default: the user's country when served, else the browser's region, else a served one.
    const own = defaultCountry(countryList, SERVED_DESTINATION, userCountryId);
    if (own) setCountryIso(own.iso2);
  }, [countryIso, countryList, userCountryId]);

  const answer = operators.data;
  // A new answer: the detected operator is chosen (the person may pick another one).
  useEffect(() => {
    if (!answer) return;
    setOperatorId(answer.detected_operator_id ?? answer.operators[0]?.id ?? null);
    setProductId(null);
  }, [answer]);

  const operator: Operator | null =
    answer?.operators.find((candidate) => candidate.id === operatorId) ?? null;
  const products = operator?.products ?? [];
  const hasData = products.some((product) => product.kind === "data");
  const shown = hasData ? products.filter((product) => product.kind === kind) : products;
  const product: TopupProduct | null = products.find((candidate) => candidate.id === productId) ?? null;
  const isRange = product?.type === "RANGE";
  const amountError = useMemo(
    () => (product && isRange && amount ? rangeError(amount, product, t) : null),
    [product, isRange, amount, t],
  );

  const phoneError = (() => {
    if (!isApiError(operators.error)) return operators.isError ? t("purchases.topup.lookupFailed") : null;
    return (
      operators.error.errors?.phone?.[0] ?? operators.error.serverMessage ?? t("purchases.topup.lookupFailed")
    );
  })();

  const find = (event: FormEvent) => {
    event.preventDefault();
    if (!country || digitsOf(national).length < 4) return;
    // A number typed with its country code ("+52 55 1234 5678", "0052…") is read by that code,
    // whatever the selector said; the selector then shows the number's country.
    const typed = /^\s*(\+|00)/.test(national) ? splitPhone(national) : null;
    if (typed) {
      const own = countryList.find((candidate) => candidate.iso2 === typed.country);
      if (own) setCountryIso(own.iso2);
      setNational(typed.nationalNumber);
      setPhone(typed.e164);
      return;
    }
    setPhone(`${country.phone_prefix}${digitsOf(national)}`);
  };

  const canContinue =
    operator !== null &&
    product !== null &&
    currencyFromId !== null &&
    phone !== null &&
    (!isRange || (amount !== "" && amountError === null));

  const submit = () => {
    if (!canContinue || !operator || !product || currencyFromId === null || phone === null) return;
    create.mutate({
      currency_from_id: currencyFromId,
      phone: answer?.phone?.e164 ?? phone,
      operator_id: operator.id,
      product_id: product.id,
      ...(isRange ? { amount } : {}),
    });
  };

  return (
    <Stack gap="lg">
      <StepHeading title={t("purchases.topup.amountTitle")} text={t("purchases.topup.amountText")} />

      <form onSubmit={find} aria-label={t("purchases.topup.numberForm")}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            label={t("purchases.topup.prefix")}
            w={{ base: "100%", xs: 150 }}
            data={countryList.map((candidate) => ({
              value: candidate.iso2,
              label: `${candidate.iso2} ${candidate.phone_prefix}`,
            }))}
            value={countryIso ?? ""}
            onChange={(event) => {
              setCountryIso(event.currentTarget.value);
              setPhone(null);
            }}
          />
          <TextInput
            label={t("purchases.topup.number")}
            description={t("purchases.topup.numberHint")}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            style={{ flex: 1, minWidth: 180 }}
            value={national}
            onChange={(event) => setNational(event.currentTarget.value)}
            error={phoneError}
          />
        </Group>
        <Group justify="flex-end" mt="sm">
          <Button
            type="submit"
            variant="light"
            leftSection={<IconSearch size={16} aria-hidden />}
            loading={operators.isFetching}
            disabled={!country || digitsOf(national).length < 4}
          >
            {t("purchases.topup.find")}
          </Button>
        </Group>
      </form>

      {phone !== null && operators.isPending && !operators.isError ? (
        <Skeleton height={120} radius="md" />
      ) : null}

      {answer ? (
        <Stack gap="md">
          {answer.operators.length === 0 ? (
            <Alert color="yellow" variant="light">
              {t("purchases.topup.noOperators")}
            </Alert>
          ) : null}
          {operator ? (
            <Group gap="sm" wrap="nowrap" role="status">
              <Avatar src={operator.logo_url} alt="" radius="sm" color="vela">
                {operator.name.charAt(0)}
              </Avatar>
              <Text>
                {answer.detected_operator_id === operator.id
                  ? t("purchases.topup.detected", {
                      operator: operator.name,
                      phone: answer.phone?.formatted ?? phone,
                    })
                  : t("purchases.topup.chosen", {
                      operator: operator.name,
                      phone: answer.phone?.formatted ?? phone,
                    })}
              </Text>
            </Group>
          ) : null}
          {answer.operators.length > 1 ? (
            <NativeSelect
              label={t("purchases.topup.operator")}
              description={t("purchases.topup.operatorHint")}
              data={answer.operators.map((candidate) => ({
                value: String(candidate.id),
                label: candidate.name,
              }))}
              value={operatorId === null ? "" : String(operatorId)}
              onChange={(event) => {
                setOperatorId(Number(event.currentTarget.value));
                setProductId(null);
              }}
            />
          ) : null}

          {operator ? (
            <Stack gap="sm">
              {hasData ? (
                <Tabs value={kind} onChange={(value) => value && setKind(value as "airtime" | "data")}>
                  <Tabs.List>
                    <Tabs.Tab value="airtime">{t("purchases.topup.airtime")}</Tabs.Tab>
                    <Tabs.Tab value="data">{t("purchases.topup.data")}</Tabs.Tab>
                  </Tabs.List>
                </Tabs>
              ) : null}
              <Radio.Group
                label={t("purchases.topup.products")}
                value={productId === null ? null : String(productId)}
                onChange={(value) => {
                  setProductId(Number(value));
                  setAmount("");
                }}
              >
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
                  {shown.map((candidate) => (
                    <Radio.Card key={candidate.id} value={String(candidate.id)} radius="md" p="md">
                      <Group wrap="nowrap" align="flex-start" gap="sm">
                        <Radio.Indicator />
                        <div>
                          <Text fw={650}>
                            {candidate.type === "FIXED" && candidate.amount
                              ? moneyText(candidate.amount, candidate.currency_iso, locale)
                              : rangeText(candidate, locale, t)}
                          </Text>
                          <Text size="sm">{candidate.name}</Text>
                          <Text size="xs" c="dimmed">
                            {[candidate.description, candidate.validity].filter(Boolean).join(" · ")}
                          </Text>
                        </div>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              </Radio.Group>
              {product && isRange ? (
                <RangeAmountInput
                  product={product}
                  amount={amount}
                  onAmountChange={setAmount}
                  error={amountError ?? create.fieldError("amount")}
                />
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      ) : null}

      <PayInCurrencySelect currencies={payIn} value={currencyFromId} onChange={setCurrencyFromId} />

      <AmountRefusal error={create.error} />
      <Group justify="flex-end">
        <Button
          rightSection={<IconArrowRight size={18} aria-hidden />}
          disabled={!canContinue}
          loading={create.isPending}
          onClick={submit}
        >
          {t("purchases.continue")}
        </Button>
      </Group>
    </Stack>
  );
};
