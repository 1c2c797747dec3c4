import { SegmentedControl, VisuallyHidden } from "@mantine/core";
import { LANGUAGES } from "@vela/shared/api";
import { useTranslation } from "react-i18next";
import { changeLanguage, isLanguage } from "@/shared/i18n/i18n";
import { useLanguage } from "@/shared/i18n/use-language";

type LanguageSwitchProps = {
  /** Dark backgrounds (the footer) need the inverted look. */
  variant?: "light" | "dark";
};

/** English / Spanish switch. The choice is remembered and sets `<html lang>` (see i18n.ts). */
export const LanguageSwitch = ({ variant = "light" }: LanguageSwitchProps) => {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      aria-label={t("language.label")}
      value={language}
      onChange={(value) => {
        if (isLanguage(value)) void changeLanguage(value);
      }}
      data={LANGUAGES.map((code) => ({
        value: code,
        label: (
          <>
            <span aria-hidden="true">{t(code === "en" ? "language.enShort" : "language.esShort")}</span>
            <VisuallyHidden>{t(code === "en" ? "language.en" : "language.es")}</VisuallyHidden>
          </>
        ),
      }))}
      styles={
        variant === "dark"
          ? {
              root: { backgroundColor: "rgba(255, 255, 255, 0.08)" },
              label: { color: "var(--mantine-color-ink-1)" },
              indicator: { backgroundColor: "rgba(255, 255, 255, 0.16)" },
            }
          : undefined
      }
    />
  );
};
