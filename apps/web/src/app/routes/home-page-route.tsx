import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { HomeRoute } from "@/features/home/routes/home-route";
import { PreparedAmountStep } from "@/features/send-money/components/prepared-amount-step";
import { sendMoneySearch } from "@/features/send-money/utils/send-money-search";

/**
 * `/`: the home page with the send-money flow's AMOUNT step as its calculator. The two features
 * meet here, at the app level, so neither imports the other. "Get started" opens the account's
 * send-money flow with the priced selection in the address (corridor, method and amount), so a
 * reload or a shared link prices the same transfer; signed out, the account's guard asks to log in
 * or sign up first and comes back to that address.
 */
export const HomePageRoute = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <HomeRoute
      calculator={
        <PreparedAmountStep
          continueLabel={t("home.card.submit")}
          onContinue={(selection) => navigate(`/account/send-money/amount?${sendMoneySearch(selection)}`)}
        />
      }
    />
  );
};
