import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Shown while the first route's code loads. */
export const PageLoader = () => {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-label={t("common.loading")}>
      {/* A bare span may not carry a label (axe: aria-prohibited-attr): the status names it. */}
      <Loader aria-hidden />
    </Center>
  );
};
