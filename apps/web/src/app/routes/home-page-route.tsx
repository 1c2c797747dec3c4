import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { HomeRoute } from "@/features/home/routes/home-route";
import { PreparedAmountStep } from "@/features/send-money/components/prepared-amount-step";
import { sendMoneySearch } from "@/features/send-money/utils/send-money-search";

/**
 * `/`: the home page with the send-money flow's AMOUNT step as its calculator. The two features
 * meet here, at the app level, so neither imports the other. "Get started" opens the flow with the
 * priced selection in the address, so a reload or a shared link prices the same transfer.
 */
export const HomePageRoute = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <HomeRoute
      calculator={
        <PreparedAmountStep
          continueLabel={t("home.card.submit")}
          onContinue={(selection) => navigate(`/send-money?${sendMoneySearch(selection)}`)}
        />
      }
    />
  );
};
