import { useDocumentTitle } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CtaSection } from "../components/cta-section";
import { HeroSection } from "../components/hero-section";
import { HowItWorksSection } from "../components/how-it-works-section";
import { ServicesSection } from "../components/services-section";
import { TrustSection } from "../components/trust-section";

type HomeRouteProps = {
  /**
   * The calculator in the hero's card. It belongs to the send-money feature, so the app's routes
   * compose it in (features never import each other).
   */
  calculator: ReactNode;
};

/** The public home page at `/`. */
export const HomeRoute = ({ calculator }: HomeRouteProps) => {
  const { t } = useTranslation();
  useDocumentTitle(t("home.documentTitle"));
  return (
    <>
      <HeroSection calculator={calculator} />
      <HowItWorksSection />
      <ServicesSection />
      <TrustSection />
      <CtaSection />
    </>
  );
};
