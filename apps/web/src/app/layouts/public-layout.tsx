import { useTranslation } from "react-i18next";
import { RouteOutlet } from "../routes/route-outlet";
import { PublicFooter } from "./public-footer";
import { PublicHeader } from "./public-header";
import { SandboxBanner } from "./sandbox-banner";

/** The marketing area: header with navigation, the page, and the footer. */
export const PublicLayout = () => {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main-content" className="skip-link">
        {t("common.skipToContent")}
      </a>
      <SandboxBanner />
      <PublicHeader />
      <main id="main-content" tabIndex={-1} style={{ outline: "none" }}>
        <RouteOutlet />
      </main>
      <PublicFooter />
    </>
  );
};
