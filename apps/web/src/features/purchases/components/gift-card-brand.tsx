import { Alert, Avatar, Badge, Button, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconGift } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SummaryList } from "@/shared/flow/summary-list";
import { useLanguage } from "@/shared/i18n/use-language";
import { giftCardQueryOptions } from "../api/catalogue";
import { giftCardValueText, isSoldIn } from "./gift-card-catalogue";

/** `/account/gift-cards/brand/:id`: one card — its brand, value, how to redeem it and its terms. */
export const GiftCardBrand = ({
  productId,
  userCountryIso,
  cataloguePath,
  onBuy,
}: {
  productId: number;
  userCountryIso: string | null;
  cataloguePath: string;
  onBuy: (productId: number) => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const card = useQuery(giftCardQueryOptions(productId, locale));
  const product = card.data;
  if (card.isPending) return <Skeleton height={240} radius="lg" aria-busy />;
  if (!product || card.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t("purchases.giftCards.notFound")}
      </Alert>
    );
  const sold = isSoldIn(product, userCountryIso);
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={product.logo_url} alt="" radius="md" size={64} color="vela">
          {product.brand.charAt(0)}
        </Avatar>
        <div>
          <Title order={2} size="h3">
            {product.brand}
          </Title>
          <Text c="dimmed">{product.name}</Text>
          <Badge mt={6} variant="filled" color="gray.7">
            {product.category_name}
          </Badge>
        </div>
      </Group>
      <SummaryList
        label={t("purchases.giftCards.aboutCard")}
        rows={[
          [t("purchases.giftCards.value"), giftCardValueText(product, locale)],
          [t("purchases.giftCards.redeemIn"), product.country_iso],
          [t("purchases.giftCards.pin"), product.has_pin ? t("purchases.yes") : t("purchases.no")],
        ]}
      />
      <div>
        <Title order={3} size="h5">
          {t("purchases.giftCards.howToRedeem")}
        </Title>
        <Text size="sm" mt={4}>
          {product.redeem_instructions}
        </Text>
      </div>
      <div>
        <Title order={3} size="h5">
          {t("purchases.giftCards.terms")}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {product.terms}
        </Text>
      </div>
      {sold ? null : (
        <Alert color="yellow" variant="light">
          {t("purchases.giftCards.notSoldHere")}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button
          component={Link}
          to={cataloguePath}
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {t("purchases.giftCards.backToCatalogue")}
        </Button>
        <Button
          leftSection={<IconGift size={18} aria-hidden />}
          disabled={!sold}
          onClick={() => onBuy(product.id)}
        >
          {t("purchases.giftCards.buy", { brand: product.brand })}
        </Button>
      </Group>
    </Stack>
  );
};
