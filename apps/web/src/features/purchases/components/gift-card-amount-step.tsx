import {
  Alert,
  Avatar,
  Button,
  Chip,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { moneyText } from "@vela/shared/money";
import type { PurchaseQuotation } from "@vela/shared/purchases";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "@/shared/i18n/use-language";
import { AmountRefusal } from "@/shared/ui/amount-refusal";
import { giftCardQueryOptions } from "../api/catalogue";
import { useCreatePurchaseQuotation } from "../hooks/use-create-quotation";
import { PayInCurrencySelect, usePayInCurrencies } from "./pay-in-currency";
import { RangeAmountInput, rangeError } from "./range";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * AMOUNT of a gift card: the value (one of its denominations, or an amount in its range) and who
 * receives it by e-mail, with an optional message; continue holds the price (POST /gift-cards/quotation).
 */
export const GiftCardAmountStep = ({
  productId,
  userCountryId,
  brandPath,
  onCreated,
}: {
  productId: number;
  userCountryId: number | null;
  brandPath: string;
  onCreated: (quotation: PurchaseQuotation) => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const card = useQuery(giftCardQueryOptions(productId, locale));
  const [amount, setAmount] = useState("");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [currencyFromId, setCurrencyFromId] = useState<number | null>(null);
  const payIn = usePayInCurrencies(userCountryId);
  const create = useCreatePurchaseQuotation("gift-cards", onCreated);
  const product = card.data;

  if (card.isPending) return <Skeleton height={300} radius="md" aria-busy />;
  if (!product)
    return (
      <Alert color="red" variant="light" role="alert">
        {t("purchases.giftCards.notFound")}
      </Alert>
    );

  const isRange = product.type === "RANGE";
  const amountError = isRange && amount ? rangeError(amount, product, t) : null;
  const emailError =
    touched.email && email && !EMAIL.test(email.trim()) ? t("purchases.giftCards.emailInvalid") : null;
  const canContinue =
    amount !== "" &&
    amountError === null &&
    name.trim() !== "" &&
    EMAIL.test(email.trim()) &&
    currencyFromId !== null &&
    message.length <= 240;

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <Avatar src={product.logo_url} alt="" radius="md" size="lg" color="vela">
          {product.brand.charAt(0)}
        </Avatar>
        <div>
          <Title order={2} size="h3">
            {t("purchases.giftCards.amountTitle", { brand: product.brand })}
          </Title>
          <Text c="dimmed" mt={2}>
            {product.name}
          </Text>
        </div>
      </Group>

      {isRange ? (
        <RangeAmountInput
          product={product}
          amount={amount}
          onAmountChange={setAmount}
          error={amountError ?? create.fieldError("amount")}
        />
      ) : (
        <Stack gap={6}>
          <Text size="sm" fw={500} id="gift-card-value-label">
            {t("purchases.giftCards.value")}
          </Text>
          <Chip.Group value={amount} onChange={(value) => setAmount(String(value))}>
            <Group gap="xs" role="radiogroup" aria-labelledby="gift-card-value-label">
              {product.denominations.map((value) => (
                <Chip key={value} value={value} type="radio" variant="outline">
                  {moneyText(value, product.currency_iso, locale)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {create.fieldError("amount") ? (
            <Text size="sm" c="red.8">
              {create.fieldError("amount")}
            </Text>
          ) : null}
        </Stack>
      )}

      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("purchases.giftCards.recipientTitle")}
        </Title>
        <TextInput
          label={t("purchases.giftCards.recipientName")}
          required
          maxLength={80}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={create.fieldError("recipient_name")}
        />
        <TextInput
          label={t("purchases.giftCards.recipientEmail")}
          description={t("purchases.giftCards.recipientEmailHint")}
          required
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          onBlur={() => setTouched((state) => ({ ...state, email: true }))}
          error={emailError ?? create.fieldError("recipient_email")}
        />
        <Textarea
          label={t("purchases.giftCards.message")}
          description={t("purchases.giftCards.messageHint", { count: 240 - message.length })}
          maxLength={240}
          rows={3}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={create.fieldError("message")}
        />
      </Stack>

      <PayInCurrencySelect currencies={payIn} value={currencyFromId} onChange={setCurrencyFromId} />

      <AmountRefusal error={create.error} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button
          component={Link}
          to={brandPath}
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {t("purchases.back")}
        </Button>
        <Button
          rightSection={<IconArrowRight size={18} aria-hidden />}
          disabled={!canContinue}
          loading={create.isPending}
          onClick={() => {
            if (!canContinue || currencyFromId === null) return;
            create.mutate({
              currency_from_id: currencyFromId,
              product_id: product.id,
              amount,
              recipient_name: name.trim(),
              recipient_email: email.trim().toLowerCase(),
              ...(message.trim() ? { message: message.trim() } : {}),
            });
          }}
        >
          {t("purchases.continue")}
        </Button>
      </Group>
    </Stack>
  );
};
