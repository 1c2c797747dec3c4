import { Alert, Button, Group, SimpleGrid } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { profileCompleteRequest } from "@vela/shared/auth";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { sessionHandlers } from "@/shared/api/auth-source";
import { notice, notifyApiError, notifySuccess } from "@/shared/api/notify";
import { CountryField } from "@/shared/forms/country-field";
import { FormTextInput } from "@/shared/forms/form-inputs";
import { formResolver } from "@/shared/forms/form-resolver";
import { FormStack } from "@/shared/forms/form-stack";

import { NameFields } from "@/shared/forms/name-fields";
import { setServerFieldErrors } from "@/shared/forms/server-field-errors";
import { PROFILE_QUERY_KEY, type Profile } from "../api/get-profile";
import { completeProfile, updateProfile } from "../api/update-profile";

const FIELDS = [
  "first_name",
  "last_name",
  "date_of_birth",
  "occupation",
  "country_id",
  "city",
  "address",
  "postal_code",
] as const;

const formValues = (profile: Profile) => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  date_of_birth: profile.date_of_birth ?? "",
  occupation: profile.occupation ?? "",
  country_id: profile.country_id,
  city: profile.city ?? "",
  address: profile.address ?? "",
  postal_code: profile.postal_code ?? "",
});

/**
 * The personal details. The form asks for every field (the contract's complete-profile rule): an
 * incomplete profile is completed in one go (POST); once complete, only the changed fields are
 * sent (PUT), so that nothing else is overwritten.
 */
export const ProfileForm = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const methods = useForm({
    resolver: formResolver(profileCompleteRequest),
    defaultValues: formValues(profile),
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting, dirtyFields },
  } = methods;

  const submit = handleSubmit(async (values) => {
    try {
      let saved: Profile;
      if (profile.profile_completed) {
        const changed = FIELDS.filter((field) => dirtyFields[field]);
        if (changed.length === 0) {
          notice(t("profile.nothingChanged"));
          return;
        }
        saved = await updateProfile(Object.fromEntries(changed.map((field) => [field, values[field]])));
      } else {
        saved = await completeProfile(values);
      }
      reset(formValues(saved));
      queryClient.setQueryData(PROFILE_QUERY_KEY, saved);
      notifySuccess(t("profile.saved"));
      // The name shows in the sidebar: let the session pick up the change.
      await sessionHandlers().reloadSession();
    } catch (error) {
      notifyApiError(error);
      setServerFieldErrors(error, FIELDS, setError);
    }
  });

  return (
    <FormStack methods={methods} onSubmit={submit} aria-label={t("profile.detailsTitle")}>
      {profile.profile_completed ? null : (
        <Alert color="vela" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t("profile.incomplete")}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NameFields />
        <FormTextInput
          name="date_of_birth"
          label={t("profile.fields.dateOfBirth")}
          type="date"
          autoComplete="bday"
          required
        />
        <FormTextInput
          name="occupation"
          label={t("profile.fields.occupation")}
          autoComplete="organization-title"
          required
        />
        <CountryField />
        <FormTextInput name="city" label={t("profile.fields.city")} autoComplete="address-level2" required />
        <FormTextInput
          name="address"
          label={t("profile.fields.address")}
          autoComplete="street-address"
          required
        />
        <FormTextInput
          name="postal_code"
          label={t("profile.fields.postalCode")}
          autoComplete="postal-code"
          required
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button type="submit" loading={isSubmitting}>
          {profile.profile_completed ? t("profile.save") : t("profile.complete")}
        </Button>
      </Group>
    </FormStack>
  );
};
