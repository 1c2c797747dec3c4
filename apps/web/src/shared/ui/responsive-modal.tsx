import { Modal, type ModalProps } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

/** Whether the screen is a phone's, where a modal fills it. */
export const usePhoneScreen = () => useMediaQuery("(max-width: 36em)");

/**
 * The app's modal for a form or a choice: full screen on a phone, a rounded dialog elsewhere, the
 * title in bold and the close button named in the page's language.
 */
export const ResponsiveModal = (props: ModalProps) => {
  const { t } = useTranslation();
  const isPhone = usePhoneScreen();
  return (
    <Modal
      closeButtonProps={{ "aria-label": t("common.close") }}
      fullScreen={isPhone}
      radius={isPhone ? 0 : "lg"}
      padding="lg"
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
      {...props}
    />
  );
};
