import { useTranslation } from "react-i18next";
import { FormTextInput } from "./form-inputs";

/**
 * First and last name (`first_name`, `last_name`). No layout of their own: a registration puts
 * them side by side, the profile places them in its grid of details.
 */
export const NameFields = () => {
  const { t } = useTranslation();
  return (
    <>
      <FormTextInput
        name="first_name"
        label={t("auth.fields.firstName")}
        autoComplete="given-name"
        required
      />
      <FormTextInput name="last_name" label={t("auth.fields.lastName")} autoComplete="family-name" required />
    </>
  );
};
