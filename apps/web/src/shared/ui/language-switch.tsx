import { SegmentedControl, VisuallyHidden } from "@mantine/core";
import { LANGUAGES } from "@vela/shared/api";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { changeLanguage, isLanguage } from "@/shared/i18n/i18n";
import { useLanguage } from "@/shared/i18n/use-language";
import classes from "./language-switch.module.css";

type LanguageSwitchProps = {
  /** Dark backgrounds (the footer) need the inverted look. */
  variant?: "light" | "dark";
};

const sc = SegmentedControl.classes;

/**
 * English / Spanish switch. The choice is remembered and sets `<html lang>` (see i18n.ts).
 *
 * It is Mantine's SegmentedControl markup and stylesheet (a radio group of labelled radios)
 * without the component: SegmentedControl's sliding indicator measures its labels in an effect on
 * mount and on every resize (getBoundingClientRect, getComputedStyle), which forces a layout of the
 * whole page while the home page hydrates, once per switch (header and footer). Here the chosen
 * label paints its own background, as SegmentedControl does until it has mounted.
 */
export const LanguageSwitch = ({ variant = "light" }: LanguageSwitchProps) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={t("language.label")}
      className={`${sc.root} ${classes.root}${variant === "dark" ? ` ${classes.dark}` : ""}`}
    >
      {LANGUAGES.map((code) => {
        const id = `${name}-${code}`;
        const isActive = code === language;
        return (
          <div key={code} className={sc.control} data-active={isActive || undefined}>
            <input
              type="radio"
              className={sc.input}
              name={name}
              id={id}
              value={code}
              checked={isActive}
              data-focus-ring="auto"
              onChange={() => {
                if (isLanguage(code)) void changeLanguage(code);
              }}
            />
            <label
              htmlFor={id}
              className={`${sc.label} ${classes.label}`}
              data-active={isActive || undefined}
            >
              <span className={sc.innerLabel}>
                <span aria-hidden="true">{t(code === "en" ? "language.enShort" : "language.esShort")}</span>
                <VisuallyHidden>{t(code === "en" ? "language.en" : "language.es")}</VisuallyHidden>
              </span>
            </label>
          </div>
        );
      })}
    </div>
  );
};
