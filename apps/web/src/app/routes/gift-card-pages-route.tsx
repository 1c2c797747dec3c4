import { Stack, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams } from "react-router";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { usePaymentStore } from "@/features/payments/stores/payment-store";
import { GiftCardBrand } from "@/features/purchases/components/gift-card-brand";
import { GiftCardCatalogue } from "@/features/purchases/components/gift-card-catalogue";
import {
  PURCHASE_BASE_PATH,
  PURCHASE_FLOW_STORES,
  purchaseStepPath,
} from "@/features/purchases/stores/purchase-flow-store";
import { useCountries } from "@/shared/api/reference/get-countries";
import { PageHeader } from "@/shared/ui/page-header";
import { PurchaseServiceGate } from "./service-rules-gate";

const BASE = PURCHASE_BASE_PATH["gift-cards"];

/** The user's country and its two-letter code: the catalogue shows the cards sold there. */
const useUserCountry = () => {
  const countryId = useAuthStore((state) => state.user?.country_id ?? null);
  const countries = useCountries();
  const iso = countries.data?.find((country) => country.id === countryId)?.iso2 ?? null;
  return { countryId, iso };
};

/** `/account/gift-cards`: the catalogue. */
export const GiftCardsRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("purchases.titles.gift-cards")} · Vela`);
  const { countryId, iso } = useUserCountry();
  return (
    <PurchaseServiceGate service="gift-cards">
      <Stack gap="lg" maw={960}>
        <PageHeader title={t("purchases.titles.gift-cards")} text={t("purchases.giftCards.catalogueText")} />
        <GiftCardCatalogue
          userCountryId={countryId}
          userCountryIso={iso}
          brandPath={(id) => `${BASE}/brand/${id}`}
        />
      </Stack>
    </PurchaseServiceGate>
  );
};

/** `/account/gift-cards/brand/:id`: one card; "Buy" starts the flow at AMOUNT with it. */
export const GiftCardBrandRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("purchases.titles.gift-cards")} · Vela`);
  const navigate = useNavigate();
  const { id } = useParams();
  const productId = Number(id);
  const { iso } = useUserCountry();
  if (!Number.isInteger(productId) || productId <= 0) return <Navigate to={BASE} replace />;
  return (
    <PurchaseServiceGate service="gift-cards">
      <Stack gap="lg" maw={760}>
        <Title order={1} size="h2">
          {t("purchases.titles.gift-cards")}
        </Title>
        <GiftCardBrand
          productId={productId}
          userCountryIso={iso}
          cataloguePath={BASE}
          onBuy={(chosen) => {
            PURCHASE_FLOW_STORES["gift-cards"].getState().productChosen(chosen);
            usePaymentStore.getState().reset();
            navigate(purchaseStepPath("gift-cards", "AMOUNT"));
          }}
        />
      </Stack>
    </PurchaseServiceGate>
  );
};
