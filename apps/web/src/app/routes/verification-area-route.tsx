import { Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { KybArea } from "@/features/kyb/routes/kyb-area";
import { LevelsOverview } from "@/features/verification/components/levels-overview";
import { VerificationRoute } from "@/features/verification/routes/verification-route";

/** A business verifies the company and its owners (KYB); the levels and limits are the same. */
const BusinessVerification = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("kyb.title")} · Vela`);
  return (
    <Stack gap="lg" maw={960}>
      <KybArea />
      <LevelsOverview />
    </Stack>
  );
};

/**
 * `/account/verification`: a person's identity verification, or for a business account its
 * business verification (two features, composed here since features do not import each other).
 */
export const VerificationAreaRoute = () => {
  const role = useAuthStore((state) => state.type);
  return role === "business" ? <BusinessVerification /> : <VerificationRoute />;
};
