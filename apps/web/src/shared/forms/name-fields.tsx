import { TextInput } from "@mantine/core";
import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";

type NameValues = { first_name: string; last_name: string };

/**
 * First and last name. No layout of their own: a registration puts them side by side, the
 * profile places them in its grid of details.
 */
export const NameFields = () => {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<NameValues>();
  return (
    <>
      <TextInput
        label={t("auth.fields.firstName")}
        autoComplete="given-name"
        required
        error={errors.first_name?.message}
        {...register("first_name")}
      />
      <TextInput
        label={t("auth.fields.lastName")}
        autoComplete="family-name"
        required
        error={errors.last_name?.message}
        {...register("last_name")}
      />
    </>
  );
};
