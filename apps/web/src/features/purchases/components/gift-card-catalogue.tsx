import {
  Alert,
  Avatar,
  Badge,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { moneyText } from "@vela/shared/money";
import type { GiftCardProduct } from "@vela/shared/purchases";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useLanguage } from "@/shared/i18n/use-language";
import { giftCardsQueryOptions } from "../api/catalogue";
import classes from "./purchases.module.css";

/** What a card is worth, in words: "10.00 USD – 100.00 USD" or its denominations' span. */
export const giftCardValueText = (product: GiftCardProduct, locale: "en" | "es") => {
  const iso = product.currency_iso;
  if (product.type === "RANGE") {
    return `${moneyText(product.min ?? "0", iso, locale)} – ${moneyText(product.max ?? "0", iso, locale)}`;
  }
  const first = product.denominations[0];
  const last = product.denominations[product.denominations.length - 1];
  if (!first || !last) return "—";
  return first === last
    ? moneyText(first, iso, locale)
    : `${moneyText(first, iso, locale)} – ${moneyText(last, iso, locale)}`;
};

/** A card is shown only where it is sold: in the user's country (by its two-letter code). */
export const isSoldIn = (product: GiftCardProduct, countryIso: string | null) =>
  countryIso === null || product.sold_in.length === 0 || product.sold_in.includes(countryIso);

/**
 * `/account/gift-cards`: the catalogue of the cards sold in the user's country, searched by name
 * and filtered by category (both in the address), each card leading to its brand page.
 */
export const GiftCardCatalogue = ({
  userCountryId,
  userCountryIso,
  brandPath,
}: {
  userCountryId: number | null;
  userCountryIso: string | null;
  brandPath: (id: number) => string;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const category = params.get("category") ?? "";
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Every category of the country's catalogue, for the filter (not narrowed by the search).
  const all = useQuery(
    giftCardsQueryOptions({ country_id: userCountryId, search: "", category: "" }, locale),
  );
  const found = useQuery(
    giftCardsQueryOptions({ country_id: userCountryId, search: debounced, category }, locale),
  );
  // Filtered by the category's key, listed by its name in the user's language (the API's).
  const categories = useMemo(
    () =>
      [...new Map((all.data ?? []).map((product) => [product.category, product.category_name])).entries()]
        .map(([value, label]) => ({ value, label }))
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
    [all.data, locale],
  );
  const cards = (found.data ?? []).filter((product) => isSoldIn(product, userCountryIso));
  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        if (value) current.set(key, value);
        else current.delete(key);
        return current;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t("purchases.giftCards.search")}
          placeholder={t("purchases.giftCards.searchPlaceholder")}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={search}
          onChange={(event) => setParam("search", event.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        <NativeSelect
          label={t("purchases.giftCards.category")}
          w={{ base: "100%", xs: 220 }}
          data={[{ value: "", label: t("purchases.giftCards.allCategories") }, ...categories]}
          value={category}
          onChange={(event) => setParam("category", event.currentTarget.value)}
        />
      </Group>
      {found.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-busy>
          {[1, 2, 3].map((key) => (
            <Skeleton key={key} height={140} radius="lg" />
          ))}
        </SimpleGrid>
      ) : found.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("purchases.giftCards.loadFailed")}
        </Alert>
      ) : cards.length === 0 ? (
        <Text c="dimmed" role="status">
          {t("purchases.giftCards.none")}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          component="ul"
          className={classes.plainList}
          aria-label={t("purchases.giftCards.listLabel")}
        >
          {cards.map((product) => (
            <li key={product.id}>
              <Card
                withBorder
                radius="lg"
                padding="md"
                component={Link}
                to={brandPath(product.id)}
                className={classes.linkCard}
                aria-label={`${product.brand} · ${product.name}`}
              >
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={product.logo_url} alt="" radius="md" size="lg" color="vela">
                    {product.brand.charAt(0)}
                  </Avatar>
                  <div style={{ minWidth: 0 }}>
                    <Title order={3} size="h5" lineClamp={1}>
                      {product.brand}
                    </Title>
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {product.name}
                    </Text>
                  </div>
                </Group>
                <Group justify="space-between" mt="md" gap="xs" wrap="wrap">
                  <Badge variant="filled" color="gray.7">
                    {product.category_name}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {giftCardValueText(product, locale)}
                  </Text>
                </Group>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
};
